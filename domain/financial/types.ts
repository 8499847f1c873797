/**
 * The finance tab (`financial/index`, docs/FINANCE.md): what a user
 * holds in each finance product, with the yield it has earned, and the total in USDT and the
 * display currency. Wire types.
 */
import type { FiatRateInfo } from '../rates/types';

export const FINANCE_PRODUCTS = ['lockming', 'ieo', 'dual'] as const;
export type FinanceProduct = (typeof FINANCE_PRODUCTS)[number];

/** What one product holds of one currency. Amounts are decimal strings. */
export interface FinanceHolding {
  currency_id: number;
  currency: string;
  /** The principal still held (lockming in progress, IEO in escrow or locked tokens, dual before settlement). */
  amount: string;
  /**
   * Yield of the holding: lockming's daily yields paid so far; dual's payment at maturity at the
   * linked price's side that keeps the coin (amount × days × APR / 365); IEO none.
   */
  yield: string;
  /** amount + yield in USDT, 2 decimals; null when the currency has no price (see `valued_at`). */
  usdt_value: string | null;
}

export interface FinanceProductSummary {
  product: FinanceProduct;
  /** Orders still held. */
  open_orders: number;
  holdings: FinanceHolding[];
  /** Σ usdt_value of the holdings, and of their yield alone. */
  value_usdt: string;
  yield_usdt: string;
  /** `paid`: yield already credited (lockming); `expected`: due at maturity (dual); `none` (IEO). */
  yield_kind: 'paid' | 'expected' | 'none';
}

/** `GET /financial/index`. */
export interface FinanceSummary {
  products: FinanceProductSummary[];
  total_usdt: string;
  total_fiat: string;
  yield_usdt: string;
  fiat: FiatRateInfo;
}
