import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits } from '../../domain/decimal';
import type { BookLevel, DepthBook } from '../../domain/market/types';
import { applyDepthDelta, buildBookView, createBook, groupSide, readBook } from '../../worker/market/orderBook';
import { buildTradeViews, TAPE_ROWS } from '../../worker/market/tape';

/** The naive reference: a map per side, re-sorted on read. */
function naive(snapshot: DepthBook, deltas: DepthBook[]): { bids: [number, number][]; asks: [number, number][] } {
  const bids = new Map<number, number>();
  const asks = new Map<number, number>();
  const put = (side: Map<number, number>, levels: BookLevel[]) => {
    for (const [p, q] of levels) {
      const units = Math.round(Number(p) * 100);
      if (Number(q) === 0) side.delete(units);
      else side.set(units, Math.round(Number(q) * 1000));
    }
  };
  put(bids, snapshot.bids);
  put(asks, snapshot.asks);
  for (const d of deltas) {
    put(bids, d.bids);
    put(asks, d.asks);
  }
  return {
    bids: [...bids].sort((a, b) => b[0] - a[0]),
    asks: [...asks].sort((a, b) => a[0] - b[0]),
  };
}

const level = (lo: number, hi: number, zero = false) =>
  fc
    .tuple(fc.integer({ min: lo, max: hi }), fc.integer({ min: zero ? 0 : 1, max: 50_000 }))
    .map(([p, q]): BookLevel => [formatUnits(p, 2), formatUnits(q, 3)]);
const side = (lo: number, hi: number, zero: boolean) => fc.array(level(lo, hi, zero), { maxLength: 60 });
const book = (zero: boolean) => fc.record({ bids: side(1, 5_000, zero), asks: side(5_001, 10_000, zero) });

describe('worker order book (sorted integer arrays)', () => {
  it('equals a naive map re-sorted on read, under random deltas', () => {
    fc.assert(
      fc.property(book(false), fc.array(book(true), { maxLength: 30 }), (snapshot, deltas) => {
        const live = createBook({ ...snapshot, step: '0.01' });
        for (const d of deltas) applyDepthDelta(live, d);
        const ref = naive(snapshot, deltas);
        expect(live.bids.prices).toEqual(ref.bids.map((l) => l[0]));
        expect(live.bids.qtys).toEqual(ref.bids.map((l) => l[1]));
        expect(live.asks.prices).toEqual(ref.asks.map((l) => l[0]));
        expect(live.asks.qtys).toEqual(ref.asks.map((l) => l[1]));
        for (let i = 1; i < live.bids.prices.length; i++) expect(live.bids.prices[i]!).toBeLessThan(live.bids.prices[i - 1]!);
        for (let i = 1; i < live.asks.prices.length; i++) expect(live.asks.prices[i]!).toBeGreaterThan(live.asks.prices[i - 1]!);
      }),
      { numRuns: 200 },
    );
  });

  it('groups bids down and asks up, with cumulative sizes equal to a naive sum', () => {
    fc.assert(
      fc.property(book(false), fc.constantFrom(1, 10, 100), (snapshot, group) => {
        const live = createBook({ ...snapshot, step: '0.01' });
        const ref = naive(snapshot, []);
        for (const [name, rows, floor] of [
          ['bids', ref.bids, true],
          ['asks', ref.asks, false],
        ] as const) {
          const grouped = groupSide(live[name], group, 20);
          const buckets = new Map<number, number>();
          for (const [p, q] of rows) {
            const b = floor ? Math.floor(p / group) * group : Math.ceil(p / group) * group;
            buckets.set(b, (buckets.get(b) ?? 0) + q);
          }
          const expected = [...buckets].sort((a, b) => (floor ? b[0] - a[0] : a[0] - b[0])).slice(0, 20);
          expect(grouped.map((r) => [r.price, r.qty])).toEqual(expected);
          let total = 0;
          for (const r of grouped) expect(r.total).toBe((total += r.qty));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('fills 20 rows a side at × 1, × 10 and × 100 from a server-shaped deep book', () => {
    // The simulator's layout: 100 levels at every step, then 100 every 20 steps.
    const step = 50;
    const bids: BookLevel[] = [];
    const asks: BookLevel[] = [];
    const bestBid = 6_725_000;
    for (let i = 0; i < 100; i++) {
      bids.push([formatUnits(bestBid - i * step, 2), '0.10000']);
      asks.push([formatUnits(bestBid + step + i * step, 2), '0.10000']);
    }
    const coarse = step * 20;
    const firstBid = Math.floor((bestBid - 99 * step - 1) / coarse) * coarse;
    const firstAsk = Math.ceil((bestBid + 100 * step + 1) / coarse) * coarse;
    for (let i = 0; i < 100; i++) {
      bids.push([formatUnits(firstBid - i * coarse, 2), '1.00000']);
      asks.push([formatUnits(firstAsk + i * coarse, 2), '1.00000']);
    }
    const live = createBook({ bids, asks, step: '0.50' });
    for (const group of [1, 10, 100]) {
      const view = buildBookView(live, { group, groups: [1, 10, 100], rows: 20, priceDecimals: 2 });
      expect(view.bids).toHaveLength(20);
      expect(view.asks).toHaveLength(20);
    }
    const x100 = buildBookView(live, { group: 100, groups: [1, 10, 100], rows: 20, priceDecimals: 2, lang: 'en' });
    expect(x100.groupTexts).toEqual(['0.50', '5.00', '50.00']);
    expect(x100.bids[0]!.price).toBe('67250.00');
    expect(x100.bids[0]!.priceText).toBe('67,250.00');
    expect(x100.asks[0]!.price).toBe('67300.00');
    expect(x100.bids.at(-1)!.ratio).toBeLessThanOrEqual(1);
    expect(Math.max(x100.bids.at(-1)!.ratio, x100.asks.at(-1)!.ratio)).toBe(1);
  });

  it('widens its decimals when a level needs more, and reads back what it was given', () => {
    const live = createBook({ bids: [['99', '1']], asks: [['100', '2']] });
    applyDepthDelta(live, { bids: [['99.25', '0.5']], asks: [['100', '0']] });
    expect(readBook(live)).toEqual({
      bids: [
        ['99.25', '0.5'],
        ['99.00', '1.0'],
      ],
      asks: [],
    });
  });

  it('writes prices in the language and keeps the plain price for the order form', () => {
    const live = createBook({ bids: [['1234.5', '2']], asks: [['1235.5', '1']], step: '0.5' });
    const vi = buildBookView(live, { group: 1, groups: [1, 10, 100], rows: 20, priceDecimals: 2, lang: 'vi' });
    expect(vi.bids[0]).toMatchObject({ price: '1234.50', priceText: '1.234,50', qtyText: '2' });
    expect(vi.spreadText).toBe('1,00');
  });
});

describe('trade tape', () => {
  it('keeps the newest trades, written for display with the taker side', () => {
    const trades = Array.from({ length: 50 }, (_, i) => ({
      id: i,
      price: '67250.10',
      qty: '0.01000',
      side: i % 2 ? ('buy' as const) : ('sell' as const),
      ts: Date.UTC(2024, 0, 1, 12, 0, i),
    }));
    const views = buildTradeViews(trades, 'en');
    expect(views).toHaveLength(TAPE_ROWS);
    expect(views[0]).toMatchObject({ id: 0, side: 'sell', priceText: '67,250.10', qtyText: '0.01000' });
    expect(views[0]!.timeText).toMatch(/^\d\d:\d\d:\d\d$/);
  });
});
