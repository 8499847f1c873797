/**
 * The dedicated worker: owns the only socket, keeps the state of each area in its slice, does
 * the decimal math, and hands the UI at most one snapshot per animation frame holding only what
 * changed. The comlink API is namespaced by area (`api.connection…`, `api.market…`,
 * `api.futures…`, one per product area); a new area with an API adds one namespace line below,
 * a new live area its slice in `areas.ts`.
 */
import { expose, proxy } from 'comlink';
import type { FiatRate } from '../domain/fiat';
import type { Lang } from '../domain/i18n';
import type { PublicTopic } from '../domain/protocol';
import type { FeedStatus } from './connection/ConnectionSlice';
import { SnapshotPacer } from './connection/SnapshotPacer';
import { Feed } from './feed/Feed';
import { checkAmount, previewArrival, previewExchange } from './funds/previews';
import { futuresApi } from './futures/api';
import { ieoApi } from './ieo/api';
import { lockmingApi } from './lockming/api';
import { investApi } from './invest/api';
import { copytradeApi } from './copytrade/api';
import { nftApi } from './nft/api';
import { gameApi } from './game/api';
import { chatApi } from './chat/api';
import { otcApi } from './otc/api';
import { loansApi } from './loans/api';
import { alertsApi } from './alerts/api';
import { spotApi } from './spot/api';
import { paintApi } from './market/paint/api';
import { PaintHost } from './market/paint/PaintHost';
import { createWorkerState } from './state';

const state = createWorkerState();
const pacer = new SnapshotPacer(state);
/** Draws the canvases the UI hands over (book, depth, tape) in the worker's own frames. */
const painter = new PaintHost(state.market);
/** Something changed: a snapshot goes when the pace allows, and the drawn canvases look in the next frame. */
const schedule = (): void => {
  pacer.schedule();
  painter.wake();
};
let feed: Feed | null = null;
/** The server `connect` was given: the chat room reads its history pages there. */
let serverOrigin: string | null = null;

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
      pacer.setInterval(snapshotIntervalMs);
      if (feed) return;
      serverOrigin = origin;
      feed = new Feed(origin, state.feedHandlers(schedule));
      feed.connect();
    },

    /**
     * Takes the port snapshots are posted on (transferred with comlink's `transfer`): a plain
     * `postMessage` per snapshot, paced by `SnapshotPacer` (a comlink callback would add a reply
     * per call and a proxy).
     */
    onSnapshot(port: MessagePort): void {
      pacer.attach(port);
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

    ...paintApi(painter),

    /** Sets a book's price grouping (a multiple of its step: 1, 10 or 100); the next snapshot carries the regrouped view. */
    setBookGrouping(symbol: string, group: number): void {
      state.market.setBookGrouping(symbol, group);
      schedule();
    },

    /** Sets the interface language the live texts (prices, changes, turnover, P&L) are written in, in every slice. */
    setLang(lang: Lang): void {
      state.setLang(lang);
      schedule();
    },
  }),

  funds: proxy({ previewExchange, previewArrival, checkAmount }),
  futures: proxy(futuresApi(state.futures, schedule)),
  spot: proxy(spotApi(state.market, state.account, () => state.market.language())),
  lockming: proxy(lockmingApi(() => state.market.language())),
  ieo: proxy(ieoApi(() => state.market.language())),
  invest: proxy(investApi(() => state.market.language())),
  copytrade: proxy(copytradeApi(() => state.market.language())),
  nft: proxy(nftApi(() => state.market.language())),
  otc: proxy(otcApi(() => state.market.language())),
  loans: proxy(loansApi(state.loans, schedule)),
  game: proxy(gameApi()),
  alerts: proxy(alertsApi(state.market)),
  chat: proxy(chatApi({ slice: state.chat, schedule, feed: () => feed, origin: () => serverOrigin })),
};

export type WorkerApi = typeof api;

expose(api);
