/**
 * The seconds options endpoints over real HTTP: every `/microtrade/*` call,
 * the bad inputs the issue lists (stake below min or above max, unknown expiry, negative,
 * exponent, another user's order…), money through the ledger (invariants after), idempotency and
 * the private channel. The market is stepped by hand (`startMarket: false`), time by a ManualClock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import type { OptionExpiry, OptionOrder, PayableCurrency } from '../../domain/options/types';
import type { UserMessage } from '../../domain/protocol';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/options/plugin';
import { accountHelpers } from './accounts';
import { nextMessage, startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';

const USDT = 3;
const BTC = 1;
type User = Awaited<ReturnType<TestServer['signUp']>>;

describe('options endpoints', () => {
  let s: TestServer;
  // After the template's market record (written under the system clock): see optionsEngine.test.ts.
  const clock = new ManualClock(Math.floor(Date.now() / 60_000) * 60_000 + 60_000);
  let h: ReturnType<typeof accountHelpers>;

  const mark = (price: string) => s.app.market.tradeAt('BTC/USDT', price);
  const idle = () => s.app.fastify.microtrade.engine.idle();
  const submit = (user: User, params: Record<string, string> = {}, options: { headers?: Record<string, string>; lang?: string } = {}) =>
    s.call(
      '/microtrade/submit',
      { match_id: String(BTC), currency_id: String(USDT), type: 'up', seconds: '30', number: '100', ...params },
      { token: user.token, ...options },
    );
  const ok = <T>(res: { body: { type: string | number; message: unknown } }): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const refused = (res: { status: number; body: { type: string | number; message: unknown } }) => {
    expect(res.status).toBe(200);
    expect(res.body.type).not.toBe('ok');
    return String(res.body.message);
  };
  const micro = async (user: User) => {
    const b = await h.balance(user, USDT, 'micro');
    return { available: new Decimal(b.available).toFixed(), frozen: new Decimal(b.frozen).toFixed() };
  };
  const funded = async (amount = '1000') => {
    const user = await s.signUp();
    await h.credit(user, 'micro', 'USDT', amount);
    return user;
  };

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    h = accountHelpers(s, clock);
    mark('60000.00');
  });
  afterAll(async () => {
    await idle();
    await expectLedgerInvariants(s.db);
    await s.close();
  });

  it('lists the expiries publicly, with ratio and stake limits', async () => {
    const expiries = ok<OptionExpiry[]>(await s.call('/microtrade/seconds', {}, { method: 'GET' }));
    expect(expiries).toEqual([
      { seconds: 30, ratio: '0.8', min_stake: '10', max_stake: '50000' },
      { seconds: 60, ratio: '0.82', min_stake: '10', max_stake: '50000' },
      { seconds: 120, ratio: '0.85', min_stake: '10', max_stake: '50000' },
      { seconds: 300, ratio: '0.88', min_stake: '10', max_stake: '50000' },
    ]);
  });

  it('answers the payable currencies with the options balance, to a signed-in user only', async () => {
    expect((await s.call('/microtrade/payable_currencies', {}, { method: 'GET' })).body.type).toBe(999);
    const user = await funded('250.5');
    expect(ok<PayableCurrency[]>(await s.call('/microtrade/payable_currencies', {}, { method: 'GET', token: user.token }))).toEqual([
      { currency_id: USDT, name: 'USDT', decimals: 6, available: '250.5' },
    ]);
  });

  it('places an option at the recorded price and tick, freezing the stake', async () => {
    const user = await funded();
    mark('60123.45');
    const tickTs = clock.now();
    clock.advance(200);
    const order = ok<OptionOrder>(await submit(user, { type: 'down', seconds: '60', number: '100.5' }));
    expect(order).toMatchObject({
      product: 'options',
      open: true,
      symbol: 'BTC/USDT',
      match_id: BTC,
      currency: 'USDT',
      direction: 'down',
      seconds: 60,
      ratio: '0.82',
      number: '100.5',
      status: 'pending',
      open_price: '60123.45',
      open_ts: tickTs,
      expires_at: tickTs + 60_000,
      expected_payout: '182.91',
      expected_profit: '82.41',
      close_price: null,
      decided_by: null,
      result: null,
    });
    expect(await micro(user)).toEqual({ available: '899.5', frozen: '100.5' });
    expect(ok<OptionOrder>(await s.call('/microtrade/get_result', { id: String(order.id) }, { method: 'GET', token: user.token }))).toEqual(
      order,
    );
  });

  it('refuses bad input with a clear message in the request language, never a 5xx', async () => {
    const user = await funded('50');
    mark('60000.00');
    expect(refused(await submit(user, { number: '9.99' }))).toBe('At least 10 USDT per option');
    expect(refused(await submit(user, { number: '50000.01' }))).toBe('At most 50000 USDT per option');
    expect(refused(await submit(user, { number: '10.001' }))).toBe('A stake can have at most 2 decimal places');
    expect(refused(await submit(user, { number: '-10' }))).toBe('Please enter a correct amount');
    expect(refused(await submit(user, { number: '1e3' }))).toBe('Please enter a correct amount');
    expect(refused(await submit(user, { number: '' }))).toBe('Please enter an amount');
    expect(refused(await submit(user, { seconds: '45' }))).toBe('Choose one of the offered expiry times.');
    expect(refused(await submit(user, { seconds: '-30' }))).toBe('Choose one of the offered expiry times.');
    expect(refused(await submit(user, { type: 'sideways' }))).toBe('Choose up or down.');
    expect(refused(await submit(user, { match_id: '99999' }))).toBe('Unknown trading pair');
    expect(refused(await submit(user, { currency_id: '1' }))).toBe('This currency cannot be used for options');
    expect(refused(await submit(user, { number: '60' }))).toBe('Insufficient balance');
    expect(refused(await submit(user, { number: '9.99' }, { lang: 'zh' }))).toBe('每笔期权至少 10 USDT');
    expect(refused(await submit(user, { number: '60' }, { lang: 'fra' }))).not.toBe('Insufficient balance');
    // Nothing moved.
    expect(await micro(user)).toEqual({ available: '50', frozen: '0' });
    expect((await s.call('/microtrade/submit', { match_id: '1' })).body.type).toBe(999);
  });

  it("answers another user's order as one that does not exist", async () => {
    const owner = await funded();
    const other = await funded();
    mark('60000.00');
    const order = ok<OptionOrder>(await submit(owner));
    expect(refused(await s.call('/microtrade/get_result', { id: String(order.id) }, { method: 'GET', token: other.token }))).toBe(
      'No such order',
    );
    expect(refused(await s.call('/microtrade/get_result', { id: '99999999' }, { method: 'GET', token: other.token }))).toBe(
      'No such order',
    );
    expect(refused(await s.call('/microtrade/get_result', { id: 'abc' }, { method: 'GET', token: other.token }))).toBe('Choose an order.');
    const list = ok<Page<OptionOrder>>(await s.call('/microtrade/lists', {}, { method: 'GET', token: other.token }));
    expect(list.data.map((o) => o.id)).not.toContain(order.id);
  });

  it('lists the caller’s options newest first, 5 a page, by status and pair', async () => {
    const user = await funded('10000');
    mark('60000.00');
    const placed: OptionOrder[] = [];
    for (let i = 0; i < 7; i++) placed.push(ok<OptionOrder>(await submit(user, { seconds: '300' })));
    const first = ok<Page<OptionOrder>>(await s.call('/microtrade/lists', { status: 'pending' }, { method: 'GET', token: user.token }));
    expect(first).toMatchObject({ page: 1, limit: 5, total: 7 });
    expect(first.data.map((o) => o.id)).toEqual(
      placed
        .slice(2)
        .reverse()
        .map((o) => o.id),
    );
    const second = ok<Page<OptionOrder>>(await s.call('/microtrade/lists', { page: '2' }, { method: 'GET', token: user.token }));
    expect(second.data.map((o) => o.id)).toEqual([placed[1]!.id, placed[0]!.id]);
    const settled = ok<Page<OptionOrder>>(await s.call('/microtrade/lists', { status: 'settled' }, { method: 'GET', token: user.token }));
    expect(settled.total).toBe(0);
    const eth = ok<Page<OptionOrder>>(await s.call('/microtrade/lists', { match_id: '2' }, { method: 'GET', token: user.token }));
    expect(eth.total).toBe(0);
    expect(refused(await s.call('/microtrade/lists', { status: 'won' }, { method: 'GET', token: user.token }))).toBeTruthy();
    expect(refused(await s.call('/microtrade/lists', { match_id: '99999' }, { method: 'GET', token: user.token }))).toBe(
      'Unknown trading pair',
    );
  });

  it('answers the same Idempotency-Key twice with the first answer and one stake', async () => {
    const user = await funded('1000');
    mark('60000.00');
    const key = `opt-${Date.now()}`;
    const first = ok<OptionOrder>(await submit(user, {}, { headers: { 'idempotency-key': key } }));
    const second = ok<OptionOrder>(await submit(user, {}, { headers: { 'idempotency-key': key } }));
    expect(second).toEqual(first);
    expect(await micro(user)).toEqual({ available: '900', frozen: '100' });
  });

  it('pushes the option and its settlement on the private channel, and settles it once at the first tick at expiry', async () => {
    const user = await funded('1000');
    const socket = await s.socket();
    expect((await socket.timeout(5000).emitWithAck('auth', { token: user.token })).ok).toBe(true);
    const isPositions = (m: UserMessage) => m.kind === 'positions';
    mark('60000.00');
    const placedMsg = nextMessage<UserMessage>(socket, isPositions);
    const order = ok<OptionOrder>(await submit(user, { type: 'up', number: '100' }));
    expect((await placedMsg).data).toMatchObject([{ id: order.id, product: 'options', status: 'pending', open: true }]);

    const settledMsg = nextMessage<UserMessage>(socket, isPositions);
    clock.advance(30_000);
    mark('60000.50');
    await idle();
    expect((await settledMsg).data).toMatchObject([
      {
        id: order.id,
        product: 'options',
        open: false,
        status: 'settled',
        result: 'win',
        close_price: '60000.5',
        close_ts: order.expires_at,
        decided_by: 'tick',
        payout: '180',
        profit: '80',
      },
    ]);
    expect(await micro(user)).toEqual({ available: '1080', frozen: '0' });
    // Another tick changes nothing.
    mark('59000.00');
    await idle();
    expect(await micro(user)).toEqual({ available: '1080', frozen: '0' });
    socket.disconnect();
  });
});
