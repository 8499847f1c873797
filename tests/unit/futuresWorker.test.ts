import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { formatNumber, formatPercent, formatPrice } from '../../domain/format';
import { limitFillPrice, liquidationPrice, openCost, profit, returnOnMargin, riskRate } from '../../domain/futures/formulas';
import type { FuturesSettings, FuturesTrade } from '../../domain/futures/types';
import type { Ticker } from '../../domain/market/types';
import type { BalanceRow, PrivateSnapshot } from '../../domain/protocol';
import { staleGroups } from '../../src/api/liveInvalidation';
import { QUERY_GROUPS } from '../../src/api/queryKeys';
import { PNL_EVERY_MS } from '../../worker/futures/FuturesSlice';
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

const lever = (available: string): BalanceRow => ({ account: 3, currency_id: 3, currency: 'USDT', available, frozen: '0', v: 0 });

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
  let clock = 1_000_000;
  const state = createWorkerState(() => clock);
  const feed = state.feedHandlers(() => {});
  state.futures.setSettings([SETTINGS, ETH]);
  feed.snapshot({ topic: 'quotes', kind: 'quotes', seq: 1, data: [ticker('BTC/USDT', '60000'), ticker('ETH/USDT', '3000', 2)] });
  feed.privateSnapshot(snapshot(available, positions, orders));
  let seq = 1;
  const tick = (...list: Ticker[]) => feed.message({ topic: 'quotes', kind: 'quotes', seq: ++seq, data: list });
  /** Moves the slices' clock on (ticks alone go at most every PNL_EVERY_MS). */
  const wait = (ms: number) => void (clock += ms);
  return { state, feed, tick, wait };
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

