import { Decimal } from '../../domain/decimal';
import type { FiatRate } from '../../domain/fiat';
import { DEFAULT_FIAT } from '../../domain/fiat';
import { DEFAULT_LANG, type Lang } from '../../domain/i18n';
import type { KlinePeriod } from '../../domain/market/periods';
import type { SortKey } from '../../domain/market/ranking';
import { BOOK_GROUPS, DEPTH_LEVELS, TRADES_KEPT, type DepthBook, type Kline, type Ticker, type Trade } from '../../domain/market/types';
import { buildTickerView, quoteWorth, type TickerView } from '../../domain/market/views';
import { parseTopic, type TopicMessage, type TopicSnapshot } from '../../domain/protocol';
import { changedFields, heldFor, type Slice, type SliceHooks } from '../slice';
import { applyDepthDelta, buildBookView, createBook, readBook, type BookView, type LiveBook } from './orderBook';
import type { PaintSource } from './paint/PaintHost';
import type { MidPrice } from './paint/painters';
import { changedRankings, rankMovers } from './rankings';
import { buildTradeViews, type TradeView } from './tape';

/** Kline changes of one topic since the last snapshot, oldest first. */
export interface KlineChange {
  symbol: string;
  period: KlinePeriod;
  bars: Kline[];
}

/** Which way a ticker's last price moved the last time it changed. */
export type PriceMove = 'up' | 'down' | 'none';

/**
 * A ticker's view with its last price move: `moveSeq` counts the price changes the UI has been
 * sent, so a row can flash once per change (keyed on the count) without comparing decimals.
 */
export interface LiveTickerView extends TickerView {
  /** Direction of the latest price change; kept while the price stays put. */
  move: PriceMove;
  /** Number of price changes since the ticker was first seen. */
  moveSeq: number;
}

/** A ticker's change on the wire: the whole view when new, else `symbol` and the changed fields. */
export type TickerPatch = Partial<LiveTickerView> & Pick<LiveTickerView, 'symbol'>;

/** Symbols by each sort column, ascending (see `domain/market/ranking.ts`). */
export type Rankings = Record<SortKey, string[]>;

/** The market's changes since the last snapshot: only the parts that changed, as plain data the UI holds by reference. */
export interface MarketChanges {
  /**
   * Changed tickers by symbol: a ticker's whole view the first time, then its `symbol` and the
   * fields that changed (`changedFields`), which the UI merges into the view it holds.
   */
  tickers?: Record<string, TickerPatch>;
  /** Order book views (grouped, 20 rows a side, display-ready) of changed books, by symbol. */
  depth?: Record<string, BookView>;
  /** Recent trades of changed symbols, newest first, display-ready. */
  trades?: Record<string, TradeView[]>;
  /** Changed bars per kline topic. */
  klines?: Record<string, KlineChange>;
  /** Symbol rankings, recomputed when tickers change (at most once a second). */
  movers?: Movers;
  /**
   * Orderings of the market list that changed, recomputed with the movers (at most once a
   * second), so a sorted list reshuffles at that pace however fast ticks arrive.
   */
  rankings?: Partial<Rankings>;
  /**
   * Best bid, best ask, spread and last trade of books and tapes the worker draws itself
   * (`PaintHost`), for the screen reader's live region: at most once a second.
   */
  glance?: Record<string, BookGlance>;
}

/**
 * A drawn book's headline figures, written for a screen reader, and its groupings (the UI offers
 * them beside the canvas; snapshots carry no rows of a drawn book).
 */
export interface BookGlance {
  /** The grouping drawn, as a multiple of the book's step. */
  group: number;
  /** The price of each grouping offered, written (`["0.50", "5.00", "50.00"]`). */
  groupTexts: string[];
  bidText: string;
  askText: string;
  spreadText: string;
  /** The last trade's price, or `""` before one. */
  lastText: string;
}

/** The live region's figures change at most this often. */
const GLANCE_EVERY_MS = 1000;

/** Symbols ranked for the home page's top movers. */
export interface Movers {
  gainers: string[];
  losers: string[];
  turnover: string[];
}

const MOVERS_EVERY_MS = 1000;
/**
 * A ticker the UI does not show (outside the focus, see `setFocus`) has its view rebuilt at
 * most about this often; the work is spread over the snapshots in between, oldest change first.
 */
