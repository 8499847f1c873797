/**
 * Loan economics, once (docs/LOANS.md). The server lends, accrues, repays and liquidates with
 * these; the worker previews and shows the live LTV with them; the auditor recomputes with them.
 *
 * Rounding, in the user's favour where the platform charges and in the platform's where it is
 * owed cover: a borrow limit and a day's interest round down to USDT's 6 decimals; the collateral
 * a liquidation takes rounds up to the coin's decimals (never more than there is); a shortfall
 * rounds up to 6 decimals (the treasury is made whole).
 */
import { Decimal, type DecimalValue } from '../decimal';
import { DAY_MS } from '../time';
import { LOAN_COIN } from './terms';

const USDT_DECIMALS = LOAN_COIN.decimals;

/** What the collateral is worth in USDT at `price` (exact). */
export function collateralValue(collateral: DecimalValue, price: DecimalValue): Decimal {
  return new Decimal(collateral).mul(price);
}

/** Loan-to-value: debt ÷ collateral value (exact); null when the collateral is worth nothing. */
export function ltv(debt: DecimalValue, collateral: DecimalValue, price: DecimalValue): Decimal | null {
  const value = collateralValue(collateral, price);
  return value.lte(0) ? null : new Decimal(debt).div(value);
}

/** The most a collateral may borrow at `price` under `initialLtv`, rounded down to USDT's decimals. */
export function maxBorrowable(collateral: DecimalValue, price: DecimalValue, initialLtv: DecimalValue): Decimal {
  return collateralValue(collateral, price).mul(initialLtv).toDecimalPlaces(USDT_DECIMALS, Decimal.ROUND_DOWN);
}

/** The least collateral that borrows `amount` at `price` under `initialLtv`, rounded up to the coin's decimals. */
export function collateralFor(amount: DecimalValue, price: DecimalValue, initialLtv: DecimalValue, decimals: number): Decimal {
  const p = new Decimal(price).mul(initialLtv);
  if (p.lte(0)) return new Decimal(0);
  return new Decimal(amount).div(p).toDecimalPlaces(decimals, Decimal.ROUND_UP);
}

/** The collateral price at which `debt` reaches `thresholdLtv` (the liquidation price), to `priceDecimals`, rounded up. */
export function thresholdPrice(debt: DecimalValue, collateral: DecimalValue, thresholdLtv: DecimalValue, priceDecimals = 8): Decimal {
  const c = new Decimal(collateral).mul(thresholdLtv);
  if (c.lte(0)) return new Decimal(0);
  return new Decimal(debt).div(c).toDecimalPlaces(priceDecimals, Decimal.ROUND_UP);
}

/** One day's interest on the principal outstanding, rounded down to USDT's decimals. */
export function dailyInterest(principal: DecimalValue, dailyRate: DecimalValue): Decimal {
  return new Decimal(principal).mul(dailyRate).toDecimalPlaces(USDT_DECIMALS, Decimal.ROUND_DOWN);
}

/** When interest day `n` (1, 2, …) accrues: day 1 at the borrow, then every 24 hours after it. */
export function accrualAt(createdAt: number, n: number): number {
  return createdAt + (n - 1) * DAY_MS;
}

/** How many interest days have come due by `now` (at least 1: the borrow's day). */
export function daysDue(createdAt: number, now: number): number {
  return Math.max(1, Math.floor((now - createdAt) / DAY_MS) + 1);
}

/** How a repayment splits: interest first, then principal; null when `amount` is more than the debt. */
export function repayAllocation(
  amount: DecimalValue,
  interestOwed: DecimalValue,
  principalOwed: DecimalValue,
): { interest: Decimal; principal: Decimal; full: boolean } | null {
  const a = new Decimal(amount);
  const i = new Decimal(interestOwed);
  const p = new Decimal(principalOwed);
  if (a.gt(i.plus(p))) return null;
  const interest = Decimal.min(a, i);
  const principal = a.minus(interest);
  return { interest, principal, full: a.eq(i.plus(p)) };
}

/** What a liquidation does with the collateral at `price` (docs/LOANS.md "Liquidation"). */
export interface LiquidationSplit {
  /** Collateral to the treasury: worth debt × (1 + penalty), or all of it. */
  taken: Decimal;
  /** Collateral back to the user. */
  returned: Decimal;
  /** USDT the insurance account pays the treasury when the collateral is worth less than the debt. */
  shortfall: Decimal;
}

export function liquidationSplit(
  collateral: DecimalValue,
  price: DecimalValue,
  debt: DecimalValue,
  penalty: DecimalValue,
  decimals: number,
): LiquidationSplit {
  const c = new Decimal(collateral);
  const p = new Decimal(price);
  const d = new Decimal(debt);
  const value = collateralValue(c, p);
  if (p.lte(0) || value.lt(d)) {
    const shortfall = d.minus(value).toDecimalPlaces(USDT_DECIMALS, Decimal.ROUND_UP);
    return { taken: c, returned: new Decimal(0), shortfall };
  }
  const taken = Decimal.min(c, d.mul(new Decimal(1).plus(penalty)).div(p).toDecimalPlaces(decimals, Decimal.ROUND_UP));
  return { taken, returned: c.minus(taken), shortfall: new Decimal(0) };
}

/** Where an LTV stands against the loan's lines. */
export type LoanRisk = 'safe' | 'warn' | 'marginCall' | 'liquidation';

/** `safe` below the initial LTV, `warn` up to the margin call, then `marginCall`, then `liquidation`. */
export function loanRisk(
  value: Decimal | null,
  lines: { initial_ltv: DecimalValue; margin_call_ltv: DecimalValue; liquidation_ltv: DecimalValue },
): LoanRisk {
  if (value === null || value.gte(lines.liquidation_ltv)) return 'liquidation';
  if (value.gte(lines.margin_call_ltv)) return 'marginCall';
  if (value.gt(lines.initial_ltv)) return 'warn';
  return 'safe';
}
