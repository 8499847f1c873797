/**
 * Dual investment ("invest", docs/FINANCE.md): a product linked
 * to a reference price of a pair (BTC/USDT) that pays, at maturity, by the recorded market price
 * at the maturity time (domain/invest/formulas.ts `dualPayout`). Sold in whole shares. Wire
 * types, shared by the server, the worker and the app.
 */
import type { DualType } from './formulas';

export type { DualType } from './formulas';
export const DUAL_TYPES = ['call', 'put'] as const satisfies readonly DualType[];

/** `open`: on sale; `sold_out`: no share left; `closed`: its sale window is over. */
export type DualProductStatus = 'open' | 'sold_out' | 'closed';

/** A product as `GET /dual/index` and `GET /dual/detail` show it. Amounts are decimal strings, times epoch ms. */
export interface DualProduct {
  id: number;
  type: DualType;
  /** The pair: base coin (BTC) and quote coin (USDT). */
  symbol: string;
  currency_id: number;
  currency: string;
  currency_decimals: number;
  quote_id: number;
  quote: string;
  quote_decimals: number;
  /** The coin a share is paid in: the base coin for a call, the quote coin for a put. */
  invest_currency_id: number;
  invest_currency: string;
  invest_decimals: number;
  /** Per-share price, in the invest coin. */
  share_price: string;
  /** Annual rate as a fraction (`0.365` is 36.5 %). */
  apr: string;
  /** The linked (strike) price, in the quote coin. */
  linked_price: string;
  /** Holding days: from the sale's close to maturity the position earns days × APR / 365. */
  days: number;
  /** When the sale closes, and when the product settles. */
  sale_ends_at: number;
  maturity_at: number;
  total_shares: number;
  sold_shares: number;
  remaining_shares: number;
  /** sold ÷ total, as a fraction. */
  progress: string;
  status: DualProductStatus;
}

export const DUAL_ORDER_STATUSES = ['purchased', 'settling', 'success', 'fail'] as const;
/**
 * `purchased`: waiting for maturity; `settling`: maturity has passed and the settlement is being
 * made; `success`: paid by the recorded price; `fail`: could not be settled (no recorded price at
 * the maturity time) and the principal was refunded, with the reason.
 */
export type DualOrderStatus = (typeof DUAL_ORDER_STATUSES)[number];

/** A position as `GET /dual/dual_list` lists it. */
export interface DualOrder {
  id: number;
  product_id: number;
  type: DualType;
  symbol: string;
  currency: string;
  quote: string;
  invest_currency_id: number;
  invest_currency: string;
  invest_decimals: number;
  /** Shares bought and what they cost (num × share price, in the invest coin). */
  num: number;
  amount: string;
  share_price: string;
  apr: string;
  linked_price: string;
  days: number;
  maturity_at: number;
  status: DualOrderStatus;
  /** The recorded price that decided it and the moment it was recorded at; null until settled. */
  settle_price: string | null;
  settle_price_at: number | null;
  /** What was paid: the coin and the amount; null until settled. */
  payout_currency_id: number | null;
  payout_currency: string | null;
  payout_amount: string | null;
  /** Why a settlement failed (an i18n key under `invest:`), with the principal refunded. */
  fail_reason: string | null;
  created_at: number;
  settled_at: number | null;
}
