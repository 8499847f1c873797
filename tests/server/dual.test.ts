/**
 * Dual investment over real HTTP: the day's issue (BTC and ETH, call and put,
 * 1, 3 and 7 days, linked prices around the market), a purchase of whole shares and every
 * refusal the issue lists, settlement at maturity from the recorded price on a ManualClock and a
 * market stepped by hand — a call and a put each settled above, at and below their linked price
 * with dualPayout's numbers — settling in between, no record → fail with the principal back, a
 * restart across a maturity paying nothing twice, and the audit (0 mismatches, then the tampered
 * row). Ledger invariants after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../domain/audit/types';
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import { dualPayout } from '../../domain/invest/formulas';
import type { DualOrder, DualProduct } from '../../domain/invest/types';
import { DAY_MS } from '../../domain/time';
import { buildApp, type App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/invest/plugin';
import { NO_PRICE_GRACE_MS } from '../../server/invest/DualService';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';
import { TEST_APP_OPTIONS } from './options';

const BTC = 1;
const ETH = 2;
const USDT = 3;
type User = Awaited<ReturnType<TestServer['signUp']>>;

describe(`dual investment (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 180_000 }, () => {
  let s: TestServer;
  let app: App;
  // 10:00 UTC, days after the template's market history (the record only grows forward in time).
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
  const products = async (currency = BTC, type?: 'call' | 'put') =>
    ok<DualProduct[]>(await s.call('/dual/index', { currency_id: String(currency), ...(type && { type }) }, { method: 'GET' }));
  const buy = (user: User, id: number, num: string, options: { lang?: string; key?: string } = {}) =>
    s.call(
      '/dual/buyDual',
      { id: String(id), num },
      { token: user.token, ...(options.lang && { lang: options.lang }), headers: options.key ? { 'idempotency-key': options.key } : {} },
    );
  const orders = async (user: User) => ok<Page<DualOrder>>(await s.call('/dual/dual_list', {}, { method: 'GET', token: user.token })).data;
  const coin = async (user: User, currency: number) => {
    const b = await h.balance(user, currency);
    return { available: new Decimal(b.available).toFixed(), frozen: new Decimal(b.frozen).toFixed() };
  };
  const funded = async (btc: string, usdt: string) => {
    const user = await s.signUp();
    if (btc !== '0') await h.credit(user, 'change', 'BTC', btc);
    if (usdt !== '0') await h.credit(user, 'change', 'USDT', usdt);
    return user;
  };
  const engine = () => app.fastify.invest.engine;
  const settle = async () => {
    await engine().sweep();
    await engine().idle();
  };
  const mark = async (price: string, symbol = 'BTC/USDT') => {
    app.market.tradeAt(symbol, price);
    await settle();
  };
  /** Moves the clock to `at` (its timers fire on the way: the engine's wake-ups). */
  const to = async (at: number) => {
    clock.advance(at - clock.now());
    await settle();
  };
  const audit = async () => ok<AuditReport>(await s.ops('/audit'));
  /** A product of the test's own (same maturity as the day's 1-day issue), at a chosen linked price. */
  let tier = 10;
  const extra = async (
    type: 'call' | 'put',
    linked: string,
    like: Pick<DualProduct, 'sale_ends_at' | 'maturity_at'>,
    createdAt = clock.now(),
  ): Promise<DualProduct> => {
    const q = s.db;
    await app.fastify.invest.repo.insertProduct(q, {
      type,
      currency_id: BTC,
      quote_id: USDT,
      tier: ++tier,
      share_price: type === 'call' ? '0.01' : '100',
      apr: '0.73',
      linked_price: linked,
      issue_price: '60000',
      days: 1,
      total_shares: 500,
      sale_ends_at: like.sale_ends_at,
      maturity_at: like.maturity_at,
      created_at: createdAt,
    });
    return (await products(BTC, type)).find((p) => p.linked_price === linked && p.maturity_at === like.maturity_at)!;
  };

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    app = s.app;
    h = accountHelpers(s, clock);
    await mark('60000.00');
    await mark('3000.00', 'ETH/USDT');
  });
  afterAll(async () => {
    await engine().idle();
    await expectLedgerInvariants(s.db);
    await app.close();
    await s.close();
  });

  it('issues the day’s products once: BTC and ETH, call and put, 1/3/7 days, calls above the market, puts below', async () => {
    for (const currency of [BTC, ETH]) {
      const calls = await products(currency);
      const puts = await products(currency, 'put');
      for (const [list, type] of [
        [calls, 'call'],
        [puts, 'put'],
      ] as const) {
        const open = list.filter((p) => p.status === 'open');
        expect(open).toHaveLength(6);
        expect(open.map((p) => p.days).sort()).toEqual([1, 1, 3, 3, 7, 7]);
        for (const p of open) {
          expect(p.type).toBe(type);
          expect(p).toMatchObject({ total_shares: 500, sold_shares: 0, remaining_shares: 500, progress: '0' });
          expect(p.maturity_at - p.sale_ends_at).toBe(p.days * DAY_MS);
          expect(new Date(p.maturity_at).getUTCHours()).toBe(8);
          expect(p.sale_ends_at).toBeGreaterThan(clock.now());
          // The market price at issuance (the engine issued at its start).
          const issued = (await app.fastify.invest.repo.product(p.id))!.issue_price;
          if (type === 'call') expect(new Decimal(p.linked_price).gt(issued)).toBe(true);
          else expect(new Decimal(p.linked_price).lt(issued)).toBe(true);
          expect(p.invest_currency).toBe(type === 'call' ? (currency === BTC ? 'BTC' : 'ETH') : 'USDT');
          expect(p.share_price).toBe(type === 'put' ? '100' : currency === BTC ? '0.01' : '0.1');
        }
        // Nearer linked price, higher APR.
        for (const days of [1, 3, 7]) {
          const [near, far] = open
            .filter((p) => p.days === days)
            .sort((a, b) => (type === 'call' ? 1 : -1) * new Decimal(a.linked_price).cmp(b.linked_price));
          expect(new Decimal(near!.apr).gt(far!.apr)).toBe(true);
        }
      }
      // Detail answers the same product.
      const first = calls[0]!;
      expect(ok<DualProduct>(await s.call('/dual/detail', { id: String(first.id) }, { method: 'GET' }))).toEqual(first);
    }
    // Again (a second engine, another price): nothing more.
    await mark('61000.00');
    expect(await app.fastify.invest.service.issue()).toBe(0);
    expect((await products(BTC)).filter((p) => p.status === 'open')).toHaveLength(6);
    expect(refused(await s.call('/dual/detail', { id: '999999' }, { method: 'GET' }))).toBe('No such product');
    expect(refused(await s.call('/dual/index', { currency_id: String(BTC), type: 'straddle' }, { method: 'GET' }))).toBe('Invalid input');
  });

  it('refuses bad purchases with a clear message in the request language, losing nothing', async () => {
    const p = (await products(BTC)).find((x) => x.status === 'open')!;
    const user = await funded('0.05', '0');
    expect(refused(await buy(user, p.id, '1.5'))).toBe('The purchase quantity must be an integer');
    expect(refused(await buy(user, p.id, '1.5', { lang: 'zh' }))).toBe('购买数量必须为整数');
    expect(refused(await buy(user, p.id, '1e3'))).toBe('The purchase quantity must be an integer');
    expect(refused(await buy(user, p.id, '-1'))).toBe('The purchase quantity must be an integer');
    expect(refused(await buy(user, p.id, '0'))).toBe('Buy at least one share');
    expect(refused(await buy(user, p.id, ''))).toBe('Please enter the number of shares');
    expect(refused(await buy(user, p.id, '6'))).toBe('Insufficient balance');
    expect(refused(await buy(user, p.id, '501'))).toBe('Only 500 shares are left');
    expect(refused(await buy(user, 999_999, '1'))).toBe('No such product');
    expect(refused(await s.call('/dual/buyDual', { id: String(p.id), num: '1' }))).toBe('Please log in first');
    // A product whose sale is over (created two hours ago, closed a moment ago).
    const now = clock.now();
    const closed = await extra('call', '99000', { ...p, sale_ends_at: now - 1, maturity_at: now - 1 + DAY_MS }, now - 7_200_000);
    expect(closed.status).toBe('closed');
    expect(refused(await buy(user, closed.id, '1'))).toBe('This product is no longer on sale');
    // Sold out.
    const other = (await products(BTC)).find((x) => x.status === 'open' && x.id !== p.id)!;
    await s.db.query('UPDATE dual_products SET sold_shares = total_shares WHERE id = $1', [other.id]);
    expect(refused(await buy(user, other.id, '1'))).toBe('This product is sold out');
    expect((await products(BTC)).find((x) => x.id === other.id)!.status).toBe('sold_out');
    await s.db.query('UPDATE dual_products SET sold_shares = 0 WHERE id = $1', [other.id]);
    expect(await coin(user, BTC)).toEqual({ available: '0.05', frozen: '0' });
    expect(await orders(user)).toEqual([]);
  });

  it('buys whole shares into frozen; a retry with the same Idempotency-Key buys once', async () => {
    const p = (await products(BTC)).find((x) => x.status === 'open')!;
    const user = await funded('0.05', '0');
    const first = ok<DualOrder>(await buy(user, p.id, '3', { key: 'dual-buy-1' }));
    const again = ok<DualOrder>(await buy(user, p.id, '3', { key: 'dual-buy-1' }));
    expect(again).toEqual(first);
    expect(first).toMatchObject({ status: 'purchased', num: 3, amount: '0.03', invest_currency: 'BTC', linked_price: p.linked_price });
    expect(await coin(user, BTC)).toEqual({ available: '0.02', frozen: '0.03' });
    expect((await orders(user)).map((o) => o.id)).toEqual([first.id]);
    const after = (await products(BTC)).find((x) => x.id === p.id)!;
    expect(after).toMatchObject({ sold_shares: 3, remaining_shares: 497, progress: '0.006' });
  });

  it('settles a call and a put above, at and below the linked price from the recorded price at maturity, once', async () => {
    const day1 = (await products(BTC)).find((x) => x.status === 'open' && x.days === 1)!;
    // Linked 59000, 60000 and 61000; the market will be at 60000 at maturity.
    const linked = ['59000', '60000', '61000'];
    const calls = await Promise.all(linked.map((l) => extra('call', l, day1)));
    const puts = await Promise.all(linked.map((l) => extra('put', l, day1)));
    const user = await funded('1', '10000');
    const bought: DualOrder[] = [];
    for (const p of calls) bought.push(ok<DualOrder>(await buy(user, p.id, '2')));
    for (const p of puts) bought.push(ok<DualOrder>(await buy(user, p.id, '2')));
    expect(await coin(user, BTC)).toEqual({ available: '0.94', frozen: '0.06' });
    expect(await coin(user, USDT)).toEqual({ available: '9400', frozen: '600' });

    // The market moves on the way; only the price in force at the maturity moment counts (the open
    // of the maturity minute's recorded bar: the last trade before it, as the bar opens at it).
    await to(day1.maturity_at - 60_000);
    await mark('65000.00');
    await to(day1.maturity_at - 1_000);
    await mark('60000.00');
    expect((await orders(user)).every((o) => o.status === 'purchased')).toBe(true);
    await to(day1.maturity_at);
    // Matured, the minute not recorded yet: settling.
    expect((await orders(user)).every((o) => o.status === 'settling')).toBe(true);
    expect(ok<Page<DualOrder>>(await s.call('/dual/dual_list', { status: 'settling' }, { method: 'GET', token: user.token })).total).toBe(
      6,
    );
    await to(day1.maturity_at + 30_000);
    await mark('58000.00');

    const settled = await orders(user);
    const byProduct = (id: number) => settled.find((o) => o.product_id === id)!;
    // 2 shares at 0.73 APR for 1 day: × 1.002.
    // Call (0.02 BTC): settled at 60000 above 59000 and at 60000 → USDT 0.02004 × linked; below 61000 → 0.02004 BTC.
    expect(byProduct(calls[0]!.id)).toMatchObject({
      status: 'success',
      payout_currency: 'USDT',
      payout_amount: '1182.36',
      settle_price: '60000',
    });
    expect(byProduct(calls[1]!.id)).toMatchObject({ status: 'success', payout_currency: 'USDT', payout_amount: '1202.4' });
    expect(byProduct(calls[2]!.id)).toMatchObject({ status: 'success', payout_currency: 'BTC', payout_amount: '0.02004' });
    // Put (200 USDT): above 59000 → 200.4 USDT; at 60000 → 200.4 / 60000 BTC; below 61000 → 200.4 / 61000 BTC, rounded down.
    expect(byProduct(puts[0]!.id)).toMatchObject({ status: 'success', payout_currency: 'USDT', payout_amount: '200.4' });
    expect(byProduct(puts[1]!.id)).toMatchObject({ status: 'success', payout_currency: 'BTC', payout_amount: '0.00334' });
    expect(byProduct(puts[2]!.id)).toMatchObject({ status: 'success', payout_currency: 'BTC', payout_amount: '0.00328524' });
    for (const o of settled) {
      expect(o).toMatchObject({ settle_price: '60000', settle_price_at: day1.maturity_at, fail_reason: null });
      expect(o.settled_at).toBeGreaterThanOrEqual(o.maturity_at);
      const p = dualPayout(o.type, o.amount, o.linked_price, o.settle_price!, o.days, o.apr, { base: 8, quote: 6 });
      expect(p.amount.toFixed()).toBe(o.payout_amount);
    }
    const wallet = { btc: await coin(user, BTC), usdt: await coin(user, USDT) };
    expect(wallet.btc).toEqual({
      available: new Decimal('0.94').plus('0.02004').plus('0.00334').plus('0.00328524').toFixed(),
      frozen: '0',
    });
    expect(wallet.usdt).toEqual({ available: new Decimal('9400').plus('1182.36').plus('1202.4').plus('200.4').toFixed(), frozen: '0' });

    // Once: the engine again, the service directly, more ticks — nothing moves.
    await mark('70000.00');
    for (const o of bought) expect(await app.fastify.invest.service.settle(o.id)).toBeNull();
    expect({ btc: await coin(user, BTC), usdt: await coin(user, USDT) }).toEqual(wallet);
  });

  it('lets exactly 10 of 50 simultaneous one-share purchases through a product with 10 shares', async () => {
    const like = (await products(BTC, 'put')).find((x) => x.status === 'open' && x.days === 1)!;
    await extra('put', '1000', like);
    const p = (await products(BTC, 'put')).find((x) => x.linked_price === '1000')!;
    await s.db.query('UPDATE dual_products SET total_shares = 10 WHERE id = $1', [p.id]);
    const users = await Promise.all(Array.from({ length: 50 }, () => funded('0', '100')));
    const results = await Promise.all(users.map((u) => buy(u, p.id, '1')));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.type === 'ok')).toHaveLength(10);
    const messages = new Set(results.filter((r) => r.body.type !== 'ok').map((r) => String(r.body.message)));
    expect([...messages]).toEqual(['This product is sold out']);
    expect((await products(BTC, 'put')).find((x) => x.id === p.id)).toMatchObject({
      sold_shares: 10,
      remaining_shares: 0,
      status: 'sold_out',
    });
  });

  it('fails a position with no recorded price at its maturity, refunding the principal with the reason', async () => {
    const eth = (await products(ETH)).find((x) => x.status === 'open' && x.days === 1)!;
    const user = await s.signUp();
    await h.credit(user, 'change', 'ETH', '1');
    const order = ok<DualOrder>(await buy(user, eth.id, '4'));
    expect(await coin(user, ETH)).toEqual({ available: '0.6', frozen: '0.4' });
    // No ETH trade in the maturity minute: it waits, settling, then gives up after the grace.
    await to(eth.maturity_at + 60_000);
    expect((await orders(user))[0]).toMatchObject({ id: order.id, status: 'settling' });
    await to(eth.maturity_at + NO_PRICE_GRACE_MS);
    expect((await orders(user))[0]).toMatchObject({
      id: order.id,
      status: 'fail',
      fail_reason: 'fail.noPrice',
      settle_price: null,
      payout_amount: null,
    });
    expect(await coin(user, ETH)).toEqual({ available: '1', frozen: '0' });
    await mark('3100.00', 'ETH/USDT');
  });

  it('issues a new set each UTC day', async () => {
    const before = (await products(BTC)).filter((p) => p.status === 'open').map((p) => p.id);
    const midnight = Math.floor(clock.now() / DAY_MS) * DAY_MS + DAY_MS;
    await to(midnight);
    const after = (await products(BTC)).filter((p) => p.status === 'open');
    // The new day's set is on sale; the old one until 08:00.
    expect(after.filter((p) => !before.includes(p.id))).toHaveLength(6);
    await to(midnight + 8 * 3_600_000);
    expect((await products(BTC)).filter((p) => p.status === 'open').every((p) => !before.includes(p.id))).toBe(true);
  });

  it('audits every settlement with 0 mismatches, then finds the tampered row', async () => {
    const clean = (await audit()).sections.find((x) => x.kind === 'dual')!;
    expect(clean.mismatches).toEqual([]);
    expect(clean.settled).toBeGreaterThanOrEqual(8);
    const [row] = await s.db.query<{ id: number }>(`SELECT id FROM dual_orders WHERE status = 'success' ORDER BY id LIMIT 1`);
    await s.db.query(`UPDATE dual_orders SET payout_amount = payout_amount + 1 WHERE id = $1`, [row!.id]);
    const tampered = (await audit()).sections.find((x) => x.kind === 'dual')!;
    expect(tampered.mismatches.map((m) => m.id)).toEqual([Number(row!.id)]);
    expect(tampered.mismatches[0]!.detail).toMatch(/payout/);
    await s.db.query(`UPDATE dual_orders SET payout_amount = payout_amount - 1 WHERE id = $1`, [row!.id]);
  });
  it('after a restart settles what matured while it was down, once (last: the server that answered HTTP is gone)', async () => {
    const p = (await products(BTC, 'put')).find((x) => x.status === 'open' && x.days === 1)!;
    const user = await funded('0', '1000');
    const order = ok<DualOrder>(await buy(user, p.id, '5'));
    await app.close();
    clock.advance(p.maturity_at + 3 * 3_600_000 - clock.now());
    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    await engine().idle();
    const row = (await app.fastify.invest.repo.order(order.id))!;
    const recorded = await app.fastify.audit.prices.priceAt('BTC/USDT', p.maturity_at);
    if (recorded) {
      const payout = dualPayout('put', '500', p.linked_price, recorded.price, 1, p.apr, { base: 8, quote: 6 });
      expect(row).toMatchObject({
        status: 'success',
        settle_price: new Decimal(recorded.price).toFixed(),
        settle_price_at: p.maturity_at,
        payout_amount: payout.amount.toFixed(),
      });
    } else expect(row).toMatchObject({ status: 'fail', fail_reason: 'fail.noPrice' });
    // The engine again, and a second engine's worth of tries: nothing twice.
    await settle();
    expect(await app.fastify.invest.service.settle(order.id)).toBeNull();
    const [ops] = await s.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ledger_ops WHERE key = $1`, [`dual:${order.id}:settle`]);
    expect(ops!.n).toBe(1);

    // The audit, in process (the server that answered HTTP is gone): 0 mismatches.
    const section = await app.fastify.audit.registry
      .list()
      .find((a) => a.kind === 'dual')!
      .audit({ prices: app.fastify.audit.prices });
    expect(section.mismatches).toEqual([]);
  });
});
