import type { KlinePeriod } from '../../domain/market/periods';
import type { DepthBook, Kline, MarketPair, Ticker, Trade } from '../../domain/market/types';
import type { Currency } from '../../domain/market/types';
import type { Queryable } from '../db/db';

/** What changed in one tick of the market, for the realtime layer to publish. */
export interface MarketTick {
  /** Tickers of pairs that traded. */
  tickers: Ticker[];
  /** Book changes per symbol; a quantity of "0" removes a level. */
  depth: { symbol: string; delta: DepthBook }[];
  /** New trades per symbol, oldest first. */
  trades: { symbol: string; trades: Trade[] }[];
  /** Changed bars per symbol and period: a bar that just closed, then the open one. */
  klines: { symbol: string; period: KlinePeriod; bars: Kline[] }[];
}

/**
 * A source of market data. The embedded default is `MarketSimulator`; a real exchange feed
 * implements the same interface and nothing else changes.
 */
export interface MarketSource {
  /** Every currency: the catalogue's, then those added at run time (IEO tokens), in one live array. */
  readonly currencies: readonly Currency[];
  /**
   * Lists a new currency (an IEO token) inside the caller's transaction: its row with the next
   * free id at or above `minId`; null when the name is taken. Call `loadCurrencies` after the
   * commit to add it to `currencies`.
   */
  listCurrency(q: Queryable, name: string, decimals: number, minId: number): Promise<Currency | null>;
  /** Adds to `currencies` every stored currency this node lacks (listed here or on another node). */
  loadCurrencies(): Promise<void>;
  readonly pairs: readonly MarketPair[];
  pairBySymbol(symbol: string): MarketPair | undefined;
  tickers(): Ticker[];
  ticker(symbol: string): Ticker | undefined;
  /** The whole book, best first. */
  depth(symbol: string): DepthBook | undefined;
  /** Recent trades, newest first. */
  trades(symbol: string): Trade[] | undefined;
  /**
   * True while the venue pricing `symbol` has been silent past the stale threshold (its ticker
   * says `stale`): no order, option or engine decision may use the pair's price until it speaks.
   * Never for a simulated pair.
   */
  isStale(symbol: string): boolean;
  /** The bar in progress. */
  currentBar(symbol: string, period: KlinePeriod): Kline | undefined;
  /** Stored candles from `fromMs` to `toMs` with the bar in progress, oldest first. */
  klines(symbol: string, period: KlinePeriod, fromMs: number, toMs: number): Promise<Kline[]>;
  onTick(listener: (tick: MarketTick) => void): () => void;
  /**
   * Makes every price this node has shown durable in the stored record, now. Called before a
   * transaction that commits something decided at a shown price (an option's open, a fill, a
   * close), so the record the audit checks it against holds that price even if the node dies
   * before its next periodic write. Never rejects.
   */
  record(): Promise<void>;
  start(): void | Promise<void>;
  /** Stops ticking and saves what is in memory. */
  stop(): Promise<void>;

  // The follower's side of a cluster. Only the leader runs the source; every other node keeps a
  // copy of the market from the leader's relayed ticks (`MarketRelay`), so any source that may run
  // on more than one node must offer these.

  /**
   * Applies the leader's tick to this node's copy of the market, then hands it to this node's
   * listeners exactly as the leader's listeners got it. Nothing is written: the leader stores bars.
   */
  applyRemote(tick: MarketTick): void;
  /** The whole market as this node sees it, for a follower that missed relayed ticks. */
  exportState(): MarketTick;
  /**
   * Replaces this follower's copy with the leader's whole state and tells the listeners only what
   * differs, so a client on this node sees ordinary updates rather than a jump.
   */
  importState(state: MarketTick): void;
}
