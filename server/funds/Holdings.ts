/**
 * What a user holds beyond the plain balances of their accounts (docs/FINANCE.md
 * "Assets page"): each area that takes money into a product, an escrow or a bid registers a source that
 * reads its own tables; the assets overview (`GET /wallet/list`) shows a line per kind and counts
 * them in the total. Adding a product adds a source, not code here.
 */
import type { Decimal } from '../../domain/decimal';
import type { HoldingKind, HoldingPlace } from '../../domain/funds/holdings';

export interface AssetHolding {
  currency_id: number;
  amount: Decimal;
  /** `frozen`: inside the user's coin account's frozen amount; `escrow`: held by the platform for them. */
  place: HoldingPlace;
}

export interface HoldingSource {
  kind: HoldingKind;
  /** What the user holds here now, one entry per order, loan or bid (summed per currency by the overview). */
  holdings(userId: number): Promise<AssetHolding[]>;
}

export class HoldingsRegistry {
  private readonly sources: HoldingSource[] = [];

  register(source: HoldingSource): void {
    this.sources.push(source);
  }

  /** Every holding of the user, by kind. */
  async of(userId: number): Promise<{ kind: HoldingKind; holding: AssetHolding }[]> {
    const all = await Promise.all(this.sources.map(async (s) => (await s.holdings(userId)).map((holding) => ({ kind: s.kind, holding }))));
    return all.flat();
  }
}
