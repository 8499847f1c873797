/**
 * Loan economics (domain/loans/formulas.ts): worked examples (a BTC loan at 60000: the limit, the
 * LTV, the liquidation price, a day's interest, a repayment split, a liquidation with and
 * without a shortfall) and properties (fast-check): nothing is ever negative, a repayment's parts
 * sum to it, a liquidation's parts sum to the collateral, the collateral taken is worth at least
 * the debt and its penalty when there is enough, and a shortfall appears only when the
 * collateral is worth less than the debt.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import {
  accrualAt,
  collateralFor,
  collateralValue,
  dailyInterest,
  daysDue,
  liquidationSplit,
  loanRisk,
  ltv,
  maxBorrowable,
  repayAllocation,
  thresholdPrice,
} from '../../domain/loans/formulas';
import { LOAN_TERMS, loanTerms } from '../../domain/loans/terms';
import { DAY_MS } from '../../domain/time';

const btc = loanTerms('BTC')!;

describe('loan math', () => {
  it('values 0.5 BTC at 60000 and lends at most 65% of it', () => {
    expect(collateralValue('0.5', '60000').toFixed()).toBe('30000');
    expect(maxBorrowable('0.5', '60000', btc.initial_ltv).toFixed()).toBe('19500');
    expect(maxBorrowable('0.12345678', '67250.55', '0.65').toFixed()).toBe('5396.648631');
    expect(collateralFor('19500', '60000', '0.65', 8).toFixed()).toBe('0.5');
    expect(collateralFor('100', '60000', '0.65', 8).toFixed()).toBe('0.00256411');
  });

  it('computes the LTV and the liquidation price', () => {
    expect(ltv('15000', '0.5', '60000')!.toFixed()).toBe('0.5');
    expect(ltv('1', '0', '60000')).toBeNull();
    // 15003 / (0.5 × 0.83) = 36151.807…, rounded up.
    expect(thresholdPrice('15003', '0.5', '0.83', 2).toFixed()).toBe('36151.81');
    expect(loanRisk(new Decimal('0.5'), btc)).toBe('safe');
    expect(loanRisk(new Decimal('0.7'), btc)).toBe('warn');
    expect(loanRisk(new Decimal('0.75'), btc)).toBe('marginCall');
    expect(loanRisk(new Decimal('0.83'), btc)).toBe('liquidation');
    expect(loanRisk(null, btc)).toBe('liquidation');
  });

  it('charges a day of interest on the principal, rounded down, from the borrow on', () => {
    expect(dailyInterest('15000', '0.0002').toFixed()).toBe('3');
    expect(dailyInterest('13000', '0.0002').toFixed()).toBe('2.6');
    expect(dailyInterest('10.123456', '0.0002').toFixed()).toBe('0.002024');
    expect(accrualAt(1000, 1)).toBe(1000);
    expect(accrualAt(1000, 3)).toBe(1000 + 2 * DAY_MS);
    expect(daysDue(1000, 1000)).toBe(1);
    expect(daysDue(1000, 1000 + DAY_MS - 1)).toBe(1);
    expect(daysDue(1000, 1000 + DAY_MS)).toBe(2);
  });

  it('splits a repayment interest first, refuses more than the debt', () => {
    const a = repayAllocation('10', '12', '15000')!;
    expect([a.interest.toFixed(), a.principal.toFixed(), a.full]).toEqual(['10', '0', false]);
    const b = repayAllocation('2002', '2', '15000')!;
    expect([b.interest.toFixed(), b.principal.toFixed(), b.full]).toEqual(['2', '2000', false]);
    const c = repayAllocation('13002.6', '2.6', '13000')!;
    expect(c.full).toBe(true);
    expect(repayAllocation('13002.600001', '2.6', '13000')).toBeNull();
  });

  it('liquidates: debt × (1 + penalty) of collateral to the treasury, the rest back, or a shortfall', () => {
    const s = liquidationSplit('0.5', '46000', '19503.9', '0.02', 8);
    expect([s.taken.toFixed(), s.returned.toFixed(), s.shortfall.toFixed()]).toEqual(['0.43247779', '0.06752221', '0']);
    const gap = liquidationSplit('0.5', '30000', '19503.9', '0.02', 8);
    expect([gap.taken.toFixed(), gap.returned.toFixed(), gap.shortfall.toFixed()]).toEqual(['0.5', '0', '4503.9']);
    // Worth more than the debt but less than debt + penalty: all of it, no shortfall.
    const thin = liquidationSplit('0.5', '39500', '19503.9', '0.02', 8);
    expect([thin.taken.toFixed(), thin.returned.toFixed(), thin.shortfall.toFixed()]).toEqual(['0.5', '0', '0']);
  });

  it('keeps the lines ordered for every collateral coin', () => {
    for (const t of LOAN_TERMS) {
      expect(new Decimal(t.initial_ltv).lt(t.margin_call_ltv)).toBe(true);
      expect(new Decimal(t.margin_call_ltv).lt(t.liquidation_ltv)).toBe(true);
      expect(new Decimal(t.liquidation_ltv).lt(1)).toBe(true);
    }
  });

  const usdt = fc.integer({ min: 1, max: 2_000_000_000_000 }).map((n) => new Decimal(n).div(1_000_000));
  const coin = fc.integer({ min: 1, max: 10_000_000_000 }).map((n) => new Decimal(n).div(100_000_000));
  const price = fc.integer({ min: 1, max: 10_000_000 }).map((n) => new Decimal(n).div(100));
  const penalty = fc.constantFrom('0', '0.02', '0.03');

  it('property: a repayment splits into non-negative parts that sum to it, interest first', () => {
    fc.assert(
      fc.property(usdt, usdt, usdt, (amount, interest, principal) => {
        const split = repayAllocation(amount, interest, principal);
        if (amount.gt(interest.plus(principal))) {
          expect(split).toBeNull();
          return;
        }
        expect(split!.interest.gte(0) && split!.principal.gte(0)).toBe(true);
        expect(split!.interest.plus(split!.principal).eq(amount)).toBe(true);
        expect(split!.principal.isZero() || split!.interest.eq(interest)).toBe(true);
      }),
    );
  });

  it('property: a liquidation never goes negative, its parts sum to the collateral, and covers the debt', () => {
    fc.assert(
      fc.property(coin, price, usdt, penalty, (collateral, p, debt, pen) => {
        const s = liquidationSplit(collateral, p, debt, pen, 8);
        expect(s.taken.gte(0) && s.returned.gte(0) && s.shortfall.gte(0)).toBe(true);
        expect(s.taken.plus(s.returned).eq(collateral)).toBe(true);
        const value = collateralValue(collateral, p);
        if (value.lt(debt)) {
          expect(s.taken.eq(collateral) && s.shortfall.gt(0)).toBe(true);
          expect(s.shortfall.gte(debt.minus(value))).toBe(true);
        } else {
          expect(s.shortfall.isZero()).toBe(true);
          expect(s.returned.isZero() || s.taken.mul(p).gte(debt.mul(new Decimal(1).plus(pen)))).toBe(true);
        }
      }),
    );
  });

  it('property: borrowing the max keeps the LTV at or under the initial line, and never negative', () => {
    fc.assert(
      fc.property(coin, price, (collateral, p) => {
        const max = maxBorrowable(collateral, p, btc.initial_ltv);
        expect(max.gte(0)).toBe(true);
        if (max.gt(0)) expect(ltv(max, collateral, p)!.lte(btc.initial_ltv)).toBe(true);
        expect(dailyInterest(max, btc.daily_rate).gte(0)).toBe(true);
      }),
    );
  });
});
