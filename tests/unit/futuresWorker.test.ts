import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { formatNumber, formatPercent, formatPrice } from '../../domain/format';
import { liquidationPrice, openCost, profit, returnOnMargin, riskRate } from '../../domain/futures/formulas';
import type { FuturesSettings, FuturesTrade } from '../../domain/futures/types';
import type { Ticker } from '../../domain/market/types';
import type { BalanceRow, PrivateSnapshot } from '../../domain/protocol';
import { staleGroups } from '../../src/api/liveInvalidation';
import { QUERY_GROUPS } from '../../src/api/queryKeys';
import { lotsForFraction, previewOrder } from '../../worker/futures/preview';
import { createWorkerState } from '../../worker/state';

const SETTINGS: FuturesSettings = {
  match_id: 1,
  symbol: 'BTC/USDT',
  price_decimals: 2,
  contract_size: '0.01',
  spread: '0.0005',
  fee_rate: '0.001',
  overnight_rate: '0.0002',
  multiples: [5, 10, 20, 50, 100],
  min_lots: '0.01',
  max_lots: '1000',
  lot_decimals: 2,
  liquidation_risk: '50',
  price_band: '0.2',
  liquidation_fee_rate: '0.005',
  brackets: [
    { max_notional: '50000', max_multiple: 100, maintenance_rate: '0.005' },
    { max_notional: '20000000', max_multiple: 5, maintenance_rate: '0.1' },
  ],
  max_position_lots: '5000',
};
const ETH: FuturesSettings = { ...SETTINGS, match_id: 2, symbol: 'ETH/USDT' };

const ticker = (symbol: string, price: string, id = 1): Ticker => ({
  id,
  symbol,
  base: symbol.split('/')[0]!,
  quote: symbol.split('/')[1]!,
  currency_id: id,
  legal_id: 3,
  category: 'crypto',
  price_decimals: 2,
  qty_decimals: 4,
  price,
  open: price,
  high: price,
  low: price,
  change: '0',
  volume: '1',
  turnover: '1',
  ts: 1,
});

const lever = (available: string): BalanceRow => ({ account: 3, currency_id: 3, currency: 'USDT', available, frozen: '0' });

function position(id: number, over: Partial<FuturesTrade> = {}): FuturesTrade {
  return {
    id,
    product: 'futures',
    symbol: 'BTC/USDT',
    match_id: 1,
    side: 'long',
    kind: 'market',
    status: 'open',
    open: true,
    share: '10',
    number: '0.1',
    multiple: 20,
    target_price: null,
    open_price: '60030',
    quote_usdt: '1',
    margin: '300.15',
    fee: '6.003',
    overnight_fee: '0',
    target_profit_price: null,
    stop_loss_price: null,
    profit: null,
    close_price: null,
    close_reason: null,
    created_at: id,
    opened_at: id,
    closed_at: null,
    updated_at: id,
    ...over,
  };
}

function snapshot(available: string, positions: FuturesTrade[] = [], orders: FuturesTrade[] = []): PrivateSnapshot {
  return {
    topic: 'user',
    seq: 1,
    data: {
      session: { user_id: 7 },
      balances: [lever(available)],
      notifications: { unread: 0, recent: [] },
      support: { unread: 0, recent: [] },
      orders,
      positions,
    },
  };
}

/** A worker state fed the way the feed feeds it. */
function setup(available: string, positions: FuturesTrade[] = [], orders: FuturesTrade[] = []) {
  const state = createWorkerState();
  const feed = state.feedHandlers(() => {});
  state.futures.setSettings([SETTINGS, ETH]);
  feed.snapshot({ topic: 'quotes', kind: 'quotes', seq: 1, data: [ticker('BTC/USDT', '60000'), ticker('ETH/USDT', '3000', 2)] });
  feed.privateSnapshot(snapshot(available, positions, orders));
  let seq = 1;
  const tick = (...list: Ticker[]) => feed.message({ topic: 'quotes', kind: 'quotes', seq: ++seq, data: list });
  return { state, feed, tick };
}

