/**
 * Lockming (docs/FINANCE.md): fixed-term deposits that pay a daily
 * yield at each UTC day boundary and return the principal at expiry. Wire types, shared by the
 * server, the worker and the app.
 */

/** The product lists behind the home shortcuts: "mining", "DeFi mining" and "cloud mining". */
export const LOCKMING_CATEGORIES = ['mining', 'defi', 'cloud'] as const;
export type LockmingCategory = (typeof LOCKMING_CATEGORIES)[number];

/** `open`: on sale; `sold_out`: the quota is gone; `closed`: taken off sale by an operator. */
export type LockmingProductStatus = 'open' | 'sold_out' | 'closed';

/** A lockming product as `GET /lh/deposit/config` lists it. Amounts and rates are decimal strings. */
export interface LockmingProduct {
  id: number;
  category: LockmingCategory;
  currency_id: number;
  currency: string;
  /** The currency's decimals: amounts, yields and penalties are rounded down to them. */
  decimals: number;
  /** Lock-up days: the order pays this many daily yields, then returns the principal. */
  cycle_days: number;
  /** Yield per day as a fraction of the amount (`0.0019` is 0.19% a day). */
  daily_rate: string;
  /** The smallest single purchase. */
  min_amount: string;
  /** What one user may hold in this product at once (the sum of their orders in progress). */
  user_limit: string;
  /** What the caller may still buy (their limit less what they hold, within what is left); null signed out. */
  user_remaining: string | null;
  /** The product's total quota, what has been sold and what is left. */
  quota: string;
  sold: string;
  left: string;
  /** Early-redemption penalty per day left, as a fraction of the amount (`0.004` is 0.4%). */
  penalty_rate: string;
  status: LockmingProductStatus;
}

export const LOCKMING_ORDER_STATUSES = ['holding', 'redeemed'] as const;
/** In progress, then redeemed (early or at expiry). */
export type LockmingOrderStatus = (typeof LOCKMING_ORDER_STATUSES)[number];
export type LockmingRedemption = 'expiry' | 'early';

/** A lockming order as `GET /lh/deposit/order` lists it. Times are epoch milliseconds. */
export interface LockmingOrder {
  id: number;
  product_id: number;
  category: LockmingCategory;
  currency_id: number;
  currency: string;
  decimals: number;
  amount: string;
  daily_rate: string;
  cycle_days: number;
  penalty_rate: string;
  /** One day's yield (rounded down), paid at each day boundary. */
  daily_yield: string;
  /** All the yield the order pays if held to expiry: daily_yield × cycle_days. */
  total_yield: string;
  /** Daily yields paid so far, and their sum. */
  days_paid: number;
  yield_paid: string;
  status: LockmingOrderStatus;
  redemption: LockmingRedemption | null;
  /** The penalty kept and the principal returned, once redeemed. */
  penalty: string | null;
  returned: string | null;
  created_at: number;
  /** The next day boundary that pays a yield; null once redeemed. */
  next_yield_at: number | null;
  /** When the principal returns (the last day boundary of the cycle). */
  expires_at: number;
  redeemed_at: number | null;
  /** For an order in progress: the days left and what an early redemption now would keep and return. */
  days_left: number;
  redeem_penalty: string | null;
  redeem_returns: string | null;
}
