/**
 * Lockming economics (domain/lockming/formulas.ts): the spec's worked examples (15 days at
 * 0.19% a day on 10000 pay 285; an early redemption costs 0.4% × 3 × 1000 = 12), the day
 * boundaries, and properties (fast-check): a cycle pays exactly days × one day's yield, never
 * more than the rate; a penalty never exceeds the principal nor the rate; yields fall due one per
 * UTC midnight and never past the cycle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { cycleYield, dailyYield, earlyPenalty, startDay, yieldDueAt, yieldsDue } from '../../domain/lockming/formulas';
import { DAY_MS } from '../../domain/time';

const amount = fc.integer({ min: 1, max: 1_000_000_000 }).map((n) => new Decimal(n).div(100).toFixed());
const rate = fc.integer({ min: 1, max: 500 }).map((n) => new Decimal(n).div(100_000).toFixed());
const decimals = fc.constantFrom(2, 6, 8);

describe('lockming math', () => {
  it('pays the spec example: 15 days at 0.19% a day on 10000 → 19 a day, 285 in all', () => {
    expect(dailyYield('10000', '0.0019', 6).toFixed()).toBe('19');
    expect(cycleYield('10000', '0.0019', 15, 6).toFixed()).toBe('285');
  });

  it('charges the spec example: 0.4% × 3 days left × 1000 = 12, never more than the principal', () => {
    expect(earlyPenalty('1000', '0.004', 3, 6).toFixed()).toBe('12');
    expect(earlyPenalty('1000', '0.004', 0, 6).toFixed()).toBe('0');
    expect(earlyPenalty('1000', '0.004', 300, 6).toFixed()).toBe('1000');
    expect(earlyPenalty('1000', '0.004', -2, 6).toFixed()).toBe('0');
  });

  it('rounds a yield and a penalty down to the currency decimals', () => {
    expect(dailyYield('333.33', '0.0019', 2).toFixed()).toBe('0.63');
    expect(dailyYield('0.001', '0.0005', 8).toFixed()).toBe('0.0000005');
    expect(earlyPenalty('333.33', '0.004', 7, 2).toFixed()).toBe('9.33');
  });

  it('falls due one yield per UTC midnight after the purchase day, none past the cycle', () => {
    const bought = Date.UTC(2026, 10, 23, 15, 30);
    const day = startDay(bought);
    expect(day).toBe(Date.UTC(2026, 10, 23));
    expect(yieldDueAt(day, 1)).toBe(Date.UTC(2026, 10, 24));
    expect(yieldsDue(day, 15, bought)).toBe(0);
    expect(yieldsDue(day, 15, Date.UTC(2026, 10, 24) - 1)).toBe(0);
    expect(yieldsDue(day, 15, Date.UTC(2026, 10, 24))).toBe(1);
    expect(yieldsDue(day, 15, Date.UTC(2026, 11, 8))).toBe(15);
    expect(yieldsDue(day, 15, Date.UTC(2027, 0, 30))).toBe(15);
  });

  it('a cycle pays exactly its days × one day, and never more than amount × rate × days (property)', () => {
    fc.assert(
      fc.property(amount, rate, fc.integer({ min: 1, max: 365 }), decimals, (a, r, days, d) => {
        const daily = dailyYield(a, r, d);
        expect(cycleYield(a, r, days, d).eq(daily.mul(days))).toBe(true);
        expect(daily.lte(new Decimal(a).mul(r))).toBe(true);
        expect(daily.decimalPlaces()).toBeLessThanOrEqual(d);
        expect(new Decimal(a).mul(r).minus(daily).lt(new Decimal(10).pow(-d))).toBe(true);
      }),
    );
  });

  it('a penalty lies between 0 and the principal, and grows with the days left (property)', () => {
    fc.assert(
      fc.property(amount, rate, fc.integer({ min: 0, max: 400 }), decimals, (a, r, left, d) => {
        const p = earlyPenalty(a, r, left, d);
        expect(p.gte(0) && p.lte(a)).toBe(true);
        expect(p.lte(new Decimal(a).mul(r).mul(left))).toBe(true);
        expect(earlyPenalty(a, r, left + 1, d).gte(p)).toBe(true);
      }),
    );
  });

  it('counts every day boundary once, whenever it is asked (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 0, max: 100 * DAY_MS }),
        (bought, cycle, later) => {
          const day = startDay(bought);
          const due = yieldsDue(day, cycle, bought + later);
          expect(due).toBeGreaterThanOrEqual(0);
          expect(due).toBeLessThanOrEqual(cycle);
          if (due < cycle) expect(yieldDueAt(day, due + 1)).toBeGreaterThan(bought + later);
          if (due > 0) expect(yieldDueAt(day, due)).toBeLessThanOrEqual(bought + later);
        },
      ),
    );
  });
});
