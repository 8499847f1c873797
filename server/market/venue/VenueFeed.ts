/**
 * A real exchange's public market data, as the market source consumes it (`MARKET_SOURCE=ccxt`).
 * The leader holds the connections; it drains what arrived once per tick, so a fast feed is
 * conflated to the tick rate exactly as the simulator's own ticks are. Every figure is the
 * venue's decimal text; the market rounds it to the pair's precision (`venueUnits.ts`).
 */
import type { KlinePeriod } from '../../../domain/market/periods';
import type { Kline } from '../../../domain/market/types';

export interface VenueTrade {
  price: string;
  qty: string;
  side: 'buy' | 'sell';
  /** The venue's time of the trade, ms (kept for the log; the record uses the time it was heard). */
  ts: number;
}

/** One side's levels, best first: `[price, quantity]`. */
export type VenueLevels = readonly (readonly [string, string])[];

export interface VenueBook {
  bids: VenueLevels;
  asks: VenueLevels;
}

/** A closed or open bar as the venue reports it (`fetchOHLCV`), in the shape of our candles. */
export type VenueBar = Kline;

/** What arrived for one pair since the last drain. */
export interface VenueUpdate {
  /** Oldest first. */
  trades: VenueTrade[];
  /** The venue's whole current book, when it changed. */
  book: VenueBook | null;
}

export interface VenueFeed {
  /** The venue's name as people know it (`Binance`), shown beside the pairs it prices. */
  readonly name: string;
  /** Loads the venue's markets; answers which of `symbols` (ours, `BTC/USDT`) it lists and trades. */
  connect(symbols: readonly string[]): Promise<string[]>;
  /** Opens the streams of the listed pairs; they reconnect with backoff until `stop`. */
  start(): void;
  stop(): Promise<void>;
  /** What arrived for `symbol` since the last call. */
  drain(symbol: string): VenueUpdate;
  /** When anything (a trade or a book change) was last heard for `symbol`, on the clock; 0: never. */
  lastHeard(symbol: string): number;
  /** Bars of `period` from `since`, oldest first, at most `limit` (backfill after a restart or an outage). */
  bars(symbol: string, period: KlinePeriod, since: number, limit: number): Promise<VenueBar[]>;
}
