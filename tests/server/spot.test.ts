/**
 * The spot endpoints over real HTTP and the spot engine on scripted prices:
 * every `/coin/*` call and the bad inputs the issue lists, market orders that walk the server's
 * recorded book, limit orders that freeze, fill when the market crosses and cancel, the private
 * channel, idempotency, a restart that fills nothing twice, the auditor, and the ledger's
 * invariants after it all. The market is stepped by hand (`market.tradeAt`).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { UserMessage } from '../../domain/protocol';
import { limitFreeze, marketOrder, quoteValue, walkBook } from '../../domain/spot/formulas';
import type { SpotDeal, SpotOrder } from '../../domain/spot/types';
import type { Page } from '../../domain/api/envelope';
import { buildApp, type App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/audit/plugin';
import type {} from '../../server/spot/plugin';
import { spotSettings } from '../../server/spot/settings';
import { accountHelpers } from './accounts';
import { nextMessage, startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';
import { TEST_APP_OPTIONS } from './options';

const BTC_ID = 1;
const USDT = 3;
const BTC_PAIR = 1;
type User = Awaited<ReturnType<TestServer['signUp']>>;
type Res = { body: { type: string | number; message: unknown } };

describe('spot', () => {
  let s: TestServer;
  let app: App;
  // After the template's generated price history (made at the real time), so every fill lands in
  // the recorded bars the auditor reads, on PGlite and on PostgreSQL alike.
  const clock = new ManualClock(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 7_200_000);
  let h: ReturnType<typeof accountHelpers>;

  const ok = <T>(res: Res): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const fails = (res: Res, message: string) => {
    expect(res.body.type).toBe('error');
    expect(res.body.message).toBe(message);
  };
  const mark = async (price: string) => {
    clock.advance(1000);
    app.market.tradeAt('BTC/USDT', price);
    await app.fastify.spot.engine.idle();
  };
  const trade = (user: User, params: Record<string, string>, headers?: Record<string, string>, lang?: string) =>
    s.call(
      '/coin/trade',
      { currency_id: String(BTC_ID), legal_id: String(USDT), type: 'buy', amount: '0.01', ...params },
      { token: user.token, headers, lang },
    );
  const coin = async (user: User, currency: number) => {
    const b = await h.balance(user, currency, 'change');
    return { available: new Decimal(b.available).toFixed(), frozen: new Decimal(b.frozen).toFixed() };
  };
  const funded = async (usdt = '10000', btc?: string) => {
    const user = await s.signUp();
    if (usdt !== '0') await h.credit(user, 'change', 'USDT', usdt);
    if (btc) await h.credit(user, 'change', 'BTC', btc);
    return user;
  };
  const settings = () =>
    spotSettings(
      app.market.pairs.find((p) => p.id === BTC_PAIR)!,
      app.market.currencies,
    );
  const fees = async (currency: number) => {
    const [row] = await s.db.query<{ total: string }>(
      `SELECT COALESCE(SUM(available), 0)::text AS total FROM balances WHERE platform = 'fees' AND currency_id = $1`,
      [currency],
    );
    return new Decimal(row!.total);
  };

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    app = s.app;
    h = accountHelpers(s, clock);
    await mark('60000.00');
  });
  afterAll(async () => {
    await app.fastify.spot.engine.idle();
    await expectLedgerInvariants(s.db);
    if (app !== s.app) await app.close();
    await s.close();
  });

  it('GET /coin/deal answers the pair settings, both coin balances and the open orders of that pair', async () => {
    const user = await funded('500', '0.2');
    const deal = ok<SpotDeal>(await s.call('/coin/deal', { match_id: String(BTC_PAIR) }, { method: 'GET', token: user.token }));
    expect(deal).toMatchObject({
      match_id: BTC_PAIR,
      symbol: 'BTC/USDT',
      currency_id: BTC_ID,
      legal_id: USDT,
      price_decimals: 2,
      qty_decimals: 5,
      base_decimals: 8,
      quote_decimals: 6,
      fee_rate: '0.001',
      min_amount: '0.00001',
      max_amount: '10000',
      min_total: '1',
      price_band: '0.2',
      base_available: '0.2',
      quote_available: '500',
      orders: [],
    });
    // Stocks, forex and metals do not trade spot; signed out is refused.
    fails(await s.call('/coin/deal', { match_id: '24' }, { method: 'GET', token: user.token }), 'Unknown trading pair');
    expect((await s.call('/coin/deal', { match_id: '1' }, { method: 'GET' })).body.type).not.toBe('ok');
  });

  it('buys at the market: walks the recorded asks, spends the rounded-up total, receives the amount minus the fee', async () => {
    const user = await funded('10000');
    const book = app.market.depth('BTC/USDT')!;
    const amount = new Decimal(book.asks[0]![1]).plus('0.01').toFixed(); // takes more than the best level
    const expected = marketOrder('buy', book.asks, amount, settings())!;
    const feesBefore = await fees(BTC_ID);
    const order = ok<SpotOrder>(await trade(user, { amount }));
    expect(order).toMatchObject({
      product: 'spot',
      kind: 'market',
      status: 'filled',
      open: false,
      amount,
      total: expected.settlement.total.toFixed(),
      avg_price: expected.settlement.avgPrice.toFixed(),
      fee: expected.settlement.fee.toFixed(),
      fee_currency: 'BTC',
      deciding_price: '60000',
      deciding_ts: clock.now(),
      fills: expected.fills.map((f) => ({ price: new Decimal(f.price).toFixed(), amount: new Decimal(f.amount).toFixed() })),
    });
    expect(order.fills.length).toBeGreaterThan(1);
    expect(await coin(user, USDT)).toEqual({ available: new Decimal('10000').minus(expected.settlement.spent).toFixed(), frozen: '0' });
    expect(await coin(user, BTC_ID)).toEqual({ available: expected.settlement.received.toFixed(), frozen: '0' });
    expect((await fees(BTC_ID)).minus(feesBefore).toFixed()).toBe(expected.settlement.fee.toFixed());
  });

  it('sells at the market against the bids: receives the rounded-down total minus the fee in USDT', async () => {
    const user = await funded('0', '1');
    const book = app.market.depth('BTC/USDT')!;
    const expected = marketOrder('sell', book.bids, '0.5', settings())!;
    const order = ok<SpotOrder>(await trade(user, { type: 'sell', amount: '0.5' }));
    expect(order).toMatchObject({ status: 'filled', fee_currency: 'USDT' });
    expect(order.total).toBe(expected.settlement.total.toFixed());
    expect(await coin(user, BTC_ID)).toEqual({ available: '0.5', frozen: '0' });
    expect(await coin(user, USDT)).toEqual({ available: expected.settlement.received.toFixed(), frozen: '0' });
  });

  it('refuses bad input with a clear message in the request language, never a 5xx', async () => {
    const user = await funded('100', '0.01');
    const cases: [Record<string, string>, string][] = [
      [{ amount: '-1' }, 'validation'],
      [{ amount: '1e-3' }, 'validation'],
      [{ amount: 'abc' }, 'validation'],
      [{ amount: '0' }, 'validation'],
      [{ type: 'hold' }, 'validation'],
      [{ amount: '0.000001' }, 'The amount can have at most 5 decimal places'],
      [{ amount: '20000' }, 'The most amount per order is 10000 BTC'],
      [{ amount: '0.00001' }, 'The order value must be at least 1 USDT'],
      [{ target_price: '-5' }, 'validation'],
      [{ target_price: '1.234' }, 'A price on this pair has at most 2 decimal places'],
      [{ currency_id: '25', legal_id: '35' }, 'This pair cannot be traded on spot'],
      [{ amount: '1' }, 'Insufficient balance'],
      [{ type: 'sell', amount: '0.02' }, 'Insufficient balance'],
      [{ type: 'sell', amount: '0.02', target_price: '70000' }, 'Insufficient balance'],
      [{ amount: '5000' }, 'The order book cannot fill this amount right now; try a smaller amount or a limit order'],
    ];
    for (const [params, message] of cases) {
      const res = await trade(user, params);
      expect(res.status, JSON.stringify(params)).toBeLessThan(500);
      expect(res.body.type, JSON.stringify(params)).toBe('error');
      if (message !== 'validation') expect(res.body.message, JSON.stringify(params)).toBe(message);
    }
    const zh = await trade(user, { amount: '1' }, undefined, 'zh');
    expect(zh.body.message).not.toBe('Insufficient balance');
    expect(await coin(user, USDT)).toEqual({ available: '100', frozen: '0' });
    expect(await coin(user, BTC_ID)).toEqual({ available: '0.01', frozen: '0' });
  });

  it('places a limit buy (funds frozen), fills it when the market crosses, at the better price, recording the deciding tick', async () => {
    const user = await funded('1000');
    const order = ok<SpotOrder>(await trade(user, { amount: '0.01', target_price: '59000' }));
    expect(order).toMatchObject({ kind: 'limit', status: 'open', open: true, frozen: '590', frozen_currency: 'USDT' });
    expect(await coin(user, USDT)).toEqual({ available: '410', frozen: '590' });
    const deal = ok<SpotDeal>(await s.call('/coin/deal', { match_id: '1' }, { method: 'GET', token: user.token }));
    expect(deal.orders.map((o) => o.id)).toEqual([order.id]);

    await mark('59000.01');
    expect((await app.fastify.spot.repo.byId(order.id))!.status).toBe('open');
    await mark('58990.00');
    const filled = (await app.fastify.spot.repo.byId(order.id))!;
    // The tick at 58,990 crossed the 59,000 limit: the buy fills at 58,990, never worse than either.
    expect(filled).toMatchObject({
      status: 'filled',
      avg_price: '58990',
      total: '589.9',
      fee: '0.00001',
      received: '0.00999',
      deciding_price: '58990',
      deciding_ts: clock.now(),
      settlement_key: `spot:${order.id}:fill`,
      fills: [{ price: '58990', amount: '0.01' }],
    });
    // It froze 590 and spent 589.9: the 0.1 excess came back in the fill's ledger operation.
    expect(await coin(user, USDT)).toEqual({ available: '410.1', frozen: '0' });
    expect(await coin(user, BTC_ID)).toEqual({ available: '0.00999', frozen: '0' });
    // Asked again with a crossing price, nothing happens twice.
    expect(await app.fastify.spot.service.fill(order.id, { price: '58000.00', ts: clock.now() })).toBe(false);
  });

  it('a limit sell fills when the price rises to it, and at the higher price after a gap', async () => {
    const user = await funded('0', '0.1');
    const sell = ok<SpotOrder>(await trade(user, { type: 'sell', amount: '0.05', target_price: '61000' }));
    expect(await coin(user, BTC_ID)).toEqual({ available: '0.05', frozen: '0.05' });
    await mark('61000.00');
    const filled = (await app.fastify.spot.repo.byId(sell.id))!;
    expect(filled).toMatchObject({ status: 'filled', total: '3050', fee: '3.05', received: '3046.95', deciding_price: '61000' });
    expect(await coin(user, USDT)).toEqual({ available: '3046.95', frozen: '0' });
    // A gap: the market jumps from below 61,500 to 62,000; the sell gets 62,000, not its 61,500.
    await mark('61200.00');
    const gap = ok<SpotOrder>(await trade(user, { type: 'sell', amount: '0.05', target_price: '61500' }));
    expect(gap.status).toBe('open');
    await mark('62000.00');
    expect((await app.fastify.spot.repo.byId(gap.id))!).toMatchObject({
      status: 'filled',
      fills: [{ price: '62000', amount: '0.05' }],
      avg_price: '62000',
      total: '3100',
      fee: '3.1',
      received: '3096.9',
      deciding_price: '62000',
    });
    expect(await coin(user, BTC_ID)).toEqual({ available: '0', frozen: '0' });
    expect(await coin(user, USDT)).toEqual({ available: '6143.85', frozen: '0' });
    await mark('61000.00');
  });

  it('refuses a limit price outside the band around the mark (20 % for crypto), in the request language', async () => {
    await mark('60000.00');
    const user = await funded('1000', '0.01');
    // The red team's order: a buy limited at 3 × the market.
    const en = 'The limit price must be between 48000.00 and 72000.00 (20% either side of the mark price)';
    fails(await trade(user, { amount: '0.001', target_price: '180000' }), en);
    fails(await trade(user, { amount: '0.001', target_price: '72000.01' }), en);
    fails(await trade(user, { type: 'sell', amount: '0.001', target_price: '47999.99' }), en);
    const zh = await trade(user, { amount: '0.001', target_price: '180000' }, undefined, 'zh');
    expect(zh.body).toMatchObject({ type: 'error', message: '限价须在 48000.00 至 72000.00 之间（标记价格上下 20%）' });
    // Nothing was placed, nothing moved.
    expect(ok<Page<SpotOrder>>(await s.call('/coin/list', {}, { method: 'GET', token: user.token })).total).toBe(0);
    expect(await coin(user, USDT)).toEqual({ available: '1000', frozen: '0' });
    // The band's edges are allowed (a resting buy at the floor, cancelled again).
    const edge = ok<SpotOrder>(await trade(user, { amount: '0.001', target_price: '48000' }));
    ok(await s.call('/coin/cancel', { id: String(edge.id) }, { token: user.token }));
  });

  it('a buy limit the market already crosses fills at once at the book’s prices within the limit, not at the limit', async () => {
    // The mark at the recorded book's best ask, the limit 5 % above: a market order capped at the limit.
    const book = app.market.depth('BTC/USDT')!;
    const ask = book.asks[0]![0];
    await mark(ask);
    const limit = new Decimal(ask).mul('1.05').toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed();
    const amount = Decimal.min(book.asks[0]![1], '0.01').toFixed();
    const walk = walkBook(book.asks, amount);
    const user = await funded('1000');
    const order = ok<SpotOrder>(await trade(user, { amount, target_price: limit }));
    const total = quoteValue('buy', walk.total, 6);
    expect(order).toMatchObject({ kind: 'limit', status: 'filled', deciding_price: new Decimal(ask).toFixed(), total: total.toFixed() });
    expect(order.fills).toEqual([{ price: new Decimal(ask).toFixed(), amount }]);
    expect(new Decimal(order.avg_price!).lt(limit)).toBe(true);
    // It froze amount × limit, spent only the fill's total: the excess is back, nothing stays frozen.
    expect(total.lt(limitFreeze('buy', amount, limit, 6))).toBe(true);
    expect(await coin(user, USDT)).toEqual({ available: new Decimal(1000).minus(total).toFixed(), frozen: '0' });
  });

  it('a crossed buy limit the book cannot fill within its limit fills whole at the last price', async () => {
    // The mark 7 % under the recorded book's best ask and the limit 3 % above the mark: no ask lies
    // within the limit, so the whole amount fills as the engine would fill it, at the last price.
    const book = app.market.depth('BTC/USDT')!;
    const last = new Decimal(book.asks[0]![0]).mul('0.93').toDecimalPlaces(2).toFixed();
    const limit = new Decimal(last).mul('1.03').toDecimalPlaces(2).toFixed();
    expect(new Decimal(book.asks[0]![0]).gt(limit)).toBe(true);
    await mark(last);
    const user = await funded('1000');
    const order = ok<SpotOrder>(await trade(user, { amount: '0.01', target_price: limit }));
    expect(order).toMatchObject({ status: 'filled', avg_price: last, deciding_price: last, fills: [{ price: last, amount: '0.01' }] });
    const spent = quoteValue('buy', new Decimal('0.01').mul(last), 6);
    expect(await coin(user, USDT)).toEqual({ available: new Decimal(1000).minus(spent).toFixed(), frozen: '0' });
  });

  it('a sell limit the market already crosses fills at the book’s bids within the limit, not at the limit', async () => {
    const book = app.market.depth('BTC/USDT')!;
    const bid = book.bids[0]![0];
    await mark(bid);
    const limit = new Decimal(bid).mul('0.95').toDecimalPlaces(2, Decimal.ROUND_UP).toFixed();
    const amount = Decimal.min(book.bids[0]![1], '0.01').toFixed();
    const user = await funded('0', amount);
    const order = ok<SpotOrder>(await trade(user, { type: 'sell', amount, target_price: limit }));
    const total = quoteValue('sell', walkBook(book.bids, amount).total, 6);
    expect(order).toMatchObject({ status: 'filled', total: total.toFixed(), fills: [{ price: new Decimal(bid).toFixed(), amount }] });
    expect(new Decimal(order.avg_price!).gt(limit)).toBe(true);
    expect(await coin(user, BTC_ID)).toEqual({ available: '0', frozen: '0' });
    expect(await coin(user, USDT)).toEqual({ available: total.minus(order.fee).toFixed(), frozen: '0' });
    await mark('61000.00');
  });

  it('cancels only the owner’s open order, returns its funds; a filled or cancelled order answers a clear error', async () => {
    const user = await funded('1000');
    const other = await funded('1000');
    const order = ok<SpotOrder>(await trade(user, { amount: '0.01', target_price: '50000' }));
    fails(await s.call('/coin/cancel', { id: String(order.id) }, { token: other.token }), 'No such order');
    fails(await s.call('/coin/cancel', { id: '99999999' }, { token: user.token }), 'No such order');
    fails(await s.call('/coin/cancel', { id: '-1' }, { token: user.token }), 'Choose an order.');
    const key = 'cancel-' + order.id;
    const first = ok<SpotOrder>(
      await s.call('/coin/cancel', { id: String(order.id) }, { token: user.token, headers: { 'idempotency-key': key } }),
    );
    expect(first).toMatchObject({ status: 'cancelled', open: false, frozen: '0' });
    const again = ok<SpotOrder>(
      await s.call('/coin/cancel', { id: String(order.id) }, { token: user.token, headers: { 'idempotency-key': key } }),
    );
    expect(again).toEqual(first);
    fails(await s.call('/coin/cancel', { id: String(order.id) }, { token: user.token }), 'This order has already been cancelled');
    expect(await coin(user, USDT)).toEqual({ available: '1000', frozen: '0' });
    const market = ok<SpotOrder>(await trade(user, { amount: '0.001' }));
    fails(await s.call('/coin/cancel', { id: String(market.id) }, { token: user.token }), 'This order has already been filled');
  });

  it('answers the same Idempotency-Key twice with the first answer and one effect', async () => {
    const user = await funded('1000');
    const first = ok<SpotOrder>(await trade(user, { amount: '0.001' }, { 'idempotency-key': 'spot-buy-1' }));
    const second = ok<SpotOrder>(await trade(user, { amount: '0.001' }, { 'idempotency-key': 'spot-buy-1' }));
    expect(second.id).toBe(first.id);
    const list = ok<Page<SpotOrder>>(await s.call('/coin/list', {}, { method: 'GET', token: user.token }));
    expect(list.total).toBe(1);
  });

  it('GET /coin/list pages the caller’s orders, newest first, filtered by status and pair', async () => {
    const user = await funded('5000');
    const a = ok<SpotOrder>(await trade(user, { amount: '0.001' }));
    const b = ok<SpotOrder>(await trade(user, { amount: '0.001', target_price: '50000' }));
    const c = ok<SpotOrder>(await trade(user, { amount: '0.001', target_price: '51000' }));
    ok(await s.call('/coin/cancel', { id: String(c.id) }, { token: user.token }));
    const all = ok<Page<SpotOrder>>(await s.call('/coin/list', { limit: '2' }, { method: 'GET', token: user.token }));
    expect(all).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(all.data.map((o) => o.id)).toEqual([c.id, b.id]);
    const get = async (status: string) =>
      ok<Page<SpotOrder>>(await s.call('/coin/list', { status, match_id: '1' }, { method: 'GET', token: user.token })).data.map(
        (o) => o.id,
      );
    expect(await get('open')).toEqual([b.id]);
    expect(await get('filled')).toEqual([a.id]);
    expect(await get('cancelled')).toEqual([c.id]);
    const filled = ok<Page<SpotOrder>>(await s.call('/coin/list', { status: 'filled' }, { method: 'GET', token: user.token }));
    expect(filled.data[0]!.fills.length).toBeGreaterThan(0);
    expect((await s.call('/coin/list', { status: 'done' }, { method: 'GET', token: user.token })).body.type).toBe('error');
    // Another user sees none of them.
    const other = await funded('1');
    expect(ok<Page<SpotOrder>>(await s.call('/coin/list', {}, { method: 'GET', token: other.token })).total).toBe(0);
  });

  it('announces orders on the private channel (product spot) and provides them in the snapshot', async () => {
    const user = await funded('1000');
    const socket = await s.socket();
    expect((await socket.timeout(5000).emitWithAck('auth', { token: user.token })).ok).toBe(true);
    const isOrders = (m: UserMessage) => m.kind === 'orders';
    const placed = nextMessage<UserMessage>(socket, isOrders);
    const order = ok<SpotOrder>(await trade(user, { amount: '0.01', target_price: '50000' }));
    expect((await placed).data).toMatchObject([{ id: order.id, product: 'spot', status: 'open', open: true }]);
    const snap = await s.app.hub.privateSnapshot((await app.fastify.spot.repo.byId(order.id))!.user_id);
    expect(snap.data.orders.filter((o) => o.product === 'spot').map((o) => o.id)).toEqual([order.id]);
    const cancelled = nextMessage<UserMessage>(socket, isOrders);
    ok(await s.call('/coin/cancel', { id: String(order.id) }, { token: user.token }));
    expect((await cancelled).data).toMatchObject([{ id: order.id, status: 'cancelled', open: false }]);
    socket.disconnect();
  });

  it('stores exactly what the domain formulas compute, for random amounts and sides (the worker preview’s formulas)', async () => {
    const user = await funded('1000000', '20');
    const s0 = settings();
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.integer({ min: 100, max: 200_000 }), async (buy, units) => {
        const amount = new Decimal(units).div(100_000).toFixed();
        const side = buy ? 'buy' : 'sell';
        const book = app.market.depth('BTC/USDT')!;
        const expected = marketOrder(side, buy ? book.asks : book.bids, amount, s0)!;
        const order = ok<SpotOrder>(await trade(user, { type: side, amount }));
        expect(order.total).toBe(expected.settlement.total.toFixed());
        expect(order.avg_price).toBe(expected.settlement.avgPrice.toFixed());
        expect(order.fee).toBe(expected.settlement.fee.toFixed());
        expect(limitFreeze(side, amount, '60000', 6).gt(0)).toBe(true);
      }),
      { numRuns: 12 },
    );
  });

  it('the auditor recomputes every fill and finds a tampered one', async () => {
    const auditor = app.fastify.audit.registry.list().find((a) => a.kind === 'spot')!;
    const clean = await auditor.audit({ prices: app.fastify.audit.prices });
    expect(clean.settled).toBeGreaterThan(5);
    expect(clean.mismatches).toEqual([]);
    const user = await funded('1000');
    const order = ok<SpotOrder>(await trade(user, { amount: '0.001' }));
    await s.db.query(`UPDATE spot_orders SET fee = fee + 0.00000001 WHERE id = $1`, [order.id]);
    const dirty = await auditor.audit({ prices: app.fastify.audit.prices });
    expect(dirty.mismatches).toMatchObject([{ kind: 'spot', id: order.id }]);
    expect(dirty.mismatches[0]!.detail).toMatch(/^fee .* stored, .* recomputed$/);
    await s.db.query(`UPDATE spot_orders SET fee = fee - 0.00000001 WHERE id = $1`, [order.id]);
    // A resting limit filled by the engine at its own price although the tick was better: found.
    await mark('60000.00');
    const resting = ok<SpotOrder>(await trade(user, { amount: '0.001', target_price: '59500' }));
    await mark('59000.00');
    const filled = (await app.fastify.spot.repo.byId(resting.id))!;
    expect(filled.fills).toEqual([{ price: '59000', amount: '0.001' }]);
    await s.db.query(`UPDATE spot_fills SET price = 59500 WHERE order_id = $1`, [resting.id]);
    const worse = await auditor.audit({ prices: app.fastify.audit.prices });
    expect(worse.mismatches.map((m) => m.detail)).toContain('limit fill at 59500, 59000 recomputed from the deciding price');
    await s.db.query(`UPDATE spot_fills SET price = 59000 WHERE order_id = $1`, [resting.id]);
    expect((await auditor.audit({ prices: app.fastify.audit.prices })).mismatches).toEqual([]);
  });

  it('after a restart on the same database, fills open orders the price crossed meanwhile, once', async () => {
    await mark('60000.00');
    const user = await funded('1000');
    const order = ok<SpotOrder>(await trade(user, { amount: '0.01', target_price: '55000' }));
    const ownerId = (await app.fastify.spot.repo.byId(order.id))!.user_id;
    await app.close();
    // The price crossed while no node was running this engine.
    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    app.market.tradeAt('BTC/USDT', '54000.00');
    await app.fastify.spot.engine.idle();
    expect((await app.fastify.spot.repo.byId(order.id))!).toMatchObject({
      status: 'filled',
      deciding_price: '54000',
      fills: [{ price: '54000', amount: '0.01' }],
    });
    await mark('53000.00');
    const again = await app.fastify.spot.service.fill(order.id, { price: '53000.00', ts: clock.now() });
    expect(again).toBe(false);
    const base = await app.fastify.spot.service.available(ownerId, BTC_ID);
    expect(base.toFixed()).toBe('0.00999');
  });
});
