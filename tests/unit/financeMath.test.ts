/**
 * The IEO allocation and the dual settlement (domain/ieo/formulas.ts, domain/invest/formulas.ts):
 * the spec's rules with worked examples, and properties (fast-check): an allocation never
 * exceeds the issuance and what is kept plus what is refunded equals each payment exactly; a
 * dual position pays the spec's formula on each side of the linked price, and its worth is
 * continuous at the linked price for a call (both coins are worth the same there).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { allocate, ieoPhase, subscriptionCost } from '../../domain/ieo/formulas';
import { dualFactor, dualPayout, dualPayoutValue } from '../../domain/invest/formulas';

const DEC = { base: 8, quote: 6 };

describe('IEO allocation', () => {
  it('gives everyone what they asked when the issuance covers it', () => {
    const { allocations, remainder } = allocate(
      [
        { id: 1, amount: '100' },
        { id: 2, amount: '250' },
      ],
      '1000',
      '0.5',
      2,
      6,
    );
    expect(allocations.map((a) => [a.passed.toFixed(), a.refund.toFixed(), a.kept.toFixed()])).toEqual([
      ['100', '0', '50'],
      ['250', '0', '125'],
    ]);
    expect(remainder.toFixed()).toBe('0');
  });

  it('shares an issuance oversubscribed 3× pro rata, rounded down, the rest refunded and the remainder kept', () => {
    const subs = [
      { id: 1, amount: '1000' },
      { id: 2, amount: '1001' },
      { id: 3, amount: '999' },
    ];
    const { allocations, remainder } = allocate(subs, '1000', '0.1', 2, 6);
    expect(allocations.map((a) => a.passed.toFixed())).toEqual(['333.33', '333.66', '333']);
    expect(allocations.map((a) => a.refund.toFixed())).toEqual(['66.667', '66.734', '66.6']);
    expect(remainder.toFixed()).toBe('0.01');
  });

  it('never allocates more than the issuance, and kept + refund is each payment exactly (property)', () => {
    const amount = fc.integer({ min: 1, max: 10_000_000 }).map((n) => new Decimal(n).div(100).toFixed());
    fc.assert(
      fc.property(
        fc.array(amount, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 1, max: 100_000 }).map((n) => new Decimal(n).div(10_000).toFixed()),
        fc.constantFrom(0, 2, 8),
        (asked, issuance, price, tokenDecimals) => {
          const subs = asked.map((a, i) => ({ id: i + 1, amount: a }));
          const { allocations, remainder } = allocate(subs, issuance, price, tokenDecimals, 6);
          const given = allocations.reduce((s, a) => s.plus(a.passed), new Decimal(0));
          expect(given.lte(issuance)).toBe(true);
          expect(remainder.gte(0)).toBe(true);
          allocations.forEach((a, i) => {
            const payment = new Decimal(asked[i]!).mul(price);
            expect(a.kept.plus(a.refund).eq(payment)).toBe(true);
            expect(a.refund.gte(0) && a.passed.gte(0) && a.passed.lte(asked[i]!)).toBe(true);
            expect(a.kept.gte(a.passed.mul(price))).toBe(true);
          });
        },
      ),
    );
  });
});

describe('IEO subscription', () => {
  it('costs price × tokens, rounded up to the pay coin, never below the price', () => {
    expect(subscriptionCost('10.01', '0.37', 6).toFixed()).toBe('3.7037');
    expect(subscriptionCost('1.5', '0.1234567', 6).toFixed()).toBe('0.185186');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 99_999_999 }), (cents, micro) => {
        const amount = new Decimal(cents).div(100);
        const price = new Decimal(micro).div(1e7);
        const cost = subscriptionCost(amount, price, 6);
        expect(cost.gte(amount.mul(price)) && cost.minus(amount.mul(price)).lt('0.000001')).toBe(true);
        expect(cost.decimalPlaces()).toBeLessThanOrEqual(6);
      }),
    );
  });

  it('reads the phase from the clock: preheating before the start, in progress until the end, then finished', () => {
    expect(ieoPhase(100, 200, 99)).toBe('preheating');
    expect(ieoPhase(100, 200, 100)).toBe('in_progress');
    expect(ieoPhase(100, 200, 199)).toBe('in_progress');
    expect(ieoPhase(100, 200, 200)).toBe('finished');
  });
});

describe('dual settlement', () => {
  it('pays a call the spec formula: below the linked price in BTC, otherwise in USDT', () => {
    // 1 BTC, linked 60000, 7 days at 36.5% APR: factor 1 + 7 × 0.365 / 365 = 1.007.
    expect(dualFactor(7, '0.365').toFixed()).toBe('1.007');
    expect(dualPayout('call', '1', '60000', '59999.99', 7, '0.365', DEC)).toEqual({ coin: 'base', amount: new Decimal('1.007') });
    expect(dualPayout('call', '1', '60000', '60000', 7, '0.365', DEC)).toEqual({ coin: 'quote', amount: new Decimal('60420') });
    expect(dualPayout('call', '1', '60000', '70000', 7, '0.365', DEC)).toEqual({ coin: 'quote', amount: new Decimal('60420') });
  });

  it('pays a put the mirror: above the linked price in USDT, otherwise BTC bought at the linked price', () => {
    expect(dualPayout('put', '60000', '60000', '60000.01', 7, '0.365', DEC)).toEqual({ coin: 'quote', amount: new Decimal('60420') });
    expect(dualPayout('put', '60000', '60000', '60000', 7, '0.365', DEC)).toEqual({ coin: 'base', amount: new Decimal('1.007') });
    expect(dualPayout('put', '1000', '60000', '50000', 30, '0.2', DEC).amount.toFixed()).toBe('0.01694063');
  });

  it('a call is worth the same in either coin at the linked price, and never more than the USDT leg (property)', () => {
    const price = fc.integer({ min: 100, max: 20_000_000 }).map((n) => new Decimal(n).div(100).toFixed());
    fc.assert(
      fc.property(price, price, fc.integer({ min: 1, max: 90 }), fc.integer({ min: 1, max: 2000 }), (linked, settlement, days, aprBp) => {
        const apr = new Decimal(aprBp).div(10_000).toFixed();
        const quoteLeg = dualPayout('call', '1', linked, linked, days, apr, DEC);
        const baseLegAtLinked = dualPayout('call', '1', linked, new Decimal(linked).minus('0.01').toFixed(), days, apr, DEC);
        // A cent below the linked price the BTC leg is worth the USDT leg less about a cent's growth and the rounding.
        const below = new Decimal(linked).minus('0.01');
        const gap = dualPayoutValue(quoteLeg, linked).minus(dualPayoutValue(baseLegAtLinked, below)).abs();
        expect(gap.lte(dualFactor(days, apr).mul('0.01').plus(new Decimal(linked).mul('1e-8')).plus('1e-6'))).toBe(true);
        const worth = dualPayoutValue(dualPayout('call', '1', linked, settlement, days, apr, DEC), settlement);
        expect(worth.lte(new Decimal(linked).mul(dualFactor(days, apr)))).toBe(true);
      }),
    );
  });
});
