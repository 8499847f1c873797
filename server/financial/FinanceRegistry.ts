/**
 * The finance tab's sources: each finance area (lockming, IEO, dual) registers
 * what a user holds in it, read through its own repository; the tab sums them. Adding a product
 * adds a source, not code here.
 */
import type { Decimal } from '../../domain/decimal';
import type { FinanceProduct } from '../../domain/financial/types';

export interface SourceHolding {
  currency_id: number;
  amount: Decimal;
  yield: Decimal;
  /**
   * USDT per unit when the product knows a better one than the market (an IEO token before it
   * trades: its issue price); otherwise the market's price is used.
   */
  unit_usdt?: Decimal;
}

export interface FinanceSource {
  product: FinanceProduct;
  yieldKind: 'paid' | 'expected' | 'none';
  /** The user's open orders and what they hold, one entry per order (summed per currency by the tab). */
  holdings(userId: number): Promise<{ open_orders: number; holdings: SourceHolding[] }>;
}

export class FinanceRegistry {
  private readonly sources: FinanceSource[] = [];

  register(source: FinanceSource): void {
    if (this.sources.some((s) => s.product === source.product)) throw new Error(`finance source ${source.product} registered twice`);
    this.sources.push(source);
  }

  all(): readonly FinanceSource[] {
    return this.sources;
  }
}
