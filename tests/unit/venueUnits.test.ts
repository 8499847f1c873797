/**
 * A venue's decimal texts on a pair's grid (server/market/venue/venueUnits.ts): trade prices
 * half-even to the tick, book levels merged onto the grid with bids rounded down and asks up,
 * sizes rounded down, bad text refused; properties: a book never shows a better price or more
 * size than the venue's, and its levels stay best first.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, formatUnits } from '../../domain/decimal';
import { bookSide, priceTicks, qtyLots } from '../../server/market/venue/venueUnits';

const BTC = { priceDecimals: 2, qtyDecimals: 5 };

describe('venue prices and sizes on the pair’s grid', () => {
  it('rounds a trade price half-even to the tick', () => {
    expect(priceTicks('95123.45', 2)).toBe(9_512_345);
    expect(priceTicks('95123.455', 2)).toBe(9_512_346);
    expect(priceTicks('95123.445', 2)).toBe(9_512_344);
    expect(priceTicks('95123.4451', 2)).toBe(9_512_345);
    // ccxt's numbers as text: an exponent is a decimal too.
    expect(priceTicks('1e-7', 8)).toBe(10);
    expect(priceTicks('9.5e4', 2)).toBe(9_500_000);
  });

  it('refuses what is not a positive decimal, or rounds to nothing', () => {
    for (const bad of ['', 'abc', '-1', '0', '0.001', 'NaN', 'Infinity', '1,000', ' 1']) expect(priceTicks(bad, 2), bad).toBeNull();
    expect(qtyLots('0', 5)).toBeNull();
    expect(qtyLots('-0.1', 5)).toBeNull();
  });

  it('rounds a size down to the lot: the book never shows more than the venue has', () => {
    expect(qtyLots('0.0125', 5)).toBe(1_250n);
    expect(qtyLots('0.000019', 5)).toBe(1n);
    expect(qtyLots('0.000009', 5)).toBe(0n);
  });

  it('merges finer levels onto the grid, bids down and asks up, sizes added, best first, at most `max` levels', () => {
    const bids = bookSide(
      [
        ['95120.004', '0.5'],
        ['95120.001', '0.25'],
        ['95119', '1'],
        ['95118', '0.000001'],
        ['95117', '2'],
      ],
      BTC,
      'bids',
      2,
    );
    expect([...bids]).toEqual([
      [9_512_000, 75_000n],
      [9_511_900, 100_000n],
    ]);
    const asks = bookSide(
      [
        ['95125.001', '2'],
        ['95125.009', '1'],
        ['95126', '3'],
      ],
      BTC,
      'asks',
      10,
    );
    expect([...asks]).toEqual([
      [9_512_501, 300_000n],
      [9_512_600, 300_000n],
    ]);
  });

  it('never shows a better price or more size than the venue’s (property)', () => {
    const level = fc.tuple(
      fc.integer({ min: 1, max: 10_000_000 }),
      fc.integer({ min: 3, max: 5 }),
      fc.integer({ min: 1, max: 10_000_000 }),
    );
    fc.assert(
      fc.property(fc.array(level, { minLength: 1, maxLength: 40 }), fc.constantFrom<'bids' | 'asks'>('bids', 'asks'), (raw, side) => {
        // The venue's levels at 3–5 decimals, best first, distinct.
        const venue = [...new Map(raw.map(([units, decimals, size]) => [formatUnits(units, decimals), formatUnits(size, 6)])).entries()]
          .map(([p, q]) => [p, q] as [string, string])
          .sort((a, b) => (side === 'bids' ? new Decimal(b[0]).cmp(a[0]) : new Decimal(a[0]).cmp(b[0])));
        const ours = [...bookSide(venue, BTC, side, 200)];
        const total = venue.reduce((sum, [, q]) => sum.plus(q), new Decimal(0));
        const shown = ours.reduce((sum, [, lots]) => sum.plus(formatUnits(lots, BTC.qtyDecimals)), new Decimal(0));
        expect(shown.lte(total)).toBe(true);
        const best = new Decimal(venue[0]![0]);
        for (const [ticks] of ours) {
          const price = new Decimal(formatUnits(ticks, BTC.priceDecimals));
          if (side === 'bids') expect(price.lte(best)).toBe(true);
          else expect(price.gte(best)).toBe(true);
        }
        for (let i = 1; i < ours.length; i++) {
          if (side === 'bids') expect(ours[i]![0]).toBeLessThan(ours[i - 1]![0]);
          else expect(ours[i]![0]).toBeGreaterThan(ours[i - 1]![0]);
        }
      }),
    );
  });
});
