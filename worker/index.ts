/**
 * The dedicated worker: owns the only socket, keeps the state of each area in its slice, does
 * the decimal math, and hands the UI at most one snapshot per animation frame holding only what
 * changed. The comlink API is namespaced by area (`api.connection…`, `api.market…`,
 * `api.funds…`, `api.futures…`); a new area adds a slice and a namespace.
 */
import { expose, proxy } from 'comlink';
import type { FiatRate } from '../domain/fiat';
import type { Lang } from '../domain/i18n';
import type { PublicTopic } from '../domain/protocol';
import type { FeedStatus } from './connection/ConnectionSlice';
import { Feed } from './feed/Feed';
import { checkAmount, previewArrival, previewExchange } from './funds/previews';
import { futuresApi } from './futures/api';
import { lockmingApi } from './lockming/api';
import { spotApi } from './spot/api';
import { createWorkerState, type WorkerSnapshot } from './state';

export type { PrivateView } from './account/AccountSlice';
export type { FeedStatus } from './connection/ConnectionSlice';
export type { AmountProblem, ExchangePreview } from './funds/previews';
export type {
  FuturesAccountView,
  FuturesOrderView,
  FuturesPositionPatch,
  FuturesPositionView,
  FuturesView,
  RiskLevel,
} from './futures/FuturesSlice';
export type { FuturesPreview, PreviewFigures, PreviewInput, PreviewProblem } from './futures/preview';
export type { LockmingPreview, LockmingPreviewInput, LockmingProblem } from './lockming/preview';
export type { SpotFigures, SpotPreview, SpotPreviewInput, SpotProblem } from './spot/preview';
export type { OptionView, OptionsView } from './options/OptionsSlice';
export type { KlineChange, LiveTickerView, Movers, PriceMove, Rankings, TickerPatch } from './market/MarketSlice';
export type { BookRowView, BookView } from './market/orderBook';
export type { TradeView } from './market/tape';

export type { WorkerSnapshot } from './state';

const state = createWorkerState();
/** The UI's end of the snapshot channel: snapshots go out on it, and the UI answers each once drawn. */
let snapshotPort: MessagePort | null = null;
let feed: Feed | null = null;
let intervalMs = 0;
let scheduled = false;
/** When the last snapshot was posted (`performance.now()`), to pace the next. */
let lastFlushAt = -Infinity;

/** A snapshot was posted and the UI has not yet said it was drawn (see `onSnapshot`). */
let awaitingDraw = false;
/** If the UI stays silent this long (a hidden tab runs no frames), the next snapshot goes anyway. */
const DRAW_WAIT_MAX_MS = 2000;
let drawWait: ReturnType<typeof setTimeout> | undefined;

/** Before this (`performance.now()`) no snapshot goes: the main thread's share of idle time. */
let restUntil = 0;
/** The longest rest asked of the feed after one snapshot, however slow the UI said it was. */
const REST_MAX_MS = 500;
/**
 * The main thread's rest after a snapshot, per ms the snapshot cost it: 1.5 keeps snapshots to
 * about 40% of it (the cost the UI reports misses some work, such as the chart's own frames).
 */
const REST_PER_COST = 1.5;

/**
 * The UI drew the last snapshot and says what it cost its main thread (or took too long to say
 * so): the next may go once the main thread has had `REST_PER_COST` times as long for everything
 * else, so snapshots never take most of it (bench/ live-screen at 4× CPU).
 */
function drawn(costMs = 0): void {
  clearTimeout(drawWait);
  awaitingDraw = false;
  restUntil = performance.now() + Math.min(REST_MAX_MS, Math.max(0, costMs * REST_PER_COST));
  if (state.isDirty) schedule();
}

/** Sends the pending changes, if any, to the UI. */
function flush(): void {
  scheduled = false;
  if (!snapshotPort || !state.isDirty || awaitingDraw) return;
  lastFlushAt = performance.now();
  const snapshot: WorkerSnapshot = state.take();
  snapshotPort.postMessage(snapshot);
  awaitingDraw = true;
  drawWait = setTimeout(drawn, DRAW_WAIT_MAX_MS);
}