const OFF_FOCUS_MS = 1000;
/** Off-focus views built per snapshot at least, so a short backlog drains at once. */
const OFF_FOCUS_MIN = 4;
/**
 * Off-focus changes alone ask for a snapshot at most this often; in between they ride on the
 * snapshots that go anyway. Without it every feed message of a pair off screen made a snapshot at
 * the next frame: the contract page got ~60 a second from a 10 Hz market (one per message), each
 * a main-thread task, for four views of pairs it does not show.
 */
const OFF_FOCUS_ALONE_MS = 250;

/**
 * The worker's in-memory market: tickers, books, trades and bars, with what changed since the
 * last snapshot. Views (decimal math, formatting) are built once per snapshot, not per tick.
 */
export class MarketSlice implements Slice<MarketChanges>, PaintSource {
  private fiat: FiatRate = DEFAULT_FIAT;
  private lang: Lang = DEFAULT_LANG;
  private readonly tickers = new Map<string, Ticker>();
  private readonly books = new Map<string, LiveBook>();
  private readonly trades = new Map<string, Trade[]>();
  /** The grouping chosen per symbol (a multiple of the book's step); × 1 when unset. */
  private readonly groups = new Map<string, number>();
  /** The last view sent per symbol, to tell which way the next price moved. */
  private readonly sent = new Map<string, LiveTickerView>();
  /** The last rankings sent, joined, to send only the ones that changed. */
  private readonly sentRankings = new Map<SortKey, string>();
  private dirtyTickers = new Set<string>();
  private dirtyBooks = new Set<string>();
  private dirtyTrades = new Set<string>();
  private klines = new Map<string, KlineChange>();
  private moversAt = -Infinity;
  /** The symbols the UI shows now (`setFocus`); null until it says, and then every ticker counts. */
  private focus: ReadonlySet<string> | null = null;
  private lastTakeAt: number | null = null;
  /** Symbols whose book / tape the worker draws (`PaintHost`), counted per canvas: snapshots leave them out. */
  private readonly paintedBooks = new Map<string, number>();
  private readonly paintedTapes = new Map<string, number>();
  /** Changes counted per symbol's book and tape, for the painter to tell what changed. */
  private readonly bookVersions = new Map<string, number>();
  private readonly tapeVersions = new Map<string, number>();
  /** The painter's book views by symbol, then by rows a side, with the version they were built at. */
  private readonly bookCache = new Map<string, Map<number, { version: number; view: BookView }>>();
  private readonly tapeCache = new Map<string, { version: number; list: TradeView[] }>();
  private readonly midCache = new Map<string, { ticker: Ticker; lang: Lang; fiat: FiatRate; mid: MidPrice }>();
  /** Drawn symbols whose live-region figures changed since they were last sent. */
  private glancePending = new Set<string>();
  private glanceAt = -Infinity;

  /** `now`: the clock of `take`'s `nowMs` (wall time in the worker), for `isDirty`'s pacing of off-focus changes. */
  constructor(private readonly now: () => number = Date.now) {}

  readonly hooks: SliceHooks = {
    applySnapshot: (snap) => this.applySnapshot(snap),
    applyMessage: (msg) => this.applyMessage(msg),
    drop: (topic) => this.drop(topic),
    setLang: (lang) => this.setLang(lang),
  };

  /** Sets the display currency of the fiat lines; every ticker's view is rebuilt. */
  setFiat(fiat: FiatRate): void {
    this.fiat = fiat;
    for (const symbol of this.tickers.keys()) this.dirtyTickers.add(symbol);
  }

  /** The interface language the views' texts are written in. */
  language(): Lang {
    return this.lang;
  }

  /** Sets the interface language the views' texts are written in; every ticker's view is rebuilt. */
  setLang(lang: Lang): void {
    if (lang === this.lang) return;
    this.lang = lang;
    for (const symbol of this.tickers.keys()) this.dirtyTickers.add(symbol);
    for (const symbol of this.books.keys()) this.bookChanged(symbol);
    for (const symbol of this.trades.keys()) this.tapeChanged(symbol);
  }

  /** Sets the price grouping of a symbol's book (one of `BOOK_GROUPS`); its view is rebuilt. */
  setBookGrouping(symbol: string, group: number): void {
    if (!(BOOK_GROUPS as readonly number[]).includes(group)) return;
    this.groups.set(symbol, group);
    if (this.books.has(symbol)) this.bookChanged(symbol);
  }

