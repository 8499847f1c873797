/** Copy trading's numbers: the follow number rule, copy lots, accuracy and rate of return. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accuracy, copyLots, netPnl, rateOfReturn, readFollowNumber, type ClosedTrade } from '../../domain/copytrade/formulas';
import { Decimal } from '../../domain/decimal';

describe('the follow number', () => {
  it('keeps two decimals of a multiple (1.234 → 1.23) and the lot decimals of fixed lots', () => {
    expect(readFollowNumber('1.234', 1, 2)!.toFixed()).toBe('1.23');
    expect(readFollowNumber('2', 1, 2)!.toFixed()).toBe('2');
    expect(readFollowNumber('0.5', 1, 2)!.toFixed()).toBe('0.5');
    expect(readFollowNumber('0.333', 2, 2)!.toFixed()).toBe('0.33');
    for (const bad of ['0', '0.001', '-1', '1e3', 'abc', '', ' ', '1.2.3', '0x10']) expect(readFollowNumber(bad, 1, 2)).toBeNull();
  });

  it('sizes a copy as lots × multiple rounded down, or the fixed lots', () => {
    expect(copyLots('3', 1, '1.5', 2).toFixed()).toBe('4.5');
    expect(copyLots('0.07', 1, '1.23', 2).toFixed()).toBe('0.08');
    expect(copyLots('5', 2, '0.25', 2).toFixed()).toBe('0.25');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 10_000 }), (lotsCents, multCents) => {
        const lots = new Decimal(lotsCents).div(100);
        const mult = new Decimal(multCents).div(100);
        const copy = copyLots(lots, 1, mult, 2);
        expect(copy.lte(lots.mul(mult)) && lots.mul(mult).minus(copy).lt('0.01')).toBe(true);
      }),
    );
  });
});

describe('trader statistics', () => {
  const day = 86_400_000;
  const trades: ClosedTrade[] = [
    { profit: '120', fee: '2', overnight_fee: '1', margin: '1000', closed_at: 40 * day },
    { profit: '-50', fee: '2', overnight_fee: '0', margin: '500', closed_at: 45 * day },
    { profit: '3', fee: '2', overnight_fee: '1', margin: '100', closed_at: 55 * day },
    { profit: '30', fee: '1', overnight_fee: '0', margin: '400', closed_at: 58 * day },
  ];
  it('nets fees out of a result', () => {
    expect(netPnl(trades[0]!).toFixed()).toBe('117');
    expect(netPnl(trades[2]!).toFixed()).toBe('0');
  });
  it('counts a win only when the net result is positive', () => {
    // 117 win, −52 loss, 0 not a win, 29 win → 2 of 4.
    expect(accuracy(trades)!.toFixed()).toBe('0.5');
    expect(accuracy([])).toBeNull();
  });
  it('divides the net result by the margin of the positions closed in the window', () => {
    // Last 7 days before day 60: closed at 55 and 58 → (0 + 29) / 500 = 0.058.
    expect(rateOfReturn(trades, 53 * day)!.toFixed()).toBe('0.058');
    // 30 days: all → (117 − 52 + 0 + 29) / 2000 = 0.047.
    expect(rateOfReturn(trades, 30 * day)!.toFixed()).toBe('0.047');
    expect(rateOfReturn(trades, 59 * day)).toBeNull();
  });
});
