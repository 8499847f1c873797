/**
 * Rewards formulas (domain/rewards/formulas.ts): the rebate of a fee (share of what the invitee
 * paid after a voucher, rounded down to the currency), what a voucher pays, the claim status, the
 * coupon expiry and the masked names; with properties (fast-check): a rebate never exceeds the
 * share of what was paid nor loses more than one unit of the last decimal; a voucher never pays
 * more than the fee or its remaining value, and a sequence of fees uses it up exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import {
  DEFAULT_REBATE_SHARE,
  claimStatus,
  couponExpiresAt,
  depositQualifies,
  isRebateShare,
  maskName,
  rebateAmount,
  voucherPays,
} from '../../domain/rewards/formulas';
import { DAY_MS } from '../../domain/time';

const fee = fc.integer({ min: 1, max: 1_000_000_000 }).map((n) => new Decimal(n).div(1_000_000).toFixed());
const share = fc.integer({ min: 0, max: 10_000 }).map((n) => new Decimal(n).div(10_000).toFixed());
const decimals = fc.constantFrom(2, 6, 8);

describe('rewards math', () => {
  it('rebates 20% of a fee by default, rounded down to the currency', () => {
    expect(DEFAULT_REBATE_SHARE).toBe('0.2');
    expect(rebateAmount('0.6', 0, '0.2', 6).toFixed()).toBe('0.12');
    expect(rebateAmount('0.0000001', 0, '0.2', 6).toFixed()).toBe('0');
    expect(rebateAmount('0.00000999', 0, '0.2', 8).toFixed()).toBe('0.00000199');
  });

  it('rebates only what the invitee paid after a voucher (Binance: fee actually paid)', () => {
    expect(rebateAmount('0.6', '0.4', '0.2', 6).toFixed()).toBe('0.04');
    expect(rebateAmount('0.6', '0.6', '0.2', 6).toFixed()).toBe('0');
    expect(rebateAmount('0.6', '1', '0.2', 6).toFixed()).toBe('0');
  });

  it('lets a voucher pay min(remaining, fee)', () => {
    expect(voucherPays('1', '0.6').toFixed()).toBe('0.6');
    expect(voucherPays('0.4', '0.6').toFixed()).toBe('0.4');
    expect(voucherPays('0', '0.6').toFixed()).toBe('0');
    expect(voucherPays('5', '0').toFixed()).toBe('0');
  });

  it('reads the rebate share, expiry, threshold, masks and claim windows', () => {
    for (const ok of ['0', '0.2', '0.1234', '1', '1.0']) expect(isRebateShare(ok), ok).toBe(true);
    for (const bad of ['1.5', '-0.1', '0.12345', '20%', '', '.2', '2']) expect(isRebateShare(bad), bad).toBe(false);
    expect(couponExpiresAt(1000, 7)).toBe(1000 + 7 * DAY_MS);
    expect(depositQualifies('100', '100')).toBe(true);
    expect(depositQualifies('99.99', '100')).toBe(false);
    expect(maskName('Alice')).toBe('A***e');
    expect(maskName('李小明')).toBe('李***明');
    expect(maskName('Al')).toBe('A***');
    const k = { claim_start: 100, claim_end: 200, total: 10, claimed: 3 };
    expect(claimStatus(k, 99)).toBe('upcoming');
    expect(claimStatus(k, 100)).toBe('open');
    expect(claimStatus(k, 200)).toBe('ended');
    expect(claimStatus({ ...k, claimed: 10 }, 150)).toBe('sold_out');
  });

  it('never rebates more than the share of what was paid, nor a unit less (property)', () => {
    fc.assert(
      fc.property(fee, fee, share, decimals, (f, v, s, d) => {
        const paid = Decimal.max(0, new Decimal(f).minus(v));
        const r = rebateAmount(f, v, s, d);
        const exact = paid.times(s);
        expect(r.gte(0)).toBe(true);
        expect(r.lte(exact)).toBe(true);
        expect(exact.minus(r).lt(new Decimal(10).pow(-d))).toBe(true);
        expect(r.decimalPlaces()).toBeLessThanOrEqual(d);
      }),
    );
  });

  it('uses a voucher up exactly over a sequence of fees, never paying more than a fee (property)', () => {
    fc.assert(
      fc.property(fee, fc.array(fee, { minLength: 1, maxLength: 30 }), (value, fees) => {
        let remaining = new Decimal(value);
        let paidTotal = new Decimal(0);
        for (const f of fees) {
          const pays = voucherPays(remaining, f);
          expect(pays.gte(0) && pays.lte(f) && pays.lte(remaining)).toBe(true);
          remaining = remaining.minus(pays);
          paidTotal = paidTotal.plus(pays);
        }
        const feesTotal = fees.reduce((a, f) => a.plus(f), new Decimal(0));
        expect(paidTotal.eq(Decimal.min(value, feesTotal))).toBe(true);
        expect(remaining.gte(0)).toBe(true);
      }),
    );
  });
});
