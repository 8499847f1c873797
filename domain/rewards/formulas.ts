/**
 * The rewards formulas (docs/REWARDS.md), shared by the server and the app: the rebate of a fee,
 * what a voucher pays of a fee, when a coupon expires and how a name is masked.
 */
import { Decimal, type DecimalValue } from '../decimal';
import { DAY_MS } from '../time';

/** The share of an invitee's fees an inviter gets when the operator set none: 20%. */
export const DEFAULT_REBATE_SHARE = '0.2';

/** A rebate share is a fraction in [0, 1] with at most 4 decimals (0.2 is 20%). */
export function isRebateShare(value: string): boolean {
  if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(value)) return false;
  return new Decimal(value).lte(1);
}

/** What a voucher with `remaining` pays of `fee`: min(remaining, fee), never negative. */
export function voucherPays(remaining: DecimalValue, fee: DecimalValue): Decimal {
  const r = new Decimal(remaining);
  const f = new Decimal(fee);
  if (r.lte(0) || f.lte(0)) return new Decimal(0);
  return Decimal.min(r, f);
}

/**
 * The rebate on a fee: `share` of what the invitee actually paid (the fee less what a voucher
 * paid of it, as Binance does), rounded DOWN to the currency's `decimals`, so the platform never
 * pays out more than it kept.
 */
export function rebateAmount(fee: DecimalValue, voucherPaid: DecimalValue, share: DecimalValue, decimals: number): Decimal {
  const paid = new Decimal(fee).minus(voucherPaid);
  if (paid.lte(0)) return new Decimal(0);
  return paid.times(share).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
}

/** When a coupon received at `at` stops being usable: `validDays` whole days later. */
export function couponExpiresAt(at: number, validDays: number): number {
  return at + validDays * DAY_MS;
}

/** Whether a deposit of `amount` meets a bonus coupon's `threshold`. */
export function depositQualifies(amount: DecimalValue, threshold: DecimalValue): boolean {
  return new Decimal(amount).gte(threshold);
}

/** Masks a name for others to read: the first and last characters with `***` between (`A***` for two or fewer). */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 2) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

/** A coupon kind's claim status at `now`. */
export function claimStatus(
  kind: { claim_start: number; claim_end: number; total: number; claimed: number },
  now: number,
): 'open' | 'upcoming' | 'ended' | 'sold_out' {
  if (now < kind.claim_start) return 'upcoming';
  if (now >= kind.claim_end) return 'ended';
  if (kind.claimed >= kind.total) return 'sold_out';
  return 'open';
}
