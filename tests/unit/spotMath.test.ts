/**
 * Spot math and settlement: the domain formulas on hand-checked figures, rounding
 * always against the user, and the properties the server and the worker rely on: the worker's
 * preview (its own book, rebuilt from the feed's snapshot) equals the server's settlement of the
 * same order on the recorded book; a 100 % buy never costs more than the balance; a settlement
 * balances (spent and received + fee match the fills).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { BookLevel } from '../../domain/market/types';
import {
  averagePrice,
  buyAmountFor,
  limitCrossed,
  limitFill,
  limitFillPrice,
  limitFreeze,
  marketableLimitFills,
  marketOrder,
  maxBuyAmount,
  quoteValue,
  sellAmountFor,
  settleFills,
  spotFee,
  walkBook,
} from '../../domain/spot/formulas';
import type { SpotSettings } from '../../domain/spot/types';
import { createBook, readBook } from '../../worker/market/orderBook';
import { amountForFraction, previewSpot } from '../../worker/spot/preview';

const BTC: SpotSettings = {
  match_id: 1,
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  currency_id: 1,
  legal_id: 3,
  price_decimals: 2,
  qty_decimals: 5,
  base_decimals: 8,
  quote_decimals: 6,
  fee_rate: '0.001',
  min_amount: '0.00001',
  max_amount: '10000',
  min_total: '1',
  price_band: '0.2',
};
const ASKS: BookLevel[] = [
  ['60000.00', '0.5'],
  ['60000.50', '1.2'],
  ['60010.00', '3'],
];
const BIDS: BookLevel[] = [
  ['59999.50', '0.4'],
  ['59990.00', '2'],
];

describe('spot formulas', () => {
  it('walks the book level by level', () => {
    const w = walkBook(ASKS, '1');
    expect(w.fills).toEqual([
      { price: '60000.00', amount: '0.5' },
      { price: '60000.50', amount: '0.5' },
    ]);
    expect(w.total.toFixed()).toBe('60000.25');
    expect(w.filled.toFixed()).toBe('1');
    expect(walkBook(ASKS, '10').filled.toFixed()).toBe('4.7');
    expect(marketOrder('buy', ASKS, '10', BTC)).toBeNull();
  });

  it('rounds against the user: a buy pays up, a sell receives down, every fee up', () => {
    expect(quoteValue('buy', '1.0000001', 6).toFixed()).toBe('1.000001');
    expect(quoteValue('sell', '1.0000009', 6).toFixed()).toBe('1');
    expect(averagePrice('buy', '10', '3', 2).toFixed()).toBe('3.34');
    expect(averagePrice('sell', '10', '3', 2).toFixed()).toBe('3.33');
    expect(spotFee('0.00999', '0.001', 8).toFixed()).toBe('0.00000999');
    expect(spotFee('0.009999', '0.001', 8).toFixed()).toBe('0.00001');
    expect(spotFee('3050', '0.001', 6).toFixed()).toBe('3.05');
  });

  it('settles a market buy and a market sell', () => {
    const buy = marketOrder('buy', ASKS, '1', BTC)!.settlement;
    expect([buy.total, buy.avgPrice, buy.fee, buy.spent, buy.received].map((d) => d.toFixed())).toEqual([
      '60000.25',
      '60000.25',
      '0.001',
      '60000.25',
      '0.999',
    ]);
    const sell = marketOrder('sell', BIDS, '0.5', BTC)!.settlement;
    // 0.4 × 59999.5 + 0.1 × 59990 = 23999.8 + 5999 = 29998.8
    expect([sell.total, sell.avgPrice, sell.fee, sell.spent, sell.received].map((d) => d.toFixed())).toEqual([
      '29998.8',
      '59997.6',
      '29.9988',
      '0.5',
      '29968.8012',
    ]);
  });

  it('a limit order freezes what its fill spends, and fills when the price crosses', () => {
    expect(limitFreeze('buy', '0.01', '59000', 6).toFixed()).toBe('590');
    expect(limitFreeze('sell', '0.01', '59000', 6).toFixed()).toBe('0.01');
    expect(limitFill('buy', '0.01', '59000', BTC).spent.toFixed()).toBe('590');
    expect(limitCrossed('buy', '59000', '59000')).toBe(true);
    expect(limitCrossed('buy', '59000', '59000.01')).toBe(false);
    expect(limitCrossed('sell', '61000', '61000')).toBe(true);
    expect(limitCrossed('sell', '61000', '60999.99')).toBe(false);
  });

  it('a crossed limit fills at the better of its limit and the execution price, never worse than either', () => {
    expect(limitFillPrice('buy', '59000', '58990').toFixed()).toBe('58990');
    expect(limitFillPrice('buy', '59000', '59010').toFixed()).toBe('59000');
    expect(limitFillPrice('sell', '61500', '62000').toFixed()).toBe('62000');
    expect(limitFillPrice('sell', '61500', '61000').toFixed()).toBe('61500');
    // The red team's buy at 3 × the market (206,159 with the market at 68,720) would have filled at the market.
    expect(limitFillPrice('buy', '206159', '68720').toFixed()).toBe('68720');
  });

  it('a limit the market crosses when placed takes the book within its limit, else fills whole at the last price', () => {
    // Within the limit the book can fill it: its levels, like a market order.
    expect(marketableLimitFills('buy', ASKS, '1', '60000.50', '59999')).toEqual([
      { price: '60000.00', amount: '0.5' },
      { price: '60000.50', amount: '0.5' },
    ]);
    expect(marketableLimitFills('sell', BIDS, '0.5', '59000', '60000')).toEqual([
      { price: '59999.50', amount: '0.4' },
      { price: '59990.00', amount: '0.1' },
    ]);
    // Only 0.5 lies at or below 60,000.30: the whole 1 fills at min(limit, last), as the engine would.
    expect(marketableLimitFills('buy', ASKS, '1', '60000.30', '59999')).toEqual([{ price: '59999', amount: '1' }]);
    expect(marketableLimitFills('sell', BIDS, '3', '59995', '60001')).toEqual([{ price: '60001', amount: '3' }]);
    // No book at all: the same.
    expect(marketableLimitFills('buy', undefined, '0.01', '66200', '64170')).toEqual([{ price: '64170', amount: '0.01' }]);
    // The docs' example: the market at 64,170, a buy of 0.001 limited at 66,200 pays the best ask, not 66,200.
    const book: BookLevel[] = [
      ['64170.50', '0.3'],
      ['64171.00', '0.8'],
    ];
    const fills = marketableLimitFills('buy', book, '0.001', '66200', '64170');
    expect(fills).toEqual([{ price: '64170.50', amount: '0.001' }]);
    const s = settleFills('buy', fills, BTC);
    expect([s.spent, s.avgPrice].map((d) => d.toFixed())).toEqual(['64.1705', '64170.5']);
    // It froze 66.2: the fill spends 64.1705 and the excess returns.
    expect(limitFreeze('buy', '0.001', '66200', 6).minus(s.spent).toFixed()).toBe('2.0295');
  });

  it('the preview: a limit outside the band is refused as the server would; a crossed limit says it fills now, at the book', () => {
    const ctx = { settings: BTC, book: { asks: ASKS, bids: BIDS }, mark: '60000.00', baseAvailable: '1', quoteAvailable: '100000' };
    const out = previewSpot(ctx, { match_id: 1, side: 'buy', kind: 'limit', amount: '0.001', price: '180000' }, 'en');
    expect(out).toEqual({ problem: 'outsideBand', params: { min: '48000.00', max: '72000.00', band: '20' }, figures: null });
    expect(previewSpot(ctx, { match_id: 1, side: 'sell', kind: 'limit', amount: '0.001', price: '47999.99' }, 'en').problem).toBe(
      'outsideBand',
    );
    const now = previewSpot(ctx, { match_id: 1, side: 'buy', kind: 'limit', amount: '1', price: '63000' }, 'en');
    expect(now.problem).toBeNull();
    expect(now.figures).toMatchObject({ fillsNow: true, avgPrice: '60000.25', total: '60000.25', spend: '63000' });
    const resting = previewSpot(ctx, { match_id: 1, side: 'buy', kind: 'limit', amount: '1', price: '59000' }, 'en');
    expect(resting.figures).toMatchObject({ fillsNow: false, avgPrice: '59000', total: '59000' });
    const sell = previewSpot(ctx, { match_id: 1, side: 'sell', kind: 'limit', amount: '0.5', price: '57000' }, 'en');
    expect(sell.figures).toMatchObject({ fillsNow: true, total: '29998.8' });
    // The price unknown yet: no band and no crossing to judge; the figures at the limit.
    const blind = previewSpot({ ...ctx, mark: undefined }, { match_id: 1, side: 'buy', kind: 'limit', amount: '1', price: '180000' }, 'en');
    expect(blind.figures).toMatchObject({ fillsNow: false, avgPrice: '180000' });
  });

  it('the percentage amounts: a sell is that share of the base, rounded down', () => {
    expect(sellAmountFor('0.123456789', '0.25', 5).toFixed()).toBe('0.03086');
    expect(buyAmountFor('600', BTC, { price: '60000' }).toFixed()).toBe('0.01');
    expect(buyAmountFor('0', BTC, { asks: ASKS }).toFixed()).toBe('0');
  });
});

const level = () =>
  fc.tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 5_000_000 })).map(([p, q]) => [p, q] as const);

/** A random book: distinct ascending asks and descending bids at the pair's decimals. */
const books = fc
  .tuple(fc.array(level(), { minLength: 1, maxLength: 30 }), fc.array(level(), { minLength: 1, maxLength: 30 }))
  .map(([a, b]) => {
    const side = (levels: (readonly [number, number])[], base: number, dir: 1 | -1): BookLevel[] => {
      const seen = new Set<number>();
      return levels
        .filter(([p]) => (seen.has(p) ? false : (seen.add(p), true)))
        .sort((x, y) => x[0] - y[0])
        .map(([p, q]) => [new Decimal(base + dir * p).div(100).toFixed(2), new Decimal(q).div(100_000).toFixed(5)]);
    };
    return { asks: side(a, 6_000_000, 1), bids: side(b, 5_990_000, -1) };
  })
  .filter((b) => b.bids.every(([p]) => new Decimal(p).gt(0)));

