/**
 * The futures endpoints over real HTTP: every `/lever/*` call, every
 * bad input the issue lists, money through the ledger (invariants after), idempotency, the
 * private channel, the lever transfer guard, and the "worker preview = server result" property.
 * The market is stepped by hand (`startMarket: false`): `market.tradeAt` sets a pair's mark.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { maxNotional, openCost, positionValue, profit } from '../../domain/futures/formulas';
import type { FuturesTrade } from '../../domain/futures/types';
import type { PositionItem, UserMessage } from '../../domain/protocol';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/futures/plugin';
import { futuresSettings } from '../../server/futures/settings';
import { accountHelpers } from './accounts';
import { nextMessage, startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';

const USDT = 3;
const BTC = 1; // match_id of BTC/USDT
const AAPL = 24; // AAPL/USD: a quote in USD, not USDT
type User = Awaited<ReturnType<TestServer['signUp']>>;

describe('futures endpoints', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.UTC(2025, 0, 10, 12, 0, 0));
  let h: ReturnType<typeof accountHelpers>;
  let ownerOfOther: User;

  const mark = (symbol: string, price: string) => s.app.market.tradeAt(symbol, price);
  const idle = () => s.app.fastify.futures.engine.idle();
  const submit = (user: User, params: Record<string, string>, headers?: Record<string, string>) =>
    s.call('/lever/submit', { match_id: String(BTC), type: '1', share: '1', multiple: '10', ...params }, { token: user.token, headers });
  const ok = <T>(res: { body: { type: string | number; message: unknown } }): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const lever = async (user: User) => {
    const b = await h.balance(user, USDT, 'lever');
    return { available: new Decimal(b.available).toFixed(), frozen: new Decimal(b.frozen).toFixed() };
  };
  const funded = async (amount = '10000') => {
    const user = await s.signUp();
    await h.credit(user, 'lever', 'USDT', amount);
    return user;
  };

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    h = accountHelpers(s, clock);
    mark('BTC/USDT', '60000.00');
    ownerOfOther = await funded();
  });
  afterAll(async () => {
    await idle();
    await expectLedgerInvariants(s.db);
    await s.close();
  });

  it('GET /lever/deal answers the pair settings and only this user state on that pair', async () => {
    const user = await funded('500');
    const deal = ok<Awaited<ReturnType<typeof s.app.fastify.futures.service.deal>>>(
      await s.call('/lever/deal', { match_id: String(BTC) }, { method: 'GET', token: user.token }),
    );
    expect(deal).toMatchObject({
      match_id: BTC,
      symbol: 'BTC/USDT',
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
      max_position_lots: '5000',
      available: '500',
      quote_usdt: '1',
      positions: [],
      orders: [],
    });
    const unknown = await s.call('/lever/deal', { match_id: '999' }, { method: 'GET', token: user.token });
    expect(unknown.body).toMatchObject({ type: 'error', message: 'Unknown trading pair' });
    const anonymous = await s.call('/lever/deal', { match_id: String(BTC) }, { method: 'GET' });
    expect(anonymous.body.type).toBe(999);
  });

  it('opens a long at the mark plus the spread: margin to frozen, fee to the fee account, by the domain formulas', async () => {
    const user = await funded();
    mark('BTC/USDT', '60000.00');
    const trade = ok<FuturesTrade>(await submit(user, {}));
    // 60000 × 1.0005 = 60030.00; number 0.01; value 600.30; margin /10 = 60.03; fee × 0.001 = 0.6003.
    expect(trade).toMatchObject({
      product: 'futures',
      status: 'open',
      open: true,
      kind: 'market',
      side: 'long',
      share: '1',
      number: '0.01',
      multiple: 10,
      open_price: '60030',
      quote_usdt: '1',
      margin: '60.03',
      fee: '0.6003',
      overnight_fee: '0',
      profit: null,
    });
    expect(await lever(user)).toEqual({ available: '9939.3697', frozen: '60.03' });

    mark('BTC/USDT', '61000.00');
    const closed = ok<FuturesTrade>(await s.call('/lever/close', { id: String(trade.id) }, { token: user.token }));
    // (61000 − 60030) × 0.01 = 9.70
    expect(closed).toMatchObject({ status: 'closed', open: false, profit: '9.7', close_price: '61000', close_reason: 'manual' });
    expect(await lever(user)).toEqual({ available: '10009.0997', frozen: '0' });
    const settlements = await s.app.fastify.futures.repo.settlements(trade.id);
    expect(settlements.map((r) => [r.kind, r.key, r.price])).toEqual([
      ['fill', `futures:${trade.id}:fill`, '60000.00'],
      ['close', `futures:${trade.id}:close`, '61000.00'],
    ]);
    expect(settlements.every((r) => r.tick_ts === clock.now())).toBe(true);

    const again = await s.call('/lever/close', { id: String(trade.id) }, { token: user.token });
    expect(again.body).toMatchObject({ type: 'error', message: 'This position is already closed' });
    expect(await lever(user)).toEqual({ available: '10009.0997', frozen: '0' });
  });

  it('opens a short at the mark minus the spread and pays the house on a loss', async () => {
    const user = await funded();
    mark('BTC/USDT', '60000.00');
    const trade = ok<FuturesTrade>(await submit(user, { type: '2', share: '2', multiple: '20' }));
    // 60000 × 0.9995 = 59970.00; number 0.02; value 1199.40; margin 59.97; fee 1.1994.
    expect(trade).toMatchObject({ side: 'short', open_price: '59970', number: '0.02', margin: '59.97', fee: '1.1994' });
    mark('BTC/USDT', '60500.50');
    const closed = ok<FuturesTrade>(await s.call('/lever/close', { id: String(trade.id) }, { token: user.token }));
    // (59970 − 60500.50) × 0.02 = −10.61
    expect(closed.profit).toBe('-10.61');
    expect(await lever(user)).toEqual({ available: '9988.1906', frozen: '0' });
  });

  it('refuses bad input with clear messages, in the request language', async () => {
    const user = await funded('1000');
    mark('BTC/USDT', '60000.00');
    const cases: [Record<string, string>, string][] = [
      [{ share: '-1' }, 'Please enter a correct amount'],
      [{ share: '0' }, 'At least 0.01 lots per order'],
      [{ share: 'NaN' }, 'Please enter a correct amount'],
      [{ share: '1e3' }, 'Please enter a correct amount'],
      [{ share: '0.001' }, 'Lots can have at most 2 decimal places'],
      [{ share: '1000.01' }, 'At most 1000 lots per order'],
      [{ share: '' }, 'Please enter the number of lots'],
      [{ match_id: '999' }, 'Unknown trading pair'],
      [{ match_id: 'x' }, 'Please choose a trading pair'],
      [{ multiple: '7' }, 'Please choose a leverage this pair offers'],
      [{ multiple: '200' }, 'Please choose a leverage this pair offers'],
      [{ type: '3' }, 'Please choose long or short'],
      [{ target_price: 'abc' }, 'Please enter a correct price'],
      [{ target_price: '0' }, 'The price must be greater than zero'],
      [{ target_price: '59000.123' }, 'A price on this pair has at most 2 decimal places'],
      [{ target_profit_price: '59000' }, 'Take-profit must be above the entry and the current price for a long, below both for a short'],
      [{ stop_loss_price: '61000' }, 'Stop-loss must be below the entry and the current price for a long, above both for a short'],
      [
        { type: '2', target_profit_price: '61000' },
        'Take-profit must be above the entry and the current price for a long, below both for a short',
      ],
      // A limit long at 58000 with a stop-loss at 58500: above its entry, refused.
      [
        { target_price: '58000', stop_loss_price: '58500' },
        'Stop-loss must be below the entry and the current price for a long, above both for a short',
      ],
      [{ share: '1000' }, 'Insufficient balance'],
    ];
    for (const [params, message] of cases) {
      const res = await submit(user, params);
      expect({ params, status: res.status, body: res.body }).toMatchObject({ params, status: 200, body: { type: 'error', message } });
    }
    const zh = await s.call(
      '/lever/submit',
      { match_id: String(BTC), type: '1', share: '0.001', multiple: '10' },
      { token: user.token, lang: 'zh' },
    );
    expect(zh.body.message).toBe('手数最多 2 位小数');
    const poor = await s.call(
      '/lever/submit',
      { match_id: String(BTC), type: '1', share: '1000', multiple: '10' },
      { token: user.token, lang: 'fra' },
    );
    expect(poor.body.message).toBe('Solde insuffisant');
    // Nothing was spent.
    expect(await lever(user)).toEqual({ available: '1000', frozen: '0' });
    expect(ok<{ total: number }>(await s.call('/lever/my_trade', {}, { method: 'GET', token: user.token })).total).toBe(0);
  });

  it("answers another user's trade id as no such position, and changes nothing", async () => {
    mark('BTC/USDT', '60000.00');
    const theirs = ok<FuturesTrade>(await submit(ownerOfOther, { target_price: '50000' }));
    const intruder = await funded('100');
    for (const path of ['/lever/close', '/lever/cancel'] as const) {
      const res = await s.call(path, { id: String(theirs.id) }, { token: intruder.token });
      expect(res.body).toMatchObject({ type: 'error', message: 'No such position' });
    }
    const stop = await s.call('/lever/setstop', { id: String(theirs.id), stop_loss_price: '40000' }, { token: intruder.token });
    expect(stop.body).toMatchObject({ type: 'error', message: 'No such position' });
    const missing = await s.call('/lever/close', { id: '987654321' }, { token: intruder.token });
    expect(missing.body).toMatchObject({ type: 'error', message: 'No such position' });
    expect((await s.app.fastify.futures.repo.byId(theirs.id))?.status).toBe('entrusted');
  });

  it('answers the same Idempotency-Key twice with the first answer and one effect', async () => {
    const user = await funded('1000');
    mark('BTC/USDT', '60000.00');
    const key = `open-${Date.now()}`;
    const first = ok<FuturesTrade>(await submit(user, {}, { 'idempotency-key': key }));
    const second = ok<FuturesTrade>(await submit(user, {}, { 'idempotency-key': key }));
    expect(second).toEqual(first);
    const page = ok<{ trades: { total: number } }>(
      await s.call('/lever/dealall', { status: 'open' }, { method: 'GET', token: user.token }),
    );
    expect(page.trades.total).toBe(1);
    expect(await lever(user)).toEqual({ available: '939.3697', frozen: '60.03' });
    const closeKey = `close-${Date.now()}`;
    const c1 = await s.call('/lever/close', { id: String(first.id) }, { token: user.token, headers: { 'idempotency-key': closeKey } });
    const c2 = await s.call('/lever/close', { id: String(first.id) }, { token: user.token, headers: { 'idempotency-key': closeKey } });
    expect(c2.body).toEqual(c1.body);
    expect(c1.body.type).toBe('ok');
  });

  it('places a limit order (margin and fee frozen), sets and clears its stops, and cancels it once', async () => {
    const user = await funded('1000');
    mark('BTC/USDT', '60000.00');
    const order = ok<FuturesTrade>(await submit(user, { target_price: '59000', target_profit_price: '62000' }));
    // At 59000: value 590; margin 59; fee 0.59.
    expect(order).toMatchObject({ status: 'entrusted', kind: 'limit', target_price: '59000', open_price: null, margin: '59', fee: '0.59' });
    expect(await lever(user)).toEqual({ available: '940.41', frozen: '59.59' });

    const close = await s.call('/lever/close', { id: String(order.id) }, { token: user.token });
    expect(close.body).toMatchObject({ type: 'error', message: 'This order has not been filled yet; cancel it instead' });
    const wrong = await s.call('/lever/setstop', { id: String(order.id), stop_loss_price: '59500' }, { token: user.token });
    expect(wrong.body.message).toBe('Stop-loss must be below the entry and the current price for a long, above both for a short');
    const set = ok<FuturesTrade>(
      await s.call('/lever/setstop', { id: String(order.id), target_profit_price: '', stop_loss_price: '57000.5' }, { token: user.token }),
    );
    expect(set).toMatchObject({ target_profit_price: null, stop_loss_price: '57000.5' });

    const deal = ok<{ orders: FuturesTrade[]; positions: FuturesTrade[] }>(
      await s.call('/lever/deal', { match_id: String(BTC) }, { method: 'GET', token: user.token }),
    );
    expect(deal.orders.map((o) => o.id)).toEqual([order.id]);
    expect(deal.positions).toEqual([]);

    const cancelled = ok<FuturesTrade>(await s.call('/lever/cancel', { id: String(order.id) }, { token: user.token }));
    expect(cancelled).toMatchObject({ status: 'cancelled', open: false });
    expect(await lever(user)).toEqual({ available: '1000', frozen: '0' });
    const twice = await s.call('/lever/cancel', { id: String(order.id) }, { token: user.token });
    expect(twice.body).toMatchObject({ type: 'error', message: 'This order has already been filled or cancelled' });
    const history = ok<{ data: FuturesTrade[] }>(
      await s.call('/lever/my_trade', { match_id: String(BTC) }, { method: 'GET', token: user.token }),
    );
    expect(history.data.map((t) => [t.id, t.status])).toEqual([[order.id, 'cancelled']]);
  });

  it('sets stops on an open position against entry and mark; batch-closes longs only, then all', async () => {
    const user = await funded('5000');
    mark('BTC/USDT', '60000.00');
    const long = ok<FuturesTrade>(await submit(user, {}));
    const short = ok<FuturesTrade>(await submit(user, { type: '2' }));
    const eth = ok<FuturesTrade>(
      await s.call('/lever/submit', { match_id: '2', type: '1', share: '3', multiple: '5' }, { token: user.token }),
    );
    const tp = ok<FuturesTrade>(
      await s.call(
        '/lever/setstop',
        { id: String(long.id), target_profit_price: '65000', stop_loss_price: '55000' },
        { token: user.token },
      ),
    );
    expect(tp).toMatchObject({ target_profit_price: '65000', stop_loss_price: '55000' });
    const bad = await s.call('/lever/setstop', { id: String(short.id), target_profit_price: '65000' }, { token: user.token });
    expect(bad.body.message).toBe('Take-profit must be above the entry and the current price for a long, below both for a short');

    const all = ok<{ margin: string; risk_rate: string | null; trades: { data: FuturesTrade[] } }>(
      await s.call('/lever/dealall', {}, { method: 'GET', token: user.token }),
    );
    expect(all.trades.data.map((t) => t.id).sort()).toEqual([long.id, short.id, eth.id].sort());
    expect(all.margin).toBe(new Decimal(long.margin).plus(short.margin).plus(eth.margin).toFixed());
    expect(all.risk_rate).not.toBeNull();

    expect(ok<{ closed: number }>(await s.call('/lever/batch_close', { type: '1' }, { token: user.token }))).toEqual({ closed: 2 });
    const left = ok<{ trades: { data: FuturesTrade[] } }>(
      await s.call('/lever/dealall', { status: 'open' }, { method: 'GET', token: user.token }),
    );
    expect(left.trades.data.map((t) => t.id)).toEqual([short.id]);
    expect(ok<{ closed: number }>(await s.call('/lever/batch_close', { type: '0' }, { token: user.token }))).toEqual({ closed: 1 });
    const closed = ok<{ trades: { data: FuturesTrade[] } }>(
      await s.call('/lever/dealall', { status: 'closed' }, { method: 'GET', token: user.token }),
    );
    expect(closed.trades.data.map((t) => t.close_reason)).toEqual(['batch', 'batch', 'batch']);
    expect(await lever(user)).toMatchObject({ frozen: '0' });
    const badType = await s.call('/lever/batch_close', { type: '5' }, { token: user.token });
    expect(badType.body.type).toBe('error');
  });

  it('trades a pair quoted in USD at the recorded quote rate', async () => {
    const user = await funded('1000');
    mark('AAPL/USD', '190.00');
    const trade = ok<FuturesTrade>(
      await s.call('/lever/submit', { match_id: String(AAPL), type: '1', share: '1', multiple: '5' }, { token: user.token }),
    );
    const settings = futuresSettings(s.app.market.pairs.find((p) => p.id === AAPL)!);
    const cost = openCost({ side: 'long', price: '190.00', market: true, lots: '1', multiple: 5, quoteUsdt: '1', settings });
    const deal = ok<{ quote_usdt: string }>(await s.call('/lever/deal', { match_id: String(AAPL) }, { method: 'GET', token: user.token }));
    expect(deal.quote_usdt).toBe('1');
    const yen = ok<{ quote_usdt: string }>(await s.call('/lever/deal', { match_id: '36' }, { method: 'GET', token: user.token }));
    expect(yen.quote_usdt).toBe(new Decimal(1).div('151.24').toDecimalPlaces(12).toFixed());
    expect(trade).toMatchObject({
      symbol: 'AAPL/USD',
      quote_usdt: '1',
      open_price: cost.price.toFixed(),
      margin: cost.margin.toFixed(),
      fee: cost.fee.toFixed(),
    });
  });

  it('refuses a transfer out of the futures account while a position or order is live', async () => {
    const user = await funded('1000');
    mark('BTC/USDT', '60000.00');
    const trade = ok<FuturesTrade>(await submit(user, {}));
    const out = { currency_id: String(USDT), number: '10', from_field: 'lever', to_field: 'change' };
    const refused = await s.call('/wallet/change', out, { token: user.token });
    expect(refused.body).toMatchObject({
      type: 'error',
      message: 'Close your futures positions and cancel your open orders before transferring out of the Futures account',
    });
    // Into lever is fine.
    await h.credit(user, 'change', 'USDT', '5');
    ok(await s.call('/wallet/change', { ...out, number: '5', from_field: 'change', to_field: 'lever' }, { token: user.token }));
    ok(await s.call('/lever/close', { id: String(trade.id) }, { token: user.token }));
    ok(await s.call('/wallet/change', out, { token: user.token }));
  });

  it('announces orders and positions on the private channel and provides their snapshots', async () => {
    const user = await funded('1000');
    mark('BTC/USDT', '60000.00');
    const socket = await s.socket();
    const ack = await socket.timeout(5000).emitWithAck('auth', { token: user.token });
    expect(ack.ok).toBe(true);
    const isKind = (kind: string) => (m: UserMessage) => m.kind === kind;

    const orderMsg = nextMessage<UserMessage>(socket, isKind('orders'));
    const order = ok<FuturesTrade>(await submit(user, { target_price: '59000' }));
    expect((await orderMsg).data).toMatchObject([{ id: order.id, product: 'futures', status: 'entrusted', open: true }]);

    const positionMsg = nextMessage<UserMessage>(socket, isKind('positions'));
    const position = ok<FuturesTrade>(await submit(user, {}));
    const pushed = (await positionMsg).data as PositionItem[];
    expect(pushed).toMatchObject([{ id: position.id, status: 'open', open: true }]);

    const snap = await s.app.hub.privateSnapshot((await s.app.fastify.futures.repo.byId(position.id))!.user_id);
    expect(snap.data.orders.map((o) => o.id)).toEqual([order.id]);
    expect(snap.data.positions.map((p: PositionItem) => p.id)).toEqual([position.id]);
    // What the answer and the push carry is what the snapshot says, the open time included (the
    // simulation found it null at the open and set only on a later read).
    expect(position.open_ts).not.toBeNull();
    expect(pushed[0]).toEqual(snap.data.positions[0]);

    const closedMsg = nextMessage<UserMessage>(socket, isKind('positions'));
    ok(await s.call('/lever/close', { id: String(position.id) }, { token: user.token }));
    expect((await closedMsg).data).toMatchObject([{ id: position.id, status: 'closed', open: false }]);
    const cancelMsg = nextMessage<UserMessage>(socket, isKind('orders'));
    ok(await s.call('/lever/cancel', { id: String(order.id) }, { token: user.token }));
    expect((await cancelMsg).data).toMatchObject([{ id: order.id, status: 'cancelled', open: false }]);
    socket.disconnect();
  });

  it('stores exactly what the domain formulas compute, for random prices, lots, multiples and sides', async () => {
    const user = await funded('10000000');
    const settings = futuresSettings(s.app.market.pairs.find((p) => p.id === BTC)!);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100_000, max: 20_000_000 }), // price in cents: 1,000.00 … 200,000.00
        fc.integer({ min: 1, max: 5_000 }), // lots × 100
        fc.constantFrom(...settings.multiples),
        fc.boolean(),
        fc.integer({ min: -30, max: 30 }), // price move at close, percent
        async (cents, lotsX100, multiple, long, movePct) => {
          const price = new Decimal(cents).div(100).toFixed(2);
          const lots = new Decimal(lotsX100).div(100).toFixed();
          mark('BTC/USDT', price);
          const side = long ? 'long' : 'short';
          const cost = openCost({ side, price, market: true, lots, multiple, quoteUsdt: '1', settings });
          const answer = await s.call(
            '/lever/submit',
            { match_id: String(BTC), type: long ? '1' : '2', share: lots, multiple: String(multiple) },
            { token: user.token },
          );
          // Past the leverage bracket the order is refused, naming the most this leverage allows.
          const most = maxNotional(settings.brackets, multiple)!;
          if (positionValue(cost.price, cost.number, '1').gt(most)) {
            expect(answer.body).toMatchObject({ type: 'error', message: expect.stringContaining(`${most.toFixed()} USDT`) });
            return;
          }
          const trade = ok<FuturesTrade>(answer);
          expect(trade).toMatchObject({
            open_price: cost.price.toFixed(),
            number: cost.number.toFixed(),
            margin: cost.margin.toFixed(),
            fee: cost.fee.toFixed(),
          });
          const closeAt = new Decimal(price)
            .mul(100 + movePct)
            .div(100)
            .toDecimalPlaces(2)
            .toFixed(2);
          mark('BTC/USDT', closeAt);
          const closed = ok<FuturesTrade>(await s.call('/lever/close', { id: String(trade.id) }, { token: user.token }));
          expect(closed.profit).toBe(profit(side, cost.price, closeAt, cost.number, '1').toFixed());
        },
      ),
      { numRuns: 25, seed: 9 },
    );
    await idle();
  });
});

/**
 * Concurrent opens against one balance. On PGlite requests are serialised by the engine; on
 * PostgreSQL (TEST_DATABASE_URL) they really run at once, and only the user-row lock and the
 * ledger's CHECK keep them honest.
 */