  /**
   * The symbols whose tickers the UI shows now (rows on screen, headline cards, the pair on a
   * trading screen). Their views are built in every snapshot they changed in; any other ticker's
   * at most about once a second (`OFF_FOCUS_MS`), so the snapshot's cost and size follow what is
   * on screen, not the size of the market. A symbol with a watched book or tape, or never sent
   * yet, always counts as shown.
   */
  setFocus(symbols: readonly string[]): void {
    this.focus = new Set(symbols);
  }

  /** The last ticker of `symbol` the feed delivered (its raw decimal strings), or undefined before one arrived. */
  tickerOf(symbol: string): Ticker | undefined {
    return this.tickers.get(symbol);
  }

  /** The whole book of a watched symbol as sorted levels (the spot preview walks it), or undefined when not watched. */
  bookOf(symbol: string): DepthBook | undefined {
    const book = this.books.get(symbol);
    return book ? readBook(book) : undefined;
  }

  /** Replaces a topic's state with a snapshot. */
  applySnapshot(snap: TopicSnapshot): void {
    const parsed = parseTopic(snap.topic);
    if (!parsed) return;
    switch (snap.kind) {
      case 'quotes':
        for (const t of snap.data) this.setTicker(t);
        break;
      case 'depth':
        if (parsed.kind !== 'depth') return;
        this.books.set(parsed.symbol, createBook(snap.data));
        this.bookChanged(parsed.symbol);
        break;
      case 'trades':
        if (parsed.kind !== 'trades') return;
        this.trades.set(parsed.symbol, snap.data.slice(0, TRADES_KEPT));
        this.tapeChanged(parsed.symbol);
        break;
      case 'kline':
        if (parsed.kind !== 'kline') return;
        this.addBars(snap.topic, parsed.symbol, parsed.period, snap.data);
        break;
    }
  }

  /** Applies one live message (its sequence number already checked). */
  applyMessage(msg: TopicMessage): void {
    const parsed = parseTopic(msg.topic);
    if (!parsed) return;
    switch (msg.kind) {
      case 'quotes':
        for (const t of msg.data) this.setTicker(t);
        break;
      case 'depth': {
        if (parsed.kind !== 'depth') return;
        const book = this.books.get(parsed.symbol);
        if (!book) return;
        applyDepthDelta(book, msg.data);
        this.bookChanged(parsed.symbol);
        break;
      }
      case 'trades': {
        if (parsed.kind !== 'trades') return;
        const recent = this.trades.get(parsed.symbol) ?? [];
        this.trades.set(parsed.symbol, [...msg.data].reverse().concat(recent).slice(0, TRADES_KEPT));
        this.tapeChanged(parsed.symbol);
        break;
      }
      case 'kline':
        if (parsed.kind !== 'kline') return;
        this.addBars(msg.topic, parsed.symbol, parsed.period, msg.data);
        break;
    }
  }

  /** Drops a topic's state when nobody watches it any more. */
  drop(topic: string): void {
    const parsed = parseTopic(topic);
    if (parsed?.kind === 'depth') {
      this.books.delete(parsed.symbol);
      this.bookCache.delete(parsed.symbol);
      this.bookChanged(parsed.symbol);
    }
    if (parsed?.kind === 'trades') {
      this.trades.delete(parsed.symbol);
      this.tapeCache.delete(parsed.symbol);
      this.tapeChanged(parsed.symbol);
    }
  }

  /** A book changed: the painter sees a new version; a snapshot carries it unless it is drawn here. */
  private bookChanged(symbol: string): void {
    this.bookVersions.set(symbol, (this.bookVersions.get(symbol) ?? 0) + 1);
    if (this.paintedBooks.has(symbol)) this.glancePending.add(symbol);
    else if (this.books.has(symbol)) this.dirtyBooks.add(symbol);
  }

  private tapeChanged(symbol: string): void {
    this.tapeVersions.set(symbol, (this.tapeVersions.get(symbol) ?? 0) + 1);
    if (this.paintedTapes.has(symbol)) this.glancePending.add(symbol);
    else if (this.trades.has(symbol)) this.dirtyTrades.add(symbol);
  }

  // The painter's side (`PaintSource`): the same views the snapshots carry, built when asked
  // and only once per change.

  setPainted(symbol: string, kind: 'book' | 'tape', on: boolean): void {
    const counts = kind === 'book' ? this.paintedBooks : this.paintedTapes;
    const n = (counts.get(symbol) ?? 0) + (on ? 1 : -1);
    if (n > 0) counts.set(symbol, n);
    else {
      counts.delete(symbol);
      // Drawn by the DOM again: the next snapshot carries it whole.
      if (kind === 'book') this.bookChanged(symbol);
      else this.tapeChanged(symbol);
    }
    if (on) {
      // Drawn here from now on: a change waiting for the next snapshot stays in the worker.
      (kind === 'book' ? this.dirtyBooks : this.dirtyTrades).delete(symbol);
      this.glancePending.add(symbol);
    }
  }