describe('futures worker: preview', () => {
  it('is openCost at the worker price, with the estimated liquidation price', () => {
    const { state } = setup('1000');
    const p = previewOrder(state.futures, { match_id: 1, side: 'long', market: true, lots: '10', multiple: 20 }, 'en');
    expect(p.problem).toBeNull();
    expect(p.figures).toMatchObject({ price: '60030', margin: '300.15', fee: '6.003', total: '306.153', marginText: '300.15' });
    const liq = liquidationPrice({
      side: 'long',
      open: '60030',
      number: '0.1',
      quoteUsdt: '1',
      available: new Decimal('1000').minus('306.153'),
      totalMargin: '300.15',
      otherProfit: '0',
      threshold: '50',
      priceDecimals: 2,
    });
    expect(p.figures!.liquidationText).toBe(formatPrice(liq!, 2, 'en'));
  });

  it('names what the server would refuse', () => {
    const { state } = setup('100');
    const base = { match_id: 1, side: 'long' as const, market: true, multiple: 20 };
    const problem = (over: object) => previewOrder(state.futures, { ...base, lots: '1', ...over }, 'en').problem;
    expect(problem({ lots: '' })).toBe('lotsRequired');
    expect(problem({ lots: '1e3' })).toBe('lotsInvalid');
    expect(problem({ lots: '-1' })).toBe('lotsInvalid');
    expect(problem({ lots: '0' })).toBe('lotsInvalid');
    expect(problem({ lots: '0.001' })).toBe('lotsDecimals');
    expect(problem({ lots: '1001' })).toBe('lotsMax');
    expect(problem({ multiple: 7 })).toBe('multiple');
    expect(problem({ market: false, price: '' })).toBe('priceRequired');
    expect(problem({ market: false, price: '60000.123' })).toBe('priceDecimals');
    expect(problem({ match_id: 99 })).toBe('loading');
    // 10 lots need 306.153; 100 available.
    const short = previewOrder(state.futures, { ...base, lots: '10' }, 'en');
    expect(short.problem).toBe('insufficient');
    expect(short.figures?.total).toBe('306.153');
    expect(problem({ lots: '1' })).toBeNull();
  });

  it('equals the domain formulas for random prices, lots and multiples (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(...SETTINGS.multiples),
        fc.constantFrom('long' as const, 'short' as const),
        fc.boolean(),
        (priceCents, lotCents, multiple, side, market) => {
          const { state } = setup('100000000');
          const price = new Decimal(priceCents).div(100).toFixed();
          const lots = new Decimal(lotCents).div(100).toFixed();
          state.futures.applyTickers([ticker('BTC/USDT', price)]);
          const p = previewOrder(state.futures, { match_id: 1, side, market, lots, multiple, price }, 'en');
          const cost = openCost({ side, price, market, lots, multiple, quoteUsdt: '1', settings: SETTINGS });
          expect(p.figures).toMatchObject({ price: cost.price.toFixed(), margin: cost.margin.toFixed(), fee: cost.fee.toFixed() });
          expect(p.figures!.total).toBe(cost.total.toFixed());
        },
      ),
      { numRuns: 60 },
    );
  });

  it('sizes the percentage buttons within the available balance', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.constantFrom(0.25, 0.5, 0.75, 1), (availableCents, fraction) => {
        const available = new Decimal(availableCents).div(100);
        const { state } = setup(available.toFixed());
        const input = { match_id: 1, side: 'long' as const, market: true, multiple: 20 };
        const lots = lotsForFraction(state.futures, input, fraction);
        const budget = available.mul(fraction);
        if (lots === null) {
          // Not even the least lots fit.
          const least = openCost({ ...input, price: '60000', lots: SETTINGS.min_lots, quoteUsdt: '1', settings: SETTINGS });
          expect(least.total.gt(budget)).toBe(true);
          return;
        }
        const cost = openCost({ ...input, price: '60000', lots, quoteUsdt: '1', settings: SETTINGS });
        expect(cost.total.lte(budget)).toBe(true);
        const more = new Decimal(lots).plus('0.01');
        if (more.lte(SETTINGS.max_lots))
          expect(openCost({ ...input, price: '60000', lots: more, quoteUsdt: '1', settings: SETTINGS }).total.gt(budget)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});

describe('futures worker: live positions', () => {
  it('ships P&L, return on margin, risk rate and liquidation equal to the domain formulas (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 20_000_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.constantFrom(...SETTINGS.multiples),
        fc.constantFrom('long' as const, 'short' as const),
        (markCents, lotCents, multiple, side) => {
          const lots = new Decimal(lotCents).div(100).toFixed();
          const cost = openCost({ side, price: '60000', market: true, lots, multiple, quoteUsdt: '1', settings: SETTINGS });
          const pos = position(1, {
            side,
            share: lots,
            number: cost.number.toFixed(),
            multiple,
            open_price: cost.price.toFixed(),
            margin: cost.margin.toFixed(),
            fee: cost.fee.toFixed(),
          });
          const { state, tick } = setup('500', [pos]);
          const first = state.take().futures!.positions![0]!;
          const mark = new Decimal(markCents).div(100).toFixed();
          tick(ticker('BTC/USDT', mark));
          const view = state.take().futures!;
          const pnl = profit(side, pos.open_price!, mark, pos.number, '1');
          // The row comes whole first, then as the fields that changed (merged as the UI does).
          const patch = view.positions![0]!;
          expect(Object.keys(patch).length).toBeLessThan(Object.keys(first).length);
          const row = { ...first, ...patch };
          expect(row.pnlText).toBe((pnl.gt(0) ? '+' : '') + formatNumber(pnl, 'en', { maxDecimals: 2 }));
          expect(row.romText).toBe(formatPercent(returnOnMargin(pnl, pos.margin), 'en'));
          expect(row.tone).toBe(pnl.isZero() ? 'flat' : pnl.gt(0) ? 'up' : 'down');
          const rate = riskRate('500', pos.margin, pnl)!;
          expect(view.account!.riskText).toBe(formatNumber(rate, 'en', { maxDecimals: 2 }) + '%');
          const liq = liquidationPrice({
            side,
            open: pos.open_price!,
            number: pos.number,
            quoteUsdt: '1',
            available: '500',
            totalMargin: pos.margin,
            otherProfit: '0',
            threshold: '50',
            priceDecimals: 2,
          });
          expect(row.liquidationText).toBe(liq ? formatPrice(liq, 2, 'en') : '--');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('recomputes only the symbols that ticked, once per snapshot', () => {
    const eth = position(2, { symbol: 'ETH/USDT', match_id: 2, open_price: '3001.5', number: '0.1', margin: '15.0075' });
    const { state, tick } = setup('1000', [position(1), eth]);
    state.take();
    const before = state.futures.stats.pnl;
    // Five ETH ticks between two snapshots: one recompute, of the ETH position only.
    for (const p of ['3001', '3002', '3003', '3004', '3005']) tick(ticker('ETH/USDT', p, 2));
    const view = state.take().futures!;
    expect(state.futures.stats.pnl - before).toBe(1);
    // The BTC row's P&L did not move; only its liquidation estimate (the others' P&L) may change.
    expect(view.positions!.map((r) => r.id)).toContain(2);
    expect(view.positions!.find((r) => r.id === 2)!.markText).toBe('3,005.00');
    // A tick of a symbol with no position does not even dirty the state.
    tick(ticker('SOL/USDT', '150', 3));
    expect(state.futures.isDirty).toBe(false);
    // The same price again is no tick.
    tick(ticker('ETH/USDT', '3005', 2));
    expect(state.futures.isDirty).toBe(false);
    expect(state.futures.stats.pnl - before).toBe(1);
  });

  it('follows the private channel: positions opened and closed, orders entrusted and cancelled, balance', () => {
    const { state, feed } = setup('1000');
    expect(state.take().futures).toMatchObject({ positionIds: [], orders: [], account: { riskText: null, availableText: '1,000.00' } });
    const order = position(5, { status: 'entrusted', kind: 'limit', target_price: '59000', open_price: null });
    feed.user({ topic: 'user', kind: 'orders', seq: 2, data: [order] });
    expect(state.take().futures!.orders).toMatchObject([{ id: 5, priceText: '59,000.00', lotsText: '10' }]);
    feed.user({ topic: 'user', kind: 'orders', seq: 3, data: [{ ...order, status: 'open', open: false }] });
    feed.user({ topic: 'user', kind: 'positions', seq: 4, data: [position(5, { open_price: '59000' })] });
    feed.user({ topic: 'user', kind: 'balances', seq: 5, data: [lever('693.847')] });
    const view = state.take().futures!;
    expect(view.orders).toEqual([]);
    expect(view.positionIds).toEqual([5]);
    expect(view.positions![0]).toMatchObject({ id: 5, openText: '59,000.00', markText: '60,000.00', pnlText: '+100.00' });
    expect(view.account).toMatchObject({ availableText: '693.85', marginText: '300.15', pnlText: '+100.00' });
    feed.user({ topic: 'user', kind: 'positions', seq: 6, data: [position(5, { status: 'closed', open: false })] });
    expect(state.take().futures).toMatchObject({ positionIds: [], account: { riskText: null } });
  });

  it('writes its figures in the interface language', () => {
    const { state } = setup('1234.5', [position(1)]);
    state.futures.setLang('vi');
    const view = state.take().futures!;
    expect(view.account!.availableText).toBe('1.234,50');
    expect(view.positions![0]!.markText).toBe('60.000,00');
  });
});

describe('futures queries follow the private channel', () => {
  it('a futures order or position change refreshes the lever lists and balances; another product not the lever lists', () => {
    const item = { id: 1, product: 'futures', symbol: 'BTC/USDT', open: true, updated_at: 1 };
    expect([...staleGroups({ kind: 'positions', data: [item] })].sort()).toEqual(['balances', 'futures']);
    expect([...staleGroups({ kind: 'orders', data: [{ ...item, status: 'entrusted', created_at: 1 }] })].sort()).toEqual([
      'balances',
      'futures',
    ]);
    expect(staleGroups({ kind: 'orders', data: [{ ...item, product: 'spot', status: 'open', created_at: 1 }] })).not.toContain('futures');
    expect(QUERY_GROUPS.futures).toEqual(['/lever/deal', '/lever/dealall', '/lever/my_trade']);
  });
});

describe('futures worker: percentages', () => {
  it('writes the risk rate and distance with the language’s percent sign', () => {
    const { state } = setup('1000', [position(1)]);
    state.futures.setLang('fra');
    const view = state.take().futures!;
    expect(view.account!.riskText).toMatch(/\u00a0%$|\u202f%$/);
    expect(view.positions![0]!.distanceText).toMatch(/\u00a0%$|\u202f%$/);
  });
});