describe(`concurrent futures opens (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let s: TestServer;
  const clock = new ManualClock(Date.UTC(2025, 0, 10, 12, 0, 0));
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
  });
  afterAll(async () => {
    await s.app.fastify.futures.engine.idle();
    await expectLedgerInvariants(s.db);
    await s.close();
  });

  it('lets exactly 10 of 50 simultaneous opens through a balance worth 10, never below zero', async () => {
    const h = accountHelpers(s, clock);
    s.app.market.tradeAt('BTC/USDT', '60000.00');
    const user = await s.signUp();
    // One long of 1 lot at 10×: margin 60.03 + fee 0.6003 = 60.6303.
    await h.credit(user, 'lever', 'USDT', '606.303');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        s.call('/lever/submit', { match_id: String(BTC), type: '1', share: '1', multiple: '10' }, { token: user.token }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.type === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r.body.type === 'error').every((r) => r.body.message === 'Insufficient balance')).toBe(true);
    const b = await h.balance(user, USDT, 'lever');
    expect(new Decimal(b.available).toFixed()).toBe('0');
    expect(new Decimal(b.frozen).toFixed()).toBe('600.3');
    const [row] = await s.db.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM balances WHERE frozen < 0 OR (available < 0 AND COALESCE(platform NOT IN ('custody', 'grants'), TRUE))`,
    );
    expect(row!.n).toBe(0);
  });
});
