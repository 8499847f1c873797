/**
 * What a user holds outside the plain balance of an account: money in finance
 * products, IEO subscriptions in escrow, loans' collateral, NFT bids' margin and cover. The assets
 * page shows a line per kind, like an exchange's "Earn" and "Funding" lines, and its total is the
 * exact sum of the accounts and these lines. The server values and sums with these; the tests
 * check the same sum against the ledger.
 */
import { Decimal, type DecimalValue } from '../decimal';

/** The lines, in the order the page shows them. */
export const HOLDING_KINDS = ['earn', 'ieo', 'loans', 'nft'] as const;
export type HoldingKind = (typeof HOLDING_KINDS)[number];

/**
 * Where a holding's money sits in the ledger: `frozen` in the user's coin account (lockming, dual,
 * an IEO's locked tokens, a bid's cover) — the coin account then shows only the rest of its frozen
 * amount; `escrow` with the platform on the user's behalf (an IEO payment, a loan's collateral, an
 * auction margin) — in no account, so only its line counts it.
 */
export type HoldingPlace = 'frozen' | 'escrow';

/** The exact sum of values (USDT): the assets total, an account's total, a line's total. */
export function assetsTotal(values: readonly DecimalValue[]): Decimal {
  return values.reduce<Decimal>((sum, v) => sum.plus(v), new Decimal(0));
}

/**
 * The part of a coin account's frozen amount that is its own (spot orders, withdrawals under
 * review, OTC reserves…): the ledger's frozen less what product lines show. Never below zero.
 */
export function ownFrozen(frozen: DecimalValue, heldByProducts: DecimalValue): Decimal {
  return Decimal.max(0, new Decimal(frozen).minus(heldByProducts));
}

/** The amounts of `items` summed per currency id (a holding line's coins, the coin account's frozen parts). */
export function sumByCurrency(items: Iterable<{ currency_id: number; amount: DecimalValue }>): Map<number, Decimal> {
  const sums = new Map<number, Decimal>();
  for (const { currency_id, amount } of items) sums.set(currency_id, (sums.get(currency_id) ?? new Decimal(0)).plus(amount));
  return sums;
}
