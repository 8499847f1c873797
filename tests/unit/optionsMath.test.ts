/**
 * The seconds options economics (domain/options/formulas.ts): the result is a pure function of
 * direction, open and close price; a win pays stake × (1 + ratio) rounded down, a draw the stake,
 * a loss nothing; profit = payout − stake. Examples and properties (fast-check).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { optionResult, settleOption, winPayout } from '../../domain/options/formulas';

const price = fc.integer({ min: 1, max: 10_000_000_000 }).map((n) => new Decimal(n).div(10_000).toFixed());
const stake = fc.integer({ min: 1_000, max: 5_000_000 }).map((n) => new Decimal(n).div(100).toFixed());
const ratio = fc.constantFrom('0.8', '0.82', '0.85', '0.88');
const direction = fc.constantFrom('up' as const, 'down' as const);

describe('options math', () => {
  it('decides up, down and equal', () => {
    expect(optionResult('up', '100', '100.01')).toBe('win');
    expect(optionResult('up', '100', '99.99')).toBe('loss');
    expect(optionResult('down', '100', '99.99')).toBe('win');
    expect(optionResult('down', '100', '100.01')).toBe('loss');
    expect(optionResult('up', '100', '100.000')).toBe('draw');
    expect(optionResult('down', '60000.5', '60000.50')).toBe('draw');
  });

  it('pays a win stake × (1 + ratio), a draw the stake, a loss nothing', () => {
    expect(winPayout('100', '0.8', 6).toFixed()).toBe('180');
    expect(winPayout('100.5', '0.82', 6).toFixed()).toBe('182.91');
    expect(winPayout('0.01', '0.85', 2).toFixed()).toBe('0.01');
    expect(settleOption('win', '10', '0.88', 6)).toEqual({ payout: new Decimal('18.8'), profit: new Decimal('8.8') });
    expect(settleOption('draw', '10', '0.88', 6)).toEqual({ payout: new Decimal('10'), profit: new Decimal('0') });
    expect(settleOption('loss', '10', '0.88', 6)).toEqual({ payout: new Decimal('0'), profit: new Decimal('-10') });
  });

  it('property: up and down are opposite unless equal, and equal is a draw for both', () => {
    fc.assert(
      fc.property(price, price, (open, close) => {
        const up = optionResult('up', open, close);
        const down = optionResult('down', open, close);
        if (new Decimal(open).eq(close)) expect([up, down]).toEqual(['draw', 'draw']);
        else expect([up, down].sort()).toEqual(['loss', 'win']);
      }),
    );
  });

  it('property: profit = payout − stake; a win never pays more than stake × (1 + ratio), and less by under one unit', () => {
    fc.assert(
      fc.property(direction, price, price, stake, ratio, (dir, open, close, s, r) => {
        const result = optionResult(dir, open, close);
        const { payout, profit } = settleOption(result, s, r, 6);
        expect(profit.eq(payout.minus(s))).toBe(true);
        if (result === 'win') {
          const exact = new Decimal(s).mul(new Decimal(1).plus(r));
          expect(payout.lte(exact)).toBe(true);
          expect(exact.minus(payout).lt('0.000001')).toBe(true);
          expect(profit.gt(0)).toBe(true);
        }
        if (result === 'draw') expect(profit.isZero()).toBe(true);
        if (result === 'loss') expect(payout.isZero()).toBe(true);
      }),
    );
  });

  it('property: the house and the user together keep the stake (no money created or lost beyond the win)', () => {
    fc.assert(
      fc.property(direction, price, price, stake, ratio, (dir, open, close, s, r) => {
        const { payout } = settleOption(optionResult(dir, open, close), s, r, 6);
        const house = new Decimal(s).minus(payout);
        expect(house.plus(payout).eq(s)).toBe(true);
      }),
    );
  });
});