  bookVersion(symbol: string): number {
    return this.bookVersions.get(symbol) ?? 0;
  }

  paintedBook(symbol: string, rows: number): BookView | undefined {
    const version = this.bookVersion(symbol);
    let byRows = this.bookCache.get(symbol);
    const cached = byRows?.get(rows);
    if (cached && cached.version === version) return cached.view;
    const view = this.bookView(symbol, rows);
    if (view) {
      if (!byRows) this.bookCache.set(symbol, (byRows = new Map()));
      byRows.set(rows, { version, view });
    }
    return view;
  }

  tapeVersion(symbol: string): number {
    return this.tapeVersions.get(symbol) ?? 0;
  }

  paintedTape(symbol: string): readonly TradeView[] {
    const version = this.tapeVersion(symbol);
    const cached = this.tapeCache.get(symbol);
    if (cached && cached.version === version) return cached.list;
    const list = buildTradeViews(this.trades.get(symbol) ?? [], this.lang);
    this.tapeCache.set(symbol, { version, list });
    return list;
  }

  midPrice(symbol: string): MidPrice | undefined {
    const ticker = this.tickers.get(symbol);
    if (!ticker) return undefined;
    const cached = this.midCache.get(symbol);
    if (cached && cached.ticker === ticker && cached.lang === this.lang && cached.fiat === this.fiat) return cached.mid;
    const view = buildTickerView(
      ticker,
      this.fiat,
      this.lang,
      quoteWorth(ticker.quote, (s) => this.tickers.get(s)?.price),
    );
    const previous = cached?.ticker.price;
    const cmp = previous !== undefined && previous !== ticker.price ? new Decimal(ticker.price).cmp(previous) : 0;
    const mid: MidPrice = {
      priceText: view.priceText,
      fiatText: view.fiatText,
      move: cmp > 0 ? 'up' : cmp < 0 ? 'down' : (cached?.mid.move ?? 'none'),
    };
    this.midCache.set(symbol, { ticker, lang: this.lang, fiat: this.fiat, mid });
    return mid;
  }

  /** A book grouped and written for display, `rows` a side. */
  private bookView(symbol: string, rows: number): BookView | undefined {
    const book = this.books.get(symbol);
    if (!book) return undefined;
    return buildBookView(book, {
      group: this.groups.get(symbol) ?? 1,
      groups: BOOK_GROUPS,
      rows,
      priceDecimals: this.tickers.get(symbol)?.price_decimals,
      lang: this.lang,
    });
  }

  /** The live-region figures of a drawn symbol. */
  private glanceOf(symbol: string): BookGlance {
    const top = this.bookView(symbol, 1);
    const last = this.trades.get(symbol)?.[0];
    return {
      group: this.groups.get(symbol) ?? 1,
      groupTexts: top?.groupTexts ?? [],
      bidText: top?.bids[0]?.priceText ?? '',
      askText: top?.asks[0]?.priceText ?? '',
      spreadText: top?.spreadText ?? '',
      lastText: last ? buildTradeViews([last], this.lang)[0]!.priceText : '',
    };
  }

  /**
   * True when a snapshot should go: something on screen changed (a shown ticker, a book, a tape,
   * a bar), or tickers off screen changed and none went for `OFF_FOCUS_ALONE_MS`.
   */
  get isDirty(): boolean {
    // A pending glance does not count: it rides on the next snapshot a second or more after the
    // last one, and the drawn pair's ticker changes with its book, so that snapshot comes.
    if (this.dirtyBooks.size > 0 || this.dirtyTrades.size > 0 || this.klines.size > 0) return true;
    if (this.dirtyTickers.size === 0) return false;
    if (this.dueInMs === 0) return true;
    for (const symbol of this.dirtyTickers) if (this.shown(symbol)) return true;
    return false;
  }

  /** How long until off-focus changes alone ask for a snapshot (0: now); null when none wait. */
  get dueInMs(): number | null {
    if (this.dirtyTickers.size === 0) return null;
    return heldFor(this.lastTakeAt, OFF_FOCUS_ALONE_MS, this.now());
  }

