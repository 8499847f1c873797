/**
 * Payload types of the spot area (`/coin/*`). Every amount is a decimal string.
 * Both currencies of a spot pair live in the coin account (`change`): a buy spends the quote
 * currency and receives the base, a sell the reverse. `amount` is always a base-currency
 * quantity.
 */
import type { OrderItem } from '../protocol';

export type SpotSide = 'buy' | 'sell';
/** `type` on the wire (spec): buy | sell. */
export const SPOT_SIDES = ['buy', 'sell'] as const satisfies readonly SpotSide[];

/**
 * `market` fills at once against the recorded book; `limit` waits until the market crosses
 * `target_price` (or fills at once when already crossed), never at a worse price than it.
 */
export type SpotKind = 'market' | 'limit';

/**
 * An order's life: `open` (a limit order waiting, its funds frozen), `filled` (done: a market
 * order at once, a limit order when the market crossed its price), `cancelled` (withdrawn by
 * its owner; the frozen funds returned).
 */
export type SpotStatus = 'open' | 'filled' | 'cancelled';
export const SPOT_STATUSES = ['open', 'filled', 'cancelled'] as const satisfies readonly SpotStatus[];

/** A pair's spot settings (`GET /coin/deal`), the same for every user. */
export interface SpotSettings {
  match_id: number;
  symbol: string;
  base: string;
  quote: string;
  /** Base and quote currency ids (`currency_id`, `legal_id` on the wire). */
  currency_id: number;
  legal_id: number;
  price_decimals: number;
  /** Decimals of a base quantity (the catalogue's qty decimals, at most the currency's). */
  qty_decimals: number;
  /** Decimals the ledger keeps of the base and the quote currency (fees and quote values are rounded to these). */
  base_decimals: number;
  quote_decimals: number;
  /** Fee rate of a fill, charged in the currency received. */
  fee_rate: string;
  /** Least and most base quantity per order. */
  min_amount: string;
  max_amount: string;
  /** Least order value in the quote currency (amount × price). */
  min_total: string;
  /**
   * A limit price must lie within this fraction either side of the recorded last price (the mark),
   * `PRICE_BANDS[category]` of domain/market/priceBand.ts (crypto 0.2: 20 %), checked with `checkBand`.
   */
  price_band: string;
}

/** One level of the recorded book an order took, or the one price a crossed limit order filled at (`limitFillPrice`). */
export interface SpotFill {
  price: string;
  amount: string;
}

/** A spot order through its whole life (the private channel's `orders` with product `spot`). */
export interface SpotOrder extends OrderItem {
  product: 'spot';
  match_id: number;
  side: SpotSide;
  kind: SpotKind;
  status: SpotStatus;
  /** Base quantity ordered. */
  amount: string;
  /** A limit order's price; null for a market order. */
  target_price: string | null;
  /** Volume-weighted price of the fills (quote per base, the pair's price decimals rounded against the user); null until filled. */
  avg_price: string | null;
  /** Quote value of the fills (Σ price × amount); null until filled. */
  total: string | null;
  /** The fee charged, in `fee_currency` (the currency received); "0" until filled. */
  fee: string;
  fee_currency: string;
  /** What an open limit order holds frozen (buy: amount × price in the quote; sell: amount in the base). */
  frozen: string;
  frozen_currency: string;
  /**
   * The fills: the book levels a market order (or a limit order crossed when placed, levels at or
   * better than its limit) took, or one fill at the better of the limit and the deciding price.
   */
  fills: SpotFill[];
  /** The recorded market price and its tick time that decided a fill (a limit's crossing; a market order's moment). */
  deciding_price: string | null;
  deciding_ts: number | null;
  created_at: number;
  filled_at: number | null;
  cancelled_at: number | null;
  updated_at: number;
}

/** `GET /coin/deal`: a pair's settings and this user's coin-account balances of its two currencies. */
export interface SpotDeal extends SpotSettings {
  base_available: string;
  quote_available: string;
  /** This user's open orders on the pair, newest first. */
  orders: SpotOrder[];
}