describe('futures worker: preview, trading rules', () => {
  const long = { match_id: 1, side: 'long' as const, multiple: 20 };

  it('a marketable limit is reckoned at its fill price, the better of the limit and the market', () => {
    const { state } = setup('1000');
    // Mark 60,000: a long at 61,000 fills at once at the market with the spread, 60,030.
    const p = previewOrder(state.futures, { ...long, market: false, price: '61000', lots: '10' }, 'en');
    expect(p.problem).toBeNull();
    expect(p.marketable).toBe(true);
    expect(p.improved).toBe(true);
    expect(p.fillText).toBe('60,030.00');
    // Said before the lots are typed too.
    expect(previewOrder(state.futures, { ...long, market: false, price: '61000', lots: '' }, 'en')).toMatchObject({
      problem: 'lotsRequired',
      marketable: true,
      fillText: '60,030.00',
    });
    const cost = openCost({ side: 'long', price: '60030', market: false, lots: '10', multiple: 20, quoteUsdt: '1', settings: SETTINGS });
    expect(limitFillPrice('long', '61000', '60000', SETTINGS.spread, 2).toFixed()).toBe('60030');
    expect(p.figures).toMatchObject({
      price: '60030',
      priceText: '60,030.00',
      margin: cost.margin.toFixed(),
      fee: cost.fee.toFixed(),
      total: cost.total.toFixed(),
    });
    const liq = liquidationPrice({
      side: 'long',
      open: '60030',
      number: '0.1',
      quoteUsdt: '1',
      available: new Decimal('1000').minus(cost.total),
      totalMargin: cost.margin,
      otherProfit: '0',
      threshold: '50',
      priceDecimals: 2,
    });
    expect(p.figures!.liquidationText).toBe(formatPrice(liq!, 2, 'en'));
    // A limit between the mark and the market's price fills at the limit: marketable, no better.
    const at = previewOrder(state.futures, { ...long, market: false, price: '60010', lots: '10' }, 'en');
    expect(at).toMatchObject({ marketable: true, improved: false, figures: { price: '60010' } });
    // A short at 59,000 fills at 59,970.
    const short = previewOrder(state.futures, { ...long, side: 'short', market: false, price: '59000', lots: '10' }, 'en');
    expect(short).toMatchObject({ marketable: true, improved: true, figures: { price: '59970' } });
    // A limit the market has not reached waits at its own price.
    const rest = previewOrder(state.futures, { ...long, market: false, price: '59000', lots: '10' }, 'en');
    expect(rest).toMatchObject({ problem: null, marketable: false, improved: false, fillText: null, figures: { price: '59000' } });
    // A market order is never "marketable" in this sense.
    expect(previewOrder(state.futures, { ...long, market: true, lots: '10' }, 'en').marketable).toBe(false);
  });

  it('refuses a limit price outside the band around the mark, with its bounds', () => {
    const { state } = setup('1000');
    const p = previewOrder(state.futures, { ...long, market: false, price: '80000', lots: '1' }, 'en');
    expect(p.problem).toBe('priceBand');
    expect(p.params).toEqual({ min: '48,000.00', max: '72,000.00', band: '20' });
    // Refused, so it fills nowhere: no figures and no fill price shown.
    expect(p).toMatchObject({ figures: null, fillText: null });
    expect(previewOrder(state.futures, { ...long, side: 'short', market: false, price: '47999.99', lots: '1' }, 'en').problem).toBe(
      'priceBand',
    );
    expect(previewOrder(state.futures, { ...long, market: false, price: '72000', lots: '1' }, 'en').problem).toBeNull();
    // The bounds in the interface language.
    expect(previewOrder(state.futures, { ...long, market: false, price: '80000', lots: '1' }, 'vi').params).toMatchObject({
      min: '48.000,00',
    });
  });

  it('checks take-profit and stop-loss as typed: side, numbers, band, past the liquidation estimate', () => {
    const { state } = setup('1000');
    const stops = (takeProfit: string, stopLoss: string, over: object = {}) =>
      previewOrder(state.futures, { ...long, market: true, lots: '10', takeProfit, stopLoss, ...over }, 'en').stops;
    expect(stops('', '')).toEqual({ takeProfit: null, stopLoss: null });
    expect(stops('65000', '55000')).toEqual({ takeProfit: null, stopLoss: null });
    // Wrong side: a long's take-profit below the entry, its stop-loss above.
    expect(stops('59000', '61000')).toEqual({
      takeProfit: { key: 'validation.takeProfitSide', params: {} },
      stopLoss: { key: 'validation.stopLossSide', params: {} },
    });
    // A short's the reverse.
    expect(stops('65000', '55000', { side: 'short' })).toEqual({
      takeProfit: { key: 'validation.takeProfitSide', params: {} },
      stopLoss: { key: 'validation.stopLossSide', params: {} },
    });
    // Not numbers.
    for (const bad of ['abc', '-5', '0', '1e5'])
      expect(stops(bad, bad)).toEqual({
        takeProfit: { key: 'futures.problem.priceInvalid', params: {} },
        stopLoss: { key: 'futures.problem.priceInvalid', params: {} },
      });
    expect(stops('65000.123', '')).toEqual({
      takeProfit: { key: 'futures.problem.priceDecimals', params: { decimals: 2 } },
      stopLoss: null,
    });
    // Outside the band.
    expect(stops('80000', '40000')).toEqual({
      takeProfit: { key: 'validation.takeProfitOutsideBand', params: { min: '48,000.00', max: '72,000.00', band: '20' } },
      stopLoss: { key: 'validation.stopLossOutsideBand', params: { min: '48,000.00', max: '72,000.00', band: '20' } },
    });
    // Past the liquidation estimate (10 lots at 20× with 1,000 available: about 51,590).
    const p = previewOrder(state.futures, { ...long, market: true, lots: '10', stopLoss: '51000' }, 'en');
    expect(p.stops.stopLoss).toEqual({ key: 'validation.stopLossPastLiquidation', params: { price: p.figures!.liquidationText } });
    expect(new Decimal(p.figures!.liquidationText.replace(/,/g, '')).gt('51000')).toBe(true);
    expect(stops('', '52000').stopLoss).toBeNull();
    // The stops are checked while the lots are still empty (no liquidation estimate yet).
    expect(stops('59000', '', { lots: '' }).takeProfit).toEqual({ key: 'validation.takeProfitSide', params: {} });
  });

  it('refuses a size above the leverage bracket, counting what the user already holds on that side', () => {
    const { state } = setup('100000000');
    // 100 lots at 100× is 60,030 USDT of position; the 100× bracket ends at 50,000.
    const big = previewOrder(state.futures, { ...long, multiple: 100, market: true, lots: '100' }, 'en');
    expect(big.problem).toBe('leverageBracket');
    expect(big.params).toEqual({ multiple: 100, max: '50,000' });
    expect(big.figures?.total).toBeDefined();
    // At 5× the bracket reaches 20,000,000.
    expect(previewOrder(state.futures, { ...long, multiple: 5, market: true, lots: '100' }, 'en').problem).toBeNull();
    // 80 lots held long (48,024) + 5 more (3,001.5) at 100× passes 50,000; a short of 5 does not.
    const held = position(1, { share: '80', number: '0.8', multiple: 100, margin: '480.24', fee: '48.024' });
    const { state: s2 } = setup('100000000', [held]);
    expect(previewOrder(s2.futures, { ...long, multiple: 100, market: true, lots: '5' }, 'en').problem).toBe('leverageBracket');
    expect(previewOrder(s2.futures, { ...long, side: 'short', multiple: 100, market: true, lots: '5' }, 'en').problem).toBeNull();
    // An entrusted order counts at its limit price.
    const order = position(2, { status: 'entrusted', kind: 'limit', target_price: '59000', open_price: null, share: '80', number: '0.8' });
    const { state: s3 } = setup('100000000', [], [order]);
    expect(previewOrder(s3.futures, { ...long, multiple: 100, market: true, lots: '5' }, 'en').problem).toBe('leverageBracket');
    // Another pair's positions do not count.
    const eth = position(3, { symbol: 'ETH/USDT', match_id: 2, share: '800', number: '8', open_price: '3000', multiple: 100 });
    const { state: s4 } = setup('100000000', [eth]);
    expect(previewOrder(s4.futures, { ...long, multiple: 100, market: true, lots: '5' }, 'en').problem).toBeNull();
  });

  it('refuses more lots on the pair than the position limit, open and entrusted, both sides', () => {
    const held = position(1, { share: '4000', number: '40', multiple: 5, margin: '480240', fee: '2401.2' });
    const order = position(2, {
      side: 'short',
      status: 'entrusted',
      kind: 'limit',
      target_price: '61000',
      open_price: null,
      share: '900',
      number: '9',
      multiple: 5,
    });
    const { state } = setup('100000000', [held], [order]);
    const p = previewOrder(state.futures, { ...long, side: 'short', multiple: 5, market: true, lots: '200' }, 'en');
    expect(p.problem).toBe('positionLimit');
    expect(p.params).toEqual({ max: '5,000', held: '4,900' });
    expect(previewOrder(state.futures, { ...long, side: 'short', multiple: 5, market: true, lots: '100' }, 'en').problem).toBeNull();
  });

  it('checks an open position’s take-profit and stop-loss against its entry, mark, band and liquidation estimate', () => {
    const { state } = setup('1000', [position(1)]);
    state.take();
    const check = (tp: string, sl: string) => state.futures.checkPositionStops(1, tp, sl);
    expect(check('', '')).toEqual({ takeProfit: null, stopLoss: null });
    expect(check('65000', '55000')).toEqual({ takeProfit: null, stopLoss: null });
    expect(check('59000', 'abc')).toEqual({
      takeProfit: { key: 'validation.takeProfitSide', params: {} },
      stopLoss: { key: 'futures.problem.priceInvalid', params: {} },
    });
    expect(check('80000', '').takeProfit?.key).toBe('validation.takeProfitOutsideBand');
    // 10 lots from 60,030 with 1,000 available: liquidation at about 48,529 (within the band).
    const liq = liquidationPrice({
      side: 'long',
      open: '60030',
      number: '0.1',
      quoteUsdt: '1',
      available: '1000',
      totalMargin: '300.15',
      otherProfit: '0',
      threshold: '50',
      priceDecimals: 2,
    })!;
    expect(liq.toFixed()).toBe('48529.25');
    expect(check('', '48500').stopLoss).toEqual({ key: 'validation.stopLossPastLiquidation', params: { price: '48,529.25' } });
    expect(check('', '48600').stopLoss).toBeNull();
    expect(check('', '59000').stopLoss).toBeNull();
    expect(check('', '59000.5')).toEqual({ takeProfit: null, stopLoss: null });
    // An unknown position: nothing to say.
    expect(state.futures.checkPositionStops(99, '1', '1')).toEqual({ takeProfit: null, stopLoss: null });
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
          const { state, tick, wait } = setup('500', [pos]);
          const first = state.take().futures!.positions![0]!;
          const mark = new Decimal(markCents).div(100).toFixed();
          tick(ticker('BTC/USDT', mark));
          wait(PNL_EVERY_MS);
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
    const { state, tick, wait } = setup('1000', [position(1), eth]);
    state.take();
    const before = state.futures.stats.pnl;
    // Five ETH ticks between two snapshots: one recompute, of the ETH position only.
    for (const p of ['3001', '3002', '3003', '3004', '3005']) tick(ticker('ETH/USDT', p, 2));
    wait(PNL_EVERY_MS);
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

  it('moves P&L for ticks alone at most every 250 ms, and at once with anything the private channel brings', () => {
    const { state, feed, tick, wait } = setup('1000', [position(1)]);
    state.take();
    expect(state.futures.isDirty).toBe(false);
    expect(state.futures.dueInMs).toBeNull();
    // A tick right after a snapshot is held back: a 10 Hz market re-rendered the position rows
    // and the account bar ten times a second.
    wait(16);
    tick(ticker('BTC/USDT', '60100'));
    expect(state.futures.isDirty).toBe(false);
    expect(state.futures.dueInMs).toBe(PNL_EVERY_MS - 16);
    expect(state.take().futures).toBeUndefined();
    // Due: it goes by itself, with the latest price.
    wait(PNL_EVERY_MS - 16);
    tick(ticker('BTC/USDT', '60200'));
    expect(state.futures.dueInMs).toBe(0);
    expect(state.futures.isDirty).toBe(true);
    expect(state.take().futures!.positions![0]).toMatchObject({ id: 1, markText: '60,200.00', pnlText: '+17.00' });
    // A balance right after a tick: both go at once.
    wait(10);
    tick(ticker('BTC/USDT', '60300'));
    feed.user({ topic: 'user', kind: 'balances', seq: 2, data: [lever('900')] });
    expect(state.futures.isDirty).toBe(true);
    const view = state.take().futures!;
    expect(view.positions![0]).toMatchObject({ markText: '60,300.00', pnlText: '+27.00' });
    expect(view.account).toMatchObject({ availableText: '900.00' });
    expect(state.futures.dueInMs).toBeNull();
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
