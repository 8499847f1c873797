/**
 * Lockming over real HTTP: the products, a purchase and every refusal the
 * issue lists, daily yields paid at each UTC midnight by the engine on a ManualClock (15 days at
 * 0.19% on 10000 pay 285, then the principal), early redemption with its penalty, a restart in
 * the middle paying the missed days once, 50 simultaneous purchases against a quota for 10, and
 * the audit (0 mismatches, then the tampered row). Ledger invariants after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../domain/audit/types';
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import type { LockmingOrder, LockmingProduct } from '../../domain/lockming/types';
import { DAY_MS } from '../../domain/time';
import { buildApp, type App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/lockming/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { TEST_APP_OPTIONS } from './options';
import { expectLedgerInvariants } from './invariants';

const USDT = 3;
type User = Awaited<ReturnType<TestServer['signUp']>>;

describe(`lockming (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 120_000 }, () => {
  let s: TestServer;
  let app: App;
  // 10:00 UTC, days after the template's market history (the other engines share the clock).
  const today = new Date();
  const clock = new ManualClock(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 2, 10));
  let h: ReturnType<typeof accountHelpers>;

  const ok = <T>(res: { body: { type: string | number; message: unknown } }): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const refused = (res: { status: number; body: { type: string | number; message: unknown } }) => {
    expect(res.status).toBe(200);
    expect(res.body.type).not.toBe('ok');
    return String(res.body.message);
  };
  const products = async (user?: User, category?: string) =>
    ok<LockmingProduct[]>(await s.call('/lh/deposit/config', category ? { category } : {}, { method: 'GET', token: user?.token }));
  /** The spec's example product: USDT, 15 days at 0.19% a day, 0.4% a day left to redeem early. */
  const example = async () => (await products()).find((p) => p.currency === 'USDT' && p.cycle_days === 15)!;
  const buy = (user: User, config_id: number, amount: string, options: { lang?: string; key?: string } = {}) =>
    s.call(
      '/lh/deposit',
      { config_id: String(config_id), amount },
      { token: user.token, ...(options.lang && { lang: options.lang }), headers: options.key ? { 'idempotency-key': options.key } : {} },
    );
  const orders = async (user: User) =>
    ok<Page<LockmingOrder>>(await s.call('/lh/deposit/order', {}, { method: 'GET', token: user.token })).data;
  const coin = async (user: User) => {
    const b = await h.balance(user, USDT);
    return { available: new Decimal(b.available).toFixed(), frozen: new Decimal(b.frozen).toFixed() };
  };
  const funded = async (amount: string) => {
    const user = await s.signUp();
    await h.credit(user, 'change', 'USDT', amount);
    return user;
  };
  const engine = () => app.fastify.lockming.engine;
  /**
   * Moves the clock a day at a time (each midnight wakes the engine) and waits for its payments;
   * `users` use the app each day, as a holder checking the order would (a session idles out after 7 days).
   */
  const days = async (n: number, ...users: User[]) => {
    for (let i = 0; i < n; i++) {
      clock.advance(DAY_MS);
      await engine().sweep();
      await engine().idle();
      for (const user of users) await orders(user);
    }
  };
  const audit = async () => ok<AuditReport>(await s.ops('/audit'));

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    app = s.app;
    h = accountHelpers(s, clock);
  });
  afterAll(async () => {
    await engine().idle();
    await expectLedgerInvariants(s.db);
    await app.close();
    await s.close();
  });

  it('lists the products publicly by category, and what a signed-in user may still buy', async () => {
    const all = await products();
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(new Set(all.map((p) => p.category))).toEqual(new Set(['mining', 'defi', 'cloud']));
    const p = await example();
    expect(p).toMatchObject({ daily_rate: '0.0019', penalty_rate: '0.004', min_amount: '100', user_remaining: null, status: 'open' });
    expect(new Decimal(p.left).eq(new Decimal(p.quota).minus(p.sold))).toBe(true);
    for (const category of ['mining', 'defi', 'cloud'])
      expect((await products(undefined, category)).every((x) => x.category === category)).toBe(true);
    expect(refused(await s.call('/lh/deposit/config', { category: 'casino' }, { method: 'GET' }))).toBe('Invalid input');
    const user = await s.signUp();
    expect((await products(user)).find((x) => x.id === p.id)!.user_remaining).toBe(p.user_limit);
  });

  it('refuses bad purchases with a clear message in the request language, losing nothing', async () => {
    const p = await example();
    const user = await funded('500');
    expect(refused(await buy(user, p.id, '1000'))).toBe('Insufficient balance');
    expect(refused(await buy(user, p.id, '1000', { lang: 'zh' }))).toBe('余额不足');
    expect(refused(await buy(user, p.id, '99.99'))).toBe('The minimum purchase is 100 USDT');
    expect(refused(await buy(user, p.id, '100.1234567'))).toBe('At most 6 decimal places');
    expect(refused(await buy(user, p.id, '0'))).toBe('The amount must be greater than zero');
    expect(refused(await buy(user, p.id, '-100'))).toMatch(/amount/i);
    expect(refused(await buy(user, p.id, '1e3'))).toMatch(/amount/i);
    expect(refused(await buy(user, p.id, ''))).toMatch(/amount/i);
    expect(refused(await buy(user, 99_999, '100'))).toBe('No such product');
    expect(refused(await buy(user, p.id, String(Number(p.user_limit) + 1)))).toBe(
      `You can buy at most ${p.user_limit} USDT more of this product`,
    );
    expect(refused(await s.call('/lh/deposit', { config_id: String(p.id), amount: '100' }))).toBe('Please log in first');
    // A product taken off sale.
    const closed = (await products()).find((x) => x.id !== p.id && x.currency === 'USDT')!;
    await s.db.query('UPDATE lockming_products SET on_sale = FALSE WHERE id = $1', [closed.id]);
    expect(refused(await buy(user, closed.id, closed.min_amount))).toBe('This product is not on sale');
    expect((await products()).find((x) => x.id === closed.id)!.status).toBe('closed');
    await s.db.query('UPDATE lockming_products SET on_sale = TRUE WHERE id = $1', [closed.id]);
    expect(await coin(user)).toEqual({ available: '500', frozen: '0' });
    expect(await orders(user)).toEqual([]);
  });

  it('locks the principal in the coin account; a retry with the same Idempotency-Key buys once', async () => {
    const p = await example();
    const user = await funded('1000');
    const first = ok<LockmingOrder>(await buy(user, p.id, '400', { key: 'lockming-buy-1' }));
    const again = ok<LockmingOrder>(await buy(user, p.id, '400', { key: 'lockming-buy-1' }));
    expect(again).toEqual(first);
    expect(first).toMatchObject({
      status: 'holding',
      amount: '400',
      daily_yield: '0.76',
      total_yield: '11.4',
      days_paid: 0,
      days_left: 15,
    });
    expect(first.expires_at - first.created_at).toBeLessThanOrEqual(15 * DAY_MS);
    expect(await coin(user)).toEqual({ available: '600', frozen: '400' });
    expect((await orders(user)).map((o) => o.id)).toEqual([first.id]);
    const after = (await products(user)).find((x) => x.id === p.id)!;
    expect(after.user_remaining).toBe(new Decimal(p.user_limit).minus(400).toFixed());
    expect(new Decimal(after.sold).minus(p.sold).toFixed()).toBe('400');
  });

  it('pays 15 daily yields at midnight (10000 at 0.19% → 285 in all), then returns the principal, once', async () => {
    const p = await example();
    const user = await funded('10000');
    const order = ok<LockmingOrder>(await buy(user, p.id, '10000'));
    expect(order).toMatchObject({ daily_yield: '19', total_yield: '285', next_yield_at: order.expires_at - 14 * DAY_MS });
    await days(1, user);
    expect(await coin(user)).toEqual({ available: '19', frozen: '10000' });
    await days(13, user);
    expect((await orders(user))[0]).toMatchObject({ status: 'holding', days_paid: 14, yield_paid: '266', days_left: 1 });
    await days(1, user);
    const done = (await orders(user))[0]!;
    expect(done).toMatchObject({
      status: 'redeemed',
      redemption: 'expiry',
      days_paid: 15,
      yield_paid: '285',
      penalty: '0',
      returned: '10000',
    });
    expect(done.redeemed_at).toBeGreaterThanOrEqual(done.expires_at);
    expect(await coin(user)).toEqual({ available: '10285', frozen: '0' });
    // Nothing more, whatever runs again.
    await days(2, user);
    expect(await app.fastify.lockming.service.accrue(order.id)).toBeNull();
    expect(await coin(user)).toEqual({ available: '10285', frozen: '0' });
    expect(refused(await s.call('/lh/deposit/order/cancel', { id: String(order.id) }, { token: user.token }))).toBe(
      'This order has already been redeemed',
    );
  });

  it('redeems early on day 12 with penalty rate × days left × amount; the yield paid stays paid', async () => {
    const p = await example();
    const user = await funded('1000');
    const other = await s.signUp();
    const order = ok<LockmingOrder>(await buy(user, p.id, '1000'));
    await days(12, user, other);
    const now = (await orders(user))[0]!;
    // The early-redemption penalty: 0.4% × 3 × 1000 = 12.
    expect(now).toMatchObject({ days_paid: 12, yield_paid: '22.8', days_left: 3, redeem_penalty: '12', redeem_returns: '988' });
    expect(refused(await s.call('/lh/deposit/order/cancel', { id: String(order.id) }, { token: other.token }))).toBe('No such order');
    expect(refused(await s.call('/lh/deposit/order/cancel', { id: 'abc' }, { token: user.token }))).toBe('Choose an order.');
    const redeemed = ok<LockmingOrder>(await s.call('/lh/deposit/order/cancel', { id: String(order.id) }, { token: user.token }));
    expect(redeemed).toMatchObject({
      status: 'redeemed',
      redemption: 'early',
      penalty: '12',
      returned: '988',
      days_paid: 12,
      yield_paid: '22.8',
    });
    expect(await coin(user)).toEqual({ available: '1010.8', frozen: '0' });
    expect(refused(await s.call('/lh/deposit/order/cancel', { id: String(order.id) }, { token: user.token }))).toBe(
      'This order has already been redeemed',
    );
    await days(5, user);
    expect(await coin(user)).toEqual({ available: '1010.8', frozen: '0' });
  });

  it('lets exactly 10 of 50 simultaneous purchases through a quota for 10', async () => {
    const [row] = await s.db.query<{ id: number }>(
      `INSERT INTO lockming_products (category, currency_id, cycle_days, daily_rate, min_amount, user_limit, quota, penalty_rate, created_at)
       VALUES ('defi', $1, 7, '0.001', '100', '1000', '1000', '0.002', $2) RETURNING id`,
      [USDT, clock.now()],
    );
    const id = Number(row!.id);
    const users = await Promise.all(Array.from({ length: 50 }, () => funded('100')));
    const results = await Promise.all(users.map((u) => buy(u, id, '100')));
    expect(results.filter((r) => r.body.type === 'ok')).toHaveLength(10);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const messages = new Set(results.filter((r) => r.body.type !== 'ok').map((r) => r.body.message));
    expect([...messages].every((m) => m === 'This product is sold out' || /^Only \d+ USDT of this product is left$/.test(String(m)))).toBe(
      true,
    );
    const product = (await products()).find((x) => x.id === id)!;
    expect(product).toMatchObject({ sold: '1000', left: '0', status: 'sold_out' });
  });

  it('audits every yield and redemption with 0 mismatches, then finds the tampered row', async () => {
    const clean = await audit();
    const section = clean.sections.find((x) => x.kind === 'lockming')!;
    expect(section.mismatches).toEqual([]);
    expect(section.settled).toBeGreaterThanOrEqual(3);
    const [row] = await s.db.query<{ id: number }>(
      `SELECT id FROM lockming_orders WHERE status = 'redeemed' AND redemption = 'early' LIMIT 1`,
    );
    await s.db.query(`UPDATE lockming_orders SET penalty = penalty + 1, returned = returned - 1 WHERE id = $1`, [row!.id]);
    const tampered = (await audit()).sections.find((x) => x.kind === 'lockming')!;
    expect(tampered.mismatches.map((m) => m.id)).toEqual([Number(row!.id)]);
    expect(tampered.mismatches[0]!.detail).toMatch(/penalty/);
    await s.db.query(`UPDATE lockming_orders SET penalty = penalty - 1, returned = returned + 1 WHERE id = $1`, [row!.id]);
  });
  it('pays a cycle longer than 24 days to the end (day arithmetic past 32 bits)', async () => {
    const p = (await products(undefined, 'defi')).find((x) => x.currency === 'USDT' && x.cycle_days === 30)!;
    const user = await funded('1000');
    const order = ok<LockmingOrder>(await buy(user, p.id, '1000'));
    expect(order.expires_at - order.created_at).toBeGreaterThan(29 * DAY_MS);
    await days(29, user);
    await days(1);
    // A session lasts 30 days at most: the holder signs in again to look.
    user.token = ok<string>(await s.call('/user/login', { user_string: user.email, password: user.password }));
    const [done] = await orders(user);
    expect(done).toMatchObject({ id: order.id, status: 'redeemed', redemption: 'expiry', days_paid: 30, yield_paid: '66' });
    expect(await coin(user)).toEqual({ available: '1066', frozen: '0' });
  });
  it('after a restart pays the days missed while it was down, each once (last: the server that answered HTTP is gone)', async () => {
    const p = await example();
    const user = await funded('5000');
    const order = ok<LockmingOrder>(await buy(user, p.id, '5000'));
    await days(2, user);
    expect(await coin(user)).toEqual({ available: '19', frozen: '5000' });
    await app.close();
    clock.advance(5 * DAY_MS);
    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    await engine().idle();
    expect((await app.fastify.lockming.repo.order(order.id))!).toMatchObject({ days_paid: 7, yield_paid: '66.5' });
    // The engine again, and a second engine's worth of tries: nothing twice.
    await engine().sweep();
    expect((await app.fastify.lockming.service.accrue(order.id))!.days_paid).toBe(7);
    const [paid] = await s.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ledger_ops WHERE key LIKE $1`, [
      `lockming:${order.id}:yield:%`,
    ]);
    expect(paid!.n).toBe(7);
  });
});
