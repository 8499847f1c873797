/**
 * IEO over real HTTP: the seeded projects in every phase, a project created by
 * the operator with every field, each refusal the issue lists, a subscription's escrow, a
 * project oversubscribed 3× with odd amounts allocated pro rata by the engine on a ManualClock
 * (passed rounded down, kept + refund = payment exactly, the remainder to the treasury), the
 * tokens frozen until the unlock and released after, an allocation interrupted half-way and
 * finished by a restarted server paying nothing twice, concurrent subscriptions against the
 * per-user maximum, and the audit (0 mismatches, then a tampered row). Ledger invariants after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../domain/audit/types';
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import { allocate } from '../../domain/ieo/formulas';
import type { IeoOrder, IeoProject } from '../../domain/ieo/types';
import { DAY_MS } from '../../domain/time';
import { buildApp, type App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/ieo/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';
import { TEST_APP_OPTIONS } from './options';

const USDT = 3;
const HOUR_MS = 3_600_000;
type User = Awaited<ReturnType<TestServer['signUp']>>;

describe(`ieo (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 120_000 }, () => {
  let s: TestServer;
  let app: App;
  // 10:00 UTC, days after the template's market history (the other engines share the clock).
  const today = new Date();
  const clock = new ManualClock(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 2, 10));
  let h: ReturnType<typeof accountHelpers>;
  let tokens = 0;

  const ok = <T>(res: { body: { type: string | number; message: unknown } }): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const refused = (res: { status: number; body: { type: string | number; message: unknown } }) => {
    expect(res.status).toBe(200);
    expect(res.body.type).not.toBe('ok');
    return String(res.body.message);
  };
  const projects = async (user?: User, phase?: string) =>
    ok<IeoProject[]>(await s.call('/project', phase ? { phase } : {}, { method: 'GET', token: user?.token }));
  const detail = async (id: number, user?: User) =>
    ok<IeoProject>(await s.call('/project/detail', { id: String(id) }, { method: 'GET', token: user?.token }));
  const subscribe = (user: User, project_id: number, amount: string, options: { lang?: string; key?: string; pay?: number } = {}) =>
    s.call(
      '/project/order',
      { project_id: String(project_id), amount, pay_currency: String(options.pay ?? USDT) },
      { token: user.token, ...(options.lang && { lang: options.lang }), headers: options.key ? { 'idempotency-key': options.key } : {} },
    );
  const orders = async (user: User) =>
    ok<Page<IeoOrder>>(await s.call('/user/project/order', {}, { method: 'GET', token: user.token })).data;
  const wallet = async (user: User, currency: number) => {
    const b = await h.balance(user, currency);
    return { available: new Decimal(b.available).toFixed(), frozen: new Decimal(b.frozen).toFixed() };
  };
  const funded = async (amount: string) => {
    const user = await s.signUp();
    await h.credit(user, 'change', 'USDT', amount);
    return user;
  };
  /** A project created by the operator, in progress from an hour ago for `days`, with a fresh token. */
  const create = async (fields: Partial<Record<string, string | number>> = {}) =>
    ok<IeoProject>(
      await s.ops('/ieo/projects/create', {
        name: 'Test Chain',
        token: `TT${++tokens}`,
        token_decimals: 2,
        pay_currency: 'USDT',
        price: '0.37',
        total: '1000',
        min_amount: '0.01',
        max_amount: '5000',
        starts_at: clock.now() - HOUR_MS,
        ends_at: clock.now() + DAY_MS,
        lock_days: 3,
        whitepaper: 'https://test.example/wp.pdf',
        website: 'https://test.example',
        description: 'A project for the tests.',
        ...fields,
      }),
    );
  const engine = () => app.fastify.ieo.engine;
  /** Moves the clock and lets the engine do what came due; `users` use the app meanwhile (sessions idle out after 7 days). */
  const advance = async (ms: number, ...users: User[]) => {
    for (let left = ms; left > 0; left -= DAY_MS) {
      clock.advance(Math.min(left, DAY_MS));
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

  it('lists the seeded projects in every phase, in progress first, with a countdown; one phase; a detail', async () => {
    const all = await projects();
    expect(all.map((p) => p.phase).slice(0, 3)).toEqual(['in_progress', 'preheating', 'finished']);
    const [live, soon, done] = all;
    expect(live).toMatchObject({ token: 'KSTL', pay_currency: 'USDT', countdown_to: live!.ends_at, user_subscribed: null });
    expect(soon!.countdown_to).toBe(soon!.starts_at);
    expect(done).toMatchObject({ countdown_to: null, allocated: true });
    expect(live!.unlock_at).toBe(live!.ends_at + live!.lock_days * DAY_MS);
    expect((await projects(undefined, 'preheating')).every((p) => p.phase === 'preheating')).toBe(true);
    expect(await detail(live!.id)).toEqual(live);
    expect(refused(await s.call('/project/detail', { id: '99999' }, { method: 'GET' }))).toBe('No such project');
    expect(refused(await s.call('/project', { phase: 'soon' }, { method: 'GET' }))).toBe('Invalid input');
    const user = await s.signUp();
    expect((await detail(live!.id, user)).user_remaining).toBe(live!.max_amount);
  });

  it('creates a project with its token by the operator, refusing a bad field with the reason', async () => {
    const p = await create({ name: 'Created', total: '250000', lock_days: 10 });
    expect(p).toMatchObject({ name: 'Created', total: '250000', price: '0.37', phase: 'in_progress', token_decimals: 2, allocated: false });
    expect((await projects()).some((x) => x.id === p.id)).toBe(true);
    // The token is a currency the wallet knows (empty until allocated).
    const user = await s.signUp();
    expect(await wallet(user, p.token_id)).toEqual({ available: '0', frozen: '0' });
    expect(refused(await s.ops('/ieo/projects/create', { ...p, token: p.token } as never))).toMatch(/Invalid/);
    const bad = async (fields: Record<string, string | number>) =>
      refused(await s.ops('/ieo/projects/create', { ...(await base()), ...fields }));
    const base = async () => ({
      name: 'X',
      token: 'NEWONE',
      token_decimals: 2,
      pay_currency: 'USDT',
      price: '1',
      total: '100',
      min_amount: '1',
      max_amount: '10',
      starts_at: clock.now(),
      ends_at: clock.now() + DAY_MS,
      lock_days: 1,
      whitepaper: 'https://x.example',
      website: 'https://x.example',
      description: 'x',
    });
    expect(await bad({ token: 'BTC' })).toBe('Invalid project: a currency named BTC exists');
    expect(await bad({ website: 'javascript:alert(1)' })).toBe('Invalid project: website: an http(s) address');
    expect(await bad({ ends_at: clock.now() - 1 })).toBe('Invalid project: end must be after start');
    expect(await bad({ price: '-1' })).toMatch(/price/);
    expect(await bad({ min_amount: '20' })).toBe('Invalid project: max below min');
    expect(await bad({ pay_currency: 'XYZ' })).toMatch(/pay currency/);
    expect((await projects()).some((x) => x.token === 'NEWONE')).toBe(false);
  });

  it('refuses bad subscriptions with a clear message in the request language, losing nothing', async () => {
    const p = await create({ min_amount: '10', max_amount: '1000' });
    const soon = (await projects(undefined, 'preheating'))[0];
    const done = (await projects(undefined, 'finished'))[0];
    const user = await funded('100');
    expect(refused(await subscribe(user, p.id, '1000'))).toBe('Insufficient balance');
    expect(refused(await subscribe(user, p.id, '1000', { lang: 'zh' }))).toBe('余额不足');
    expect(refused(await subscribe(user, p.id, '9.99'))).toBe(`The minimum subscription is 10 ${p.token}`);
    expect(refused(await subscribe(user, p.id, '1001'))).toBe(`You can subscribe to at most 1000 ${p.token} more`);
    expect(refused(await subscribe(user, p.id, '10.001'))).toBe('At most 2 decimal places');
    expect(refused(await subscribe(user, p.id, '0'))).toBe('The amount must be greater than zero');
    expect(refused(await subscribe(user, p.id, '-10'))).toMatch(/amount/i);
    expect(refused(await subscribe(user, p.id, '1e2'))).toMatch(/amount/i);
    expect(refused(await subscribe(user, p.id, '10', { pay: 1 }))).toBe('This project is paid in USDT');
    expect(refused(await subscribe(user, 99_999, '10'))).toBe('No such project');
    expect(refused(await subscribe(user, soon!.id, '100'))).toBe('Subscription has not started yet');
    expect(refused(await subscribe(user, done!.id, '100'))).toBe('Subscription has ended');
    expect(refused(await s.call('/project/order', { project_id: String(p.id), amount: '10', pay_currency: '3' }))).toBe(
      'Please log in first',
    );
    expect(await wallet(user, USDT)).toEqual({ available: '100', frozen: '0' });
    expect(await orders(user)).toEqual([]);
  });

  it('takes price × amount into escrow once per idempotency key', async () => {
    const p = await create();
    const user = await funded('100');
    const first = ok<IeoOrder>(await subscribe(user, p.id, '10.01', { key: 'ieo-retry-1' }));
    const again = ok<IeoOrder>(await subscribe(user, p.id, '10.01', { key: 'ieo-retry-1' }));
    expect(again.id).toBe(first.id);
    // 10.01 × 0.37 = 3.7037: paid as is (USDT has 6 decimals).
    expect(first).toMatchObject({ amount: '10.01', paid: '3.7037', status: 'subscribed', passed: null, refunded: null });
    expect(await wallet(user, USDT)).toEqual({ available: '96.2963', frozen: '0' });
    expect((await detail(p.id, user)).user_subscribed).toBe('10.01');
    expect((await orders(user)).map((o) => o.id)).toEqual([first.id]);
  });

  it('allocates a project oversubscribed 3× pro rata at its end: kept + refund = payment, the remainder to the treasury', async () => {
    const p = await create({ total: '1000', price: '0.37' });
    // Odd amounts asking 3000 tokens in all.
    const asks = ['1234.57', '765.43', '999.99', '0.01'];
    const users = await Promise.all(asks.map(() => funded('1000')));
    const placed: IeoOrder[] = [];
    for (const [i, amount] of asks.entries()) placed.push(ok<IeoOrder>(await subscribe(users[i]!, p.id, amount)));
    expect((await detail(p.id)).subscribed).toBe('3000');
    expect((await detail(p.id)).progress).toBe('3');
    await advance(DAY_MS, ...users);
    const expected = allocate(
      placed.map((o) => ({ id: o.id, amount: o.amount })),
      '1000',
      '0.37',
      2,
      6,
    );
    let passed = new Decimal(0);
    for (const [i, user] of users.entries()) {
      const [o] = await orders(user);
      const a = expected.allocations[i]!;
      expect(o).toMatchObject({ status: 'allocated', passed: a.passed.toFixed(), refunded: a.refund.toFixed() });
      expect(new Decimal(o!.paid).minus(o!.refunded!).plus(o!.refunded!).eq(o!.paid)).toBe(true);
      expect(await wallet(user, USDT)).toEqual({ available: new Decimal(1000).minus(o!.paid).plus(o!.refunded!).toFixed(), frozen: '0' });
      expect(await wallet(user, p.token_id)).toEqual({ available: '0', frozen: o!.passed });
      passed = passed.plus(o!.passed!);
    }
    // 1234.57 asked of 3000 → 411.52 passed (411.523… rounded down).
    expect((await orders(users[0]!))[0]!.passed).toBe('411.52');
    // The smallest subscription is refunded in full.
    expect((await orders(users[3]!))[0]).toMatchObject({ passed: '0', refunded: '0.0037' });
    const row = (await app.fastify.ieo.repo.project(p.id))!;
    expect(passed.plus(row.remainder!).toFixed()).toBe('1000');
    expect(row.remainder).toBe(expected.remainder.toFixed());
    expect((await detail(p.id)).allocated).toBe(true);
    // A subscription after the end is refused.
    expect(refused(await subscribe(users[0]!, p.id, '10'))).toBe('Subscription has ended');

    // At the unlock the tokens become available, once.
    await advance(3 * DAY_MS, ...users);
    for (const user of users) {
      const [o] = await orders(user);
      expect(o).toMatchObject({ status: 'released' });
      expect(o!.released_at).toBeGreaterThanOrEqual(o!.unlock_at);
      expect(await wallet(user, p.token_id)).toEqual({ available: o!.passed, frozen: '0' });
    }
    expect((await audit()).mismatches).toBe(0);
  });

  it('allocates in full when undersubscribed', async () => {
    const p = await create({ total: '1000' });
    const user = await funded('100');
    ok(await subscribe(user, p.id, '200'));
    await advance(DAY_MS, user);
    expect((await orders(user))[0]).toMatchObject({ status: 'allocated', passed: '200', refunded: '0' });
    expect((await app.fastify.ieo.repo.project(p.id))!.remainder).toBe('0');
  });

  it('holds the per-user maximum under concurrent subscriptions', async () => {
    const p = await create({ min_amount: '10', max_amount: '100' });
    const user = await funded('1000');
    const results = await Promise.all(Array.from({ length: 20 }, () => subscribe(user, p.id, '10')));
    expect(results.filter((r) => r.body.type === 'ok')).toHaveLength(10);
    expect((await detail(p.id, user)).user_subscribed).toBe('100');
    expect(await wallet(user, USDT)).toEqual({ available: '963', frozen: '0' });
  });

  it('audits every subscription and allocation with 0 mismatches, and finds a tampered row', async () => {
    const clean = await audit();
    const section = clean.sections.find((x) => x.kind === 'ieo')!;
    expect(section.settled).toBeGreaterThan(5);
    expect(section.mismatches).toEqual([]);
    const [row] = await s.db.query<{ id: number }>(
      `SELECT id FROM ieo_orders WHERE status <> 'subscribed' AND refunded > 0 ORDER BY id LIMIT 1`,
    );
    await s.db.query(`UPDATE ieo_orders SET refunded = refunded - 0.000001 WHERE id = $1`, [row!.id]);
    const tampered = (await audit()).sections.find((x) => x.kind === 'ieo')!;
    expect(tampered.mismatches.find((m) => m.id === Number(row!.id))?.detail).toMatch(/refund/);
    await s.db.query(`UPDATE ieo_orders SET refunded = refunded + 0.000001 WHERE id = $1`, [row!.id]);
  });

  it('finishes an allocation interrupted half-way after a restart, paying nothing twice (last: the server that answered HTTP is gone)', async () => {
    const p = await create({ total: '100', price: '1' });
    const users = await Promise.all([funded('500'), funded('500'), funded('500')]);
    for (const user of users) ok(await subscribe(user, p.id, '100'));
    // The leader stops, then the window ends; a step runs by hand as if the node crashed after it.
    await engine().stop();
    clock.advance(DAY_MS);
    const service = app.fastify.ieo.service;
    expect(await service.computeAllocation(p.id)).toBe(true);
    const [first] = await app.fastify.ieo.repo.projectOrders(p.id);
    expect((await service.allocateOrder(first!.id))!.status).toBe('allocated');
    await app.close();

    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    await engine().idle();
    const rows = await app.fastify.ieo.repo.projectOrders(p.id);
    expect(rows.map((o) => [o.status, o.passed, o.refunded])).toEqual([
      ['allocated', '33.33', '66.67'],
      ['allocated', '33.33', '66.67'],
      ['allocated', '33.33', '66.67'],
    ]);
    expect((await app.fastify.ieo.repo.project(p.id))!.allocated_at).not.toBeNull();
    // Every step again: nothing moves.
    expect(await app.fastify.ieo.service.computeAllocation(p.id)).toBe(false);
    for (const o of rows) expect(await app.fastify.ieo.service.allocateOrder(o.id)).toBeNull();
    expect(await app.fastify.ieo.service.finishAllocation(p.id)).toBe(false);
    const [ops] = await s.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ledger_ops WHERE key = ANY($1::text[])`, [
      `{${rows.map((o) => `ieo:${o.id}:allocate`).join(',')},ieo:project:${p.id}:remainder}`,
    ]);
    expect(ops!.n).toBe(4);
    // After the unlock a restarted engine releases each order once.
    await app.close();
    clock.advance(3 * DAY_MS);
    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    await engine().idle();
    expect((await app.fastify.ieo.repo.projectOrders(p.id)).every((o) => o.status === 'released')).toBe(true);
    await engine().sweep();
    const [released] = await s.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ledger_ops WHERE key LIKE 'ieo:%:release'`);
    const [count] = await s.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ieo_orders WHERE status = 'released' AND passed > 0`);
    expect(released!.n).toBe(count!.n);
  });
});
