import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { lastAverage, movingAverage } from '../../domain/market/movingAverage';

describe('moving averages', () => {
  it('averages each window of closes exactly, null before the window fills', () => {
    expect(movingAverage(['1', '2', '3', '4', '5', '6'], 5, 2)).toEqual([null, null, null, null, '3.00', '4.00']);
    expect(movingAverage(['0.1', '0.2'], 2, 3)).toEqual([null, '0.150']);
    expect(movingAverage([], 5, 2)).toEqual([]);
  });

  it('equals a naive average of each window, and the live bar’s average equals the last one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 80 }),
        fc.constantFrom(5, 10, 30),
        (units, period) => {
          const closes = units.map((u) => new Decimal(u).div(100).toFixed(2));
          const ma = movingAverage(closes, period, 2);
          for (let i = 0; i < closes.length; i++) {
            if (i < period - 1) expect(ma[i]).toBeNull();
            else {
              const window = closes.slice(i - period + 1, i + 1).reduce((s, c) => s.plus(c), new Decimal(0));
              expect(ma[i]).toBe(window.div(period).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
            }
          }
          expect(lastAverage(closes, period, 2)).toBe(ma.at(-1));
        },
      ),
    );
  });
});
