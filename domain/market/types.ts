/** Market categories shown as tabs on the market page. */
export const MARKET_CATEGORIES = ['crypto', 'stock', 'forex', 'metal'] as const;
export type MarketCategory = (typeof MARKET_CATEGORIES)[number];

/** One listed pair, as `GET /currency/list` describes it. Prices of a pair have `price_decimals` decimals. */
export interface MarketPair {
  /** The `match_id` other calls take. */
  id: number;
  /** Display symbol, `BASE/QUOTE`, e.g. `BTC/USDT`. */
  symbol: string;
  base: string;
  quote: string;
  /** Id of the base currency. */
  currency_id: number;
  /** Id of the quote ("legal") currency. */
  legal_id: number;
  category: MarketCategory;
  price_decimals: number;
  qty_decimals: number;
}

/** A pair with its live price and rolling 24 h figures (`GET /currency/quotation_new`, topic `quotes`). */
export interface Ticker extends MarketPair {
  /** Last trade price. */
  price: string;
  /** Price 24 h ago (first trade of the rolling window). */
  open: string;
  high: string;
  low: string;
  /** Change over 24 h in percent, 2 decimals, signed: `"-1.25"`. */
  change: string;
  /** 24 h volume in the base currency. */
  volume: string;
  /** 24 h turnover in the quote currency. */
  turnover: string;
  /** Time of the last trade, ms. */
  ts: number;
  /** The exchange whose feed prices this pair (`MARKET_SOURCE=ccxt`); absent: the embedded simulator's. */
  venue?: string;
  /**
   * Present while the venue's feed for this pair is silent past the stale threshold: the price is
   * the last one heard, and new orders on the pair are refused until the feed resumes.
   */
  stale?: true;
}

/** One candle. `t` is the bar's start in UTC ms. */
export interface Kline {
  t: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** One level of a book: `[price, quantity]`. In a delta a quantity of `"0"` removes the level. */
export type BookLevel = [price: string, qty: string];

/** A depth book, best price first on each side. */
export interface DepthBook {
  bids: BookLevel[];
  asks: BookLevel[];
  /**
   * Snapshots only: the price distance between the book's finest levels (`"0.50"`), the unit the
   * worker groups the book by (× 1, 10, 100). Absent from deltas.
   */
  step?: string;
}

export type TradeSide = 'buy' | 'sell';

/** A public trade. `side` is the taker's side. */
export interface Trade {
  id: number;
  price: string;
  qty: string;
  side: TradeSide;
  ts: number;
}

/** Rows per side the order book shows, at any grouping (a 20-row book). */
export const DEPTH_LEVELS = 20;
/** Price groupings the book offers, as multiples of its step. */
export const BOOK_GROUPS = [1, 10, 100] as const;
export type BookGroup = (typeof BOOK_GROUPS)[number];
/**
 * Levels per side the server keeps, so that every grouping still fills `DEPTH_LEVELS` rows: the
 * first `BOOK_FINE_LEVELS` at every step from the best price, the rest every
 * `BOOK_COARSE_EVERY` steps (on a fixed price grid, so a price move does not shift them).
 */
export const BOOK_LEVELS = 200;
export const BOOK_FINE_LEVELS = 100;
export const BOOK_COARSE_EVERY = 20;
/** Recent trades kept per symbol for snapshots. */
export const TRADES_KEPT = 50;

/** A coin or fiat currency (`GET /currency/list`). */
export interface Currency {
  id: number;
  name: string;
  /** Decimals amounts of this currency may carry. */
  decimals: number;
  /** Brand colour without `#`, or null for the default. */
  color: string | null;
  /** True for quote currencies (USDT, USD). */
  is_legal: boolean;
}