  /** Builds the views of what changed and clears the change marks; `nowMs` paces the movers ranking. */
  take(nowMs: number): MarketChanges {
    const snap: MarketChanges = {};
    if (this.dirtyTickers.size) {
      snap.tickers = {};
      const lookup = (symbol: string) => this.tickers.get(symbol)?.price;
      // Off-focus views share a budget sized so each is rebuilt about once per OFF_FOCUS_MS;
      // the ones left wait in `dirtyTickers`, oldest change first.
      const elapsed = this.lastTakeAt === null ? OFF_FOCUS_MS : Math.min(OFF_FOCUS_MS, Math.max(0, nowMs - this.lastTakeAt));
      let budget = Math.max(OFF_FOCUS_MIN, Math.ceil((this.tickers.size * elapsed) / OFF_FOCUS_MS));
      const later = new Set<string>();
      for (const symbol of this.dirtyTickers) {
        if (!(this.shown(symbol) || budget-- > 0)) {
          later.add(symbol);
          continue;
        }
        const patch = this.buildView(this.tickers.get(symbol)!, lookup);
        if (patch) snap.tickers[symbol] = patch;
      }
      this.dirtyTickers = later;
      // Rankings change slowly and cost a sort: once a second is enough for the home page and
      // keeps a sorted market list from reshuffling on every tick.
      if (nowMs - this.moversAt >= MOVERS_EVERY_MS) {
        snap.movers = rankMovers(this.tickers.values());
        const rankings = changedRankings(this.tickers.values(), this.sentRankings);
        if (rankings) snap.rankings = rankings;
        this.moversAt = nowMs;
      }
    }
    if (this.dirtyBooks.size) {
      snap.depth = {};
      for (const symbol of this.dirtyBooks) {
        const view = this.bookView(symbol, DEPTH_LEVELS);
        if (view) snap.depth[symbol] = view;
      }
    }
    if (this.glancePending.size && nowMs - this.glanceAt >= GLANCE_EVERY_MS) {
      snap.glance = {};
      for (const symbol of this.glancePending) snap.glance[symbol] = this.glanceOf(symbol);
      this.glancePending = new Set();
      this.glanceAt = nowMs;
    }
    if (this.dirtyTrades.size) {
      snap.trades = {};
      for (const symbol of this.dirtyTrades) snap.trades[symbol] = buildTradeViews(this.trades.get(symbol) ?? [], this.lang);
    }
    if (this.klines.size) snap.klines = Object.fromEntries(this.klines);
    this.lastTakeAt = nowMs;
    this.dirtyBooks = new Set();
    this.dirtyTrades = new Set();
    this.klines = new Map();
    return snap;
  }

  /** Whether the UI shows `symbol` now, or has never been sent it (see `setFocus`). */
  private shown(symbol: string): boolean {
    return this.focus === null || this.focus.has(symbol) || this.books.has(symbol) || this.trades.has(symbol) || !this.sent.has(symbol);
  }

  /** The ticker's view, with the direction of its price move since the last view sent, as a patch of that view (null: nothing moved). */
  private buildView(t: Ticker, lookup: (symbol: string) => string | undefined): TickerPatch | null {
    const previous = this.sent.get(t.symbol);
    const cmp = previous && previous.price !== t.price ? new Decimal(t.price).cmp(previous.price) : 0;
    const view: LiveTickerView = {
      ...buildTickerView(t, this.fiat, this.lang, quoteWorth(t.quote, lookup)),
      move: cmp > 0 ? 'up' : cmp < 0 ? 'down' : (previous?.move ?? 'none'),
      moveSeq: (previous?.moveSeq ?? 0) + (cmp === 0 ? 0 : 1),
    };
    this.sent.set(t.symbol, view);
    return previous ? changedFields(previous, view, 'symbol') : view;
  }

  private setTicker(t: Ticker): void {
    this.tickers.set(t.symbol, t);
    this.dirtyTickers.add(t.symbol);
  }

  /** Keeps the latest state of each changed bar (by start time) until the next snapshot. */
  private addBars(topic: string, symbol: string, period: KlinePeriod, bars: Kline[]): void {
    const change = this.klines.get(topic) ?? { symbol, period, bars: [] };
    for (const bar of bars) {
      const last = change.bars.at(-1);
      if (last && last.t === bar.t) change.bars[change.bars.length - 1] = bar;
      else if (!last || bar.t > last.t) change.bars.push(bar);
    }
    this.klines.set(topic, change);
  }
}