/**
 * At most one snapshot per frame (or per `intervalMs` when set), however many ticks arrive, and
 * never a second before the UI drew the first: a phone that takes longer than the interval to
 * render gets snapshots at the pace it draws them, each holding everything since, instead of a
 * queue that grows. The interval paces from the last snapshot, leading edge first: a change
 * after a quiet spell goes out at once, and under a steady feed each batch goes as soon as the
 * interval since the previous snapshot has passed, not a whole interval after it arrived
 * (bench/ latency).
 */
function schedule(): void {
  if (scheduled || awaitingDraw) return;
  scheduled = true;
  if (intervalMs > 0) setTimeout(flush, Math.max(0, lastFlushAt + intervalMs - performance.now(), restUntil - performance.now()));
  else if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
  else setTimeout(flush, 16);
}

/**
 * The API, namespaced by area. Each namespace is marked with comlink's `proxy()` so its type
 * on the UI side is a remote object whose methods are called through their path
 * (`worker.market.subscribe(…)` runs `api.market.subscribe` here).
 */
const api = {
  connection: proxy({
    /**
     * Connects to the server at `origin` (idempotent). `snapshotIntervalMs` caps the snapshot
     * rate below the frame rate, e.g. for slow phones; 0 means once per animation frame.
     */
    connect(origin: string, snapshotIntervalMs = 0): void {
      intervalMs = snapshotIntervalMs;
      if (feed) return;
      feed = new Feed(origin, state.feedHandlers(schedule));
      feed.connect();
    },

    /**
     * Takes the port snapshots are posted on (transferred with comlink's `transfer`). A plain
     * `postMessage` per snapshot and no reply: a comlink callback would answer every call with
     * a message back to the worker (bench/ trade-screen).
     */
    onSnapshot(port: MessagePort): void {
      snapshotPort?.close();
      snapshotPort = port;
      // The UI answers each snapshot on the same port once a frame shows it, with its cost in ms.
      port.onmessage = (e: MessageEvent<unknown>) => drawn(typeof e.data === 'number' ? e.data : 0);
      awaitingDraw = false;
      schedule();
    },

    /** Joins the private channel with this session token, or leaves it with null. */
    setToken(token: string | null): Promise<boolean> {
      return feed ? feed.setToken(token) : Promise.resolve(false);
    },

    getStatus(): FeedStatus {
      return feed?.getStatus() ?? 'connecting';
    },
  }),

  market: proxy({
    /** Watches public topics (ref-counted: each call needs a matching `unsubscribe`). */
    subscribe(topics: PublicTopic[]): void {
      feed?.subscribe(topics);
    },

    unsubscribe(topics: PublicTopic[]): void {
      feed?.unsubscribe(topics);
    },

    /**
     * The symbols whose tickers the UI shows now (rows on screen, cards, the screen's pair):
     * their views come in every snapshot, any other ticker's about once a second.
     */
    setFocus(symbols: string[]): void {
      state.market.setFocus(symbols);
      schedule();
    },

    /** Sets the display currency used for converted prices. */
    setFiat(fiat: FiatRate): void {
      state.market.setFiat(fiat);
      schedule();
    },

    /** Sets a book's price grouping (a multiple of its step: 1, 10 or 100); the next snapshot carries the regrouped view. */
    setBookGrouping(symbol: string, group: number): void {
      state.market.setBookGrouping(symbol, group);
      schedule();
    },

    /** Sets the interface language the market's texts (prices, changes, turnover) are written in. */
    setLang(lang: Lang): void {
      state.market.setLang(lang);
      state.futures.setLang(lang);
      state.options.setLang(lang);
      schedule();
    },
  }),

  funds: proxy({ previewExchange, previewArrival, checkAmount }),

  futures: proxy(futuresApi(state.futures, schedule)),

  spot: proxy(spotApi(state.market, state.account, () => state.market.language())),

  lockming: proxy(lockmingApi(() => state.market.language())),
};

export type WorkerApi = typeof api;

expose(api);