describe('spot properties', () => {
  it('the worker preview equals the server settlement on the same book, for random books, amounts and sides', () => {
    fc.assert(
      fc.property(books, fc.integer({ min: 1, max: 20_000_000 }), fc.boolean(), (book, units, buy) => {
        const side = buy ? 'buy' : 'sell';
        const amount = new Decimal(units).div(100_000).toFixed();
        // The worker's book went through the feed: a snapshot, its own integer representation, read back.
        const workerBook = readBook(createBook({ ...book, step: '0.01' }));
        const preview = previewSpot(
          { settings: BTC, book: workerBook, mark: undefined, baseAvailable: '1e9', quoteAvailable: '1e15' },
          { match_id: 1, side, kind: 'market', amount },
          'en',
        );
        const server = marketOrder(side, buy ? book.asks : book.bids, amount, BTC);
        if (!server) {
          expect(preview.problem).toBe('bookThin');
          return;
        }
        expect(preview.figures).not.toBeNull();
        expect(preview.figures!.total).toBe(server.settlement.total.toFixed());
        expect(preview.figures!.avgPrice).toBe(server.settlement.avgPrice.toFixed());
        expect(preview.figures!.fee).toBe(server.settlement.fee.toFixed());
        expect(preview.figures!.receive).toBe(server.settlement.received.toFixed());
        // Balanced: what arrives plus the fee is the gross of the fills.
        const gross = buy ? server.settlement.amount : server.settlement.total;
        expect(server.settlement.received.plus(server.settlement.fee).eq(gross)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a 100 % buy never costs more than the balance and is refused by neither preview nor server', () => {
    fc.assert(
      fc.property(books, fc.integer({ min: 1, max: 100_000_000_000 }), fc.constantFrom(0.25, 0.5, 0.75, 1), (book, micro, fraction) => {
        const available = new Decimal(micro).div(1_000_000).toFixed();
        const ctx = { settings: BTC, book, mark: undefined, baseAvailable: '0', quoteAvailable: available };
        const amount = amountForFraction(ctx, { match_id: 1, side: 'buy', kind: 'market' }, fraction);
        if (amount === null) return;
        const order = marketOrder('buy', book.asks, amount, BTC)!;
        expect(order).not.toBeNull();
        expect(order.settlement.spent.lte(new Decimal(available).mul(fraction))).toBe(true);
        const preview = previewSpot(ctx, { match_id: 1, side: 'buy', kind: 'market', amount }, 'en');
        expect(preview.problem === null || preview.problem === 'totalMin').toBe(true);
        // And it is the most: one unit more would cost more than the budget or the book holds.
        const more = new Decimal(amount).plus('0.00001');
        const bigger = marketOrder('buy', book.asks, more, BTC);
        if (bigger) expect(bigger.settlement.spent.gt(new Decimal(available).mul(fraction)) || more.gt(BTC.max_amount)).toBe(true);
        expect(new Decimal(amount).lte(maxBuyAmount(book.asks, new Decimal(available).mul(fraction), 5))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a crossed limit never fills worse than its limit nor than the execution price, and a buy never spends more than it froze', () => {
    const prices = fc.integer({ min: 1, max: 20_000_000 }).map((c) => new Decimal(c).div(100).toFixed(2));
    fc.assert(
      fc.property(books, fc.boolean(), fc.integer({ min: 1, max: 2_000_000 }), prices, prices, (book, buy, units, a, b) => {
        const side = buy ? 'buy' : 'sell';
        const amount = new Decimal(units).div(100_000).toFixed();
        // The one fill price: never worse than either, and one of them.
        const p = limitFillPrice(side, a, b);
        expect(buy ? p.lte(a) && p.lte(b) : p.gte(a) && p.gte(b)).toBe(true);
        expect(p.eq(a) || p.eq(b)).toBe(true);
        // A limit `a` the last price `last` crosses (the better of a and b is the last price).
        const last = p.toFixed();
        const levels = buy ? book.asks : book.bids;
        const fills = marketableLimitFills(side, levels, amount, a, last);
        expect(fills.reduce((sum, f) => sum.plus(f.amount), new Decimal(0)).eq(amount)).toBe(true);
        for (const f of fills) {
          expect(limitCrossed(side, a, f.price)).toBe(true);
          // Execution price: the book level it took, or the last price when the book could not fill it within the limit.
          const fromBook = levels.some(([lp]) => new Decimal(lp).eq(f.price));
          expect(fromBook || (fills.length === 1 && new Decimal(f.price).eq(last))).toBe(true);
        }
        // When the book within the limit fills it all, exactly the market order's fills.
        const market = marketOrder(side, levels, amount, BTC);
        if (market && market.fills.every((f) => limitCrossed(side, a, f.price))) expect(fills).toEqual(market.fills);
        const settled = settleFills(side, fills, BTC);
        if (buy) expect(settled.spent.lte(limitFreeze('buy', amount, a, 6))).toBe(true);
        else expect(settled.total.gte(quoteValue('sell', new Decimal(amount).mul(a), 6))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('a limit buy at any price: the 100 % amount freezes at most the balance, and the fill spends exactly the frozen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), fc.integer({ min: 1, max: 100_000_000_000 }), (cents, micro) => {
        const price = new Decimal(cents).div(100).toFixed();
        const available = new Decimal(micro).div(1_000_000);
        const amount = buyAmountFor(available, BTC, { price });
        const frozen = limitFreeze('buy', amount, price, 6);
        expect(frozen.lte(available)).toBe(true);
        if (amount.gt(0)) expect(limitFill('buy', amount, price, BTC).spent.eq(frozen)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
