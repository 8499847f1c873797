/**
 * OTC over real HTTP (docs/OTC.md): the seeded adverts and one created by the
 * operator (each bad field refused with its reason), the per-trade limit by identity level (998
 * without level 1, 2,000 USDT at level 1, the language's figure shown but 100,000 enforced at
 * level 2), an order by fiat and by USDT amount (the other computed from the price, USDT rounded
 * down), each refusal the issue lists (above the level's limit, below the advert's minimum,
 * someone else's order marked paid, releasing twice), a buy order released by the operator, a
 * cancel, an appeal listed first for operators, a sell order confirmed and one cancelled, an
 * order timing out on the ManualClock, idempotent retries, concurrent orders against one advert's
 * capacity, the auditor (clean, then a tampered row), and (last) a restart that expires a
 * due order once. Ledger invariants after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../domain/audit/types';
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import { OTC_PAY_WINDOW_MS } from '../../domain/otc/formulas';
import type { OpsOtcOrder, OtcAdvert, OtcLimits, OtcOrder } from '../../domain/otc/types';
import { buildApp, type App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/otc/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';
import { TEST_APP_OPTIONS } from './options';

const USDT = 3;
type User = Awaited<ReturnType<TestServer['signUp']>>;
type Res = { status: number; body: { type: string | number; message: unknown } };

describe(`otc (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 120_000 }, () => {
  let s: TestServer;
  let app: App;
  const today = new Date();
  const clock = new ManualClock(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 2, 10));
  let h: ReturnType<typeof accountHelpers>;

  const ok = <T>(res: Res): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const refused = (res: Res) => {
    expect(res.status).toBe(200);
    expect(res.body.type).not.toBe('ok');
    return String(res.body.message);
  };
  const get = (path: Parameters<TestServer['call']>[0], params: Record<string, string>, user?: User, lang?: string) =>
    s.call(path, params, { method: 'GET', token: user?.token, ...(lang && { lang }) });
  const create = (user: User, params: Record<string, string>, options: { key?: string; lang?: string } = {}) =>
    s.call('/otc/order/create', params, {
      token: user.token,
      ...(options.lang && { lang: options.lang }),
      headers: options.key ? { 'idempotency-key': options.key } : {},
    });
  const act = (path: '/otc/order/paid' | '/otc/order/cancel', user: User, id: number) =>
    s.call(path, { id: String(id) }, { token: user.token });
  const wallet = async (user: User) => new Decimal((await h.balance(user, USDT)).available).toFixed();
  const level = async (user: User, n: number) => {
    await s.db.query('UPDATE users SET identity_level = $2 WHERE email = $1', [user.email, n]);
  };
  const verified = async (n = 1) => {
    const user = await s.signUp();
    await level(user, n);
    return user;
  };
  /** A buy advert created by the operator (USD at 1.25, 10–5,000 USD, 3,000 USDT offered) unless told otherwise. */
  const advert = async (fields: Record<string, string> = {}) =>
    ok<OtcAdvert>(
      await s.ops('/otc/ads/create', {
        merchant: 'Test Desk',
        side: 'buy',
        fiat: 'USD',
        price: '1.25',
        min_fiat: '10',
        max_fiat: '5000',
        payment_methods: 'bank_transfer,wise',
        capacity: '3000',
        details: 'Test Bank 12-34-56 00112233',
        ...fields,
      }),
    );
  const advertNow = async (id: number) => ok<OtcAdvert>(await get('/otc/advert', { id: String(id) }));
  const engine = () => app.fastify.otc.engine;
  const opsKeys = async (id: number) =>
    (await s.db.query<{ key: string }>(`SELECT key FROM ledger_ops WHERE key LIKE $1 ORDER BY id`, [`otc:${id}:%`])).map((r) => r.key);

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

  it('lists the seeded adverts by side and fiat, best price first; one advert; refuses a bad side or advert', async () => {
    const buy = ok<OtcAdvert[]>(await get('/otc/adverts', { side: 'buy' }));
    expect(buy.length).toBeGreaterThan(2);
    expect(buy.every((a) => a.side === 'buy' && a.available !== null && a.enabled)).toBe(true);
    const usd = ok<OtcAdvert[]>(await get('/otc/adverts', { side: 'buy', fiat: 'USD' }));
    expect(usd.map((a) => a.price)).toEqual([...usd.map((a) => a.price)].sort((a, b) => Number(a) - Number(b)));
    const sell = ok<OtcAdvert[]>(await get('/otc/adverts', { side: 'sell', fiat: 'USD' }));
    expect(sell[0]).toMatchObject({ side: 'sell', available: null, fiat: 'USD', fiat_decimals: 2 });
    expect(await advertNow(usd[0]!.id)).toEqual(usd[0]);
    expect(refused(await get('/otc/adverts', { side: 'both' }))).toBe('Choose buy or sell');
    expect(refused(await get('/otc/adverts', { side: 'buy', fiat: 'XYZ' }))).toBe('Choose a supported fiat currency');
    expect(refused(await get('/otc/advert', { id: '99999' }))).toBe('No such advert, or it is not taking orders');
    expect(refused(await get('/otc/advert', { id: '99999' }, undefined, 'zh'))).toBe('广告不存在或已停止接单');
  });

  it('creates adverts by the operator, refusing each bad field with the reason', async () => {
    const a = await advert({ merchant: 'Created', fiat: 'jpy', price: '150.5', min_fiat: '1000', max_fiat: '200000' });
    expect(a).toMatchObject({
      merchant: 'Created',
      side: 'buy',
      fiat: 'JPY',
      fiat_decimals: 0,
      available: '3000',
      payment_methods: ['bank_transfer', 'wise'],
    });
    expect(ok<OtcAdvert[]>(await s.ops('/otc/ads')).some((x) => x.id === a.id)).toBe(true);
    const bad = async (fields: Record<string, string>) => refused(await s.ops('/otc/ads/create', { ...fieldsOf(), ...fields }));
    const fieldsOf = () => ({
      merchant: 'X',
      side: 'buy',
      fiat: 'USD',
      price: '1',
      min_fiat: '1',
      max_fiat: '2',
      payment_methods: 'wise',
      capacity: '5',
    });
    expect(await bad({ side: 'both' })).toMatch(/side/);
    expect(await bad({ fiat: 'USDT' })).toMatch(/fiat/);
    expect(await bad({ price: '-1' })).toMatch(/price/);
    expect(await bad({ min_fiat: '3' })).toMatch(/max below min/);
    expect(await bad({ fiat: 'JPY', min_fiat: '1.5' })).toMatch(/min: positive, at most 0 decimals/);
    expect(await bad({ payment_methods: 'cheque' })).toMatch(/payment methods/);
    expect(refused(await s.ops('/otc/ads/create', { ...fieldsOf(), capacity: undefined } as never))).toMatch(/capacity/);
    expect(await bad({ side: 'sell' })).toMatch(/only a buy advert/);
    const sell = await advert({ side: 'sell', capacity: undefined } as never);
    expect(sell.available).toBeNull();
    const off = await advert({ enabled: '0' });
    expect(off.enabled).toBe(false);
    expect(refused(await get('/otc/advert', { id: String(off.id) }))).toMatch(/No such advert/);
  });

  it('answers one per-trade limit by level, the same in every language, answers 998 without level 1, and enforces it', async () => {
    const none = await s.signUp();
    expect(ok<OtcLimits>(await get('/otc/limits', {}, none))).toEqual({ level: 0, per_trade: null });
    const a = await advert();
    const res = await create(none, { advert_id: String(a.id), fiat_amount: '100' });
    expect(res.body.type).toBe(998);
    const one = await verified(1);
    expect(ok<OtcLimits>(await get('/otc/limits', {}, one))).toEqual({ level: 1, per_trade: '2000' });
    const two = await verified(2);
    // The banner once read a per-language figure (1,000,000 in English) while the sheet and the
    // order read the enforced 100,000. One answer now, whatever the language.
    for (const lang of ['jp', 'en', 'zh', 'spa'] as const)
      expect(ok<OtcLimits>(await get('/otc/limits', {}, two, lang))).toEqual({ level: 2, per_trade: '100000' });
    // Level 1: 2,000 USDT per trade (2,600 USD at 1.25 is 2,080 USDT).
    expect(refused(await create(one, { advert_id: String(a.id), fiat_amount: '2600' }))).toBe(
      'Your per-trade limit is 2000 USDT; verify to a higher level to trade more',
    );
    // Level 2: 100,000 holds (an advert large enough to reach it).
    const big = await advert({ max_fiat: '500000', capacity: '200000' });
    expect(refused(await create(two, { advert_id: String(big.id), usdt_amount: '100000.000001' }))).toMatch(/100000 USDT/);
    const at = ok<OtcOrder>(await create(two, { advert_id: String(big.id), usdt_amount: '100000' }));
    expect(at).toMatchObject({ usdt_amount: '100000', fiat_amount: '125000' });
  });

  it('computes the other amount from the price, refuses the advert’s bounds, the capacity, and both or neither amount', async () => {
    const a = await advert({ price: '7.3', fiat: 'CNY', min_fiat: '100', max_fiat: '10000', capacity: '1000' });
    const user = await verified();
    const byFiat = ok<OtcOrder>(await create(user, { advert_id: String(a.id), fiat_amount: '100' }));
    // 100 / 7.3 = 13.698630136… → 13.69863 at USDT's 6 decimals, rounded down.
    expect(byFiat).toMatchObject({
      side: 'buy',
      state: 'pending_payment',
      fiat_amount: '100',
      usdt_amount: '13.69863',
      price: '7.3',
      usdt_decimals: 6,
    });
    expect(byFiat.pay_deadline).toBe(byFiat.created_at + OTC_PAY_WINDOW_MS);
    expect(byFiat).toMatchObject({
      can_mark_paid: true,
      can_cancel: true,
      can_appeal: false,
      payment_details: 'Test Bank 12-34-56 00112233',
    });
    // 20.001 USDT × 7.3 = 146.0073 → 146.01 CNY (rounded up: the user pays).
    const byUsdt = ok<OtcOrder>(await create(user, { advert_id: String(a.id), usdt_amount: '20.001' }));
    expect(byUsdt).toMatchObject({ usdt_amount: '20.001', fiat_amount: '146.01' });
    expect((await advertNow(a.id)).available).toBe('966.30037');
    expect(refused(await create(user, { advert_id: String(a.id), fiat_amount: '99.99' }))).toBe('The minimum for this advert is 100 CNY');
    expect(refused(await create(user, { advert_id: String(a.id), fiat_amount: '10000.01' }))).toBe(
      'The maximum for this advert is 10000 CNY',
    );
    expect(refused(await create(user, { advert_id: String(a.id), fiat_amount: '100', usdt_amount: '5' }))).toBe(
      'Enter either a fiat amount or a USDT amount',
    );
    expect(refused(await create(user, { advert_id: String(a.id) }))).toBe('Enter either a fiat amount or a USDT amount');
    expect(refused(await create(user, { advert_id: String(a.id), fiat_amount: '1e3' }))).not.toBe('ok');
    expect(refused(await create(user, { advert_id: String(a.id), fiat_amount: '100.001' }))).toMatch(/decimal/i);
    expect(refused(await create(user, { advert_id: '99999', fiat_amount: '100' }))).toMatch(/No such advert/);
    // Capacity: 966.30037 left; 1,000 USDT is too much even within the fiat bounds.
    const small = await advert({ capacity: '50' });
    expect(refused(await create(user, { advert_id: String(small.id), usdt_amount: '50.5' }))).toBe(
      'The merchant has only 50 USDT available',
    );
    expect(refused(await create(user, { advert_id: String(a.id), fiat_amount: '99' }, { lang: 'fra' }))).toBe(
      'Le minimum de cette annonce est de 100 CNY',
    );
  });

  it('marks paid and releases once; someone else’s order is not found; releasing twice is refused and moves nothing', async () => {
    const a = await advert();
    const user = await verified();
    const other = await verified();
    const o = ok<OtcOrder>(await create(user, { advert_id: String(a.id), fiat_amount: '125' }));
    expect(o.usdt_amount).toBe('100');
    expect(refused(await act('/otc/order/paid', other, o.id))).toBe('No such order');
    expect(refused(await get('/otc/order', { id: String(o.id) }, other))).toBe('No such order');
    expect(refused(await act('/otc/order/cancel', other, o.id))).toBe('No such order');
    expect(refused(await s.ops('/otc/orders/:id/release', { id: o.id }))).toBe('The buyer has not marked this order paid yet');
    const paid = ok<OtcOrder>(await act('/otc/order/paid', user, o.id));
    expect(paid).toMatchObject({ state: 'paid', can_cancel: false, can_appeal: true, can_mark_paid: false });
    expect(paid.paid_at).toBe(clock.now());
    expect(refused(await act('/otc/order/paid', user, o.id))).toBe('This order is already marked paid');
    expect(refused(await act('/otc/order/cancel', user, o.id))).toMatch(/can no longer be cancelled/);
    expect(await wallet(user)).toBe('0');
    const released = ok<OpsOtcOrder>(await s.ops('/otc/orders/:id/release', { id: o.id }));
    expect(released).toMatchObject({ state: 'completed', user_id: expect.any(Number), email: user.email });
    expect(await wallet(user)).toBe('100');
    expect(refused(await s.ops('/otc/orders/:id/release', { id: o.id }))).toBe('This order is already completed');
    expect(refused(await s.ops('/otc/orders/:id/cancel', { id: o.id }))).toBe('This order is already completed');
    expect(await wallet(user)).toBe('100');
    expect(await opsKeys(o.id)).toEqual([`otc:${o.id}:reserve`, `otc:${o.id}:release`]);
    expect((await advertNow(a.id)).available).toBe('2900');
    expect((await advertNow(a.id)).completed_orders).toBe(1);
    const notes = ok<Page<{ kind: string; params: Record<string, unknown> }>>(await get('/user/notifications', {}, user));
    expect(notes.data[0]).toMatchObject({ kind: 'otcReleased', params: { id: o.id, amount: '100', currency: 'USDT' } });
    // The bill shows the movement.
    const [journal] = await s.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM journal WHERE ref_type = 'otc' AND ref_id = $1`, [
      o.id,
    ]);
    expect(journal!.n).toBe(4);
    const mine = ok<Page<OtcOrder>>(await get('/otc/orders', { state: 'completed' }, user));
    expect(mine.data.map((x) => x.id)).toEqual([o.id]);
    expect(ok<Page<OtcOrder>>(await get('/otc/orders', { state: 'open' }, user)).total).toBe(0);
    expect(refused(await get('/otc/orders', { state: 'soon' }, user))).toBe('Invalid input');
  });

  it('cancels before paying (capacity restored), appeals after paying, and lists appealed orders first for operators', async () => {
    const a = await advert();
    const user = await verified();
    const o = ok<OtcOrder>(await create(user, { advert_id: String(a.id), usdt_amount: '200' }));
    expect((await advertNow(a.id)).available).toBe('2800');
    expect(refused(await s.call('/otc/order/appeal', { id: String(o.id), reason: 'x' }, { token: user.token }))).toBe(
      'You can appeal once you have marked the order paid',
    );
    const cancelled = ok<OtcOrder>(await act('/otc/order/cancel', user, o.id));
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelled_by: 'user' });
    expect((await advertNow(a.id)).available).toBe('3000');
    expect(refused(await act('/otc/order/cancel', user, o.id))).toBe('This order was already cancelled');
    expect(refused(await act('/otc/order/paid', user, o.id))).toBe('This order was already cancelled');
    expect(await opsKeys(o.id)).toEqual([`otc:${o.id}:reserve`, `otc:${o.id}:return`]);

    const p = ok<OtcOrder>(await create(user, { advert_id: String(a.id), usdt_amount: '10' }));
    ok(await act('/otc/order/paid', user, p.id));
    expect(refused(await s.call('/otc/order/appeal', { id: String(p.id), reason: '  ' }, { token: user.token }))).toBe(
      'Describe the problem for the appeal',
    );
    const appealed = ok<OtcOrder>(
      await s.call('/otc/order/appeal', { id: String(p.id), reason: 'Paid 12.50 USD, no release' }, { token: user.token }),
    );
    expect(appealed).toMatchObject({ appeal_reason: 'Paid 12.50 USD, no release', appealed_at: clock.now(), can_appeal: false });
    expect(refused(await s.call('/otc/order/appeal', { id: String(p.id), reason: 'again' }, { token: user.token }))).toBe(
      'This order is already under appeal',
    );
    const list = ok<OpsOtcOrder[]>(await s.ops('/otc/orders', { state: 'appealed' }));
    expect(list[0]).toMatchObject({ id: p.id, appeal_reason: 'Paid 12.50 USD, no release' });
    const open = ok<OpsOtcOrder[]>(await s.ops('/otc/orders', { state: 'open' }));
    expect(open[0]!.id).toBe(p.id);
    // The operator decides: cancel the appealed buy order; the USDT returns to the merchant.
    ok(await s.ops('/otc/orders/:id/cancel', { id: p.id }));
    expect((await advertNow(a.id)).available).toBe('3000');
    const notes = ok<Page<{ kind: string }>>(await get('/user/notifications', {}, user));
    expect(notes.data[0]!.kind).toBe('otcCancelled');
  });

  it('takes an advert off the market and back: not listed, no new order, its open order runs on; refuses a bad flag or advert', async () => {
    const a = await advert({ fiat: 'EUR' });
    const user = await verified();
    const open = ok<OtcOrder>(await create(user, { advert_id: String(a.id), fiat_amount: '125' }));
    const listed = async () => ok<OtcAdvert[]>(await get('/otc/adverts', { side: 'buy', fiat: 'EUR' })).some((x) => x.id === a.id);
    expect(await listed()).toBe(true);

    expect(ok<OtcAdvert>(await s.ops('/otc/ads/:id/enabled', { id: a.id, enabled: '0' }))).toMatchObject({ id: a.id, enabled: false });
    expect(await listed()).toBe(false);
    expect(refused(await get('/otc/advert', { id: String(a.id) }))).toBe('No such advert, or it is not taking orders');
    expect(refused(await create(user, { advert_id: String(a.id), fiat_amount: '125' }))).toBe('No such advert, or it is not taking orders');
    expect(ok<OtcAdvert[]>(await s.ops('/otc/ads')).find((x) => x.id === a.id)?.enabled).toBe(false);
    // The order taken before runs to its end: paid and released, the USDT arrives.
    ok<OtcOrder>(await act('/otc/order/paid', user, open.id));
    expect(ok<OpsOtcOrder>(await s.ops('/otc/orders/:id/release', { id: open.id })).state).toBe('completed');
    expect(await wallet(user)).toBe('100');

    expect(ok<OtcAdvert>(await s.ops('/otc/ads/:id/enabled', { id: a.id, enabled: 'yes' })).enabled).toBe(true);
    expect(await listed()).toBe(true);
    expect(ok<OtcOrder>(await create(user, { advert_id: String(a.id), fiat_amount: '125' })).state).toBe('pending_payment');
    expect(refused(await s.ops('/otc/ads/:id/enabled', { id: a.id, enabled: 'maybe' }))).toMatch(/enabled: 1 or 0/);
    expect(refused(await s.ops('/otc/ads/:id/enabled', { id: 999999, enabled: '0' }))).toBe('No such advert, or it is not taking orders');
  });

  it('sells USDT: into escrow at once, the operator confirms the fiat paid or cancels back to the user', async () => {
    const a = await advert({ side: 'sell', capacity: undefined, price: '0.99', min_fiat: '5' } as never);
    const user = await verified();
    expect(refused(await create(user, { advert_id: String(a.id), usdt_amount: '10' }))).toBe('Insufficient balance');
    await h.credit(user, 'change', 'USDT', '100');
    const o = ok<OtcOrder>(await create(user, { advert_id: String(a.id), usdt_amount: '60' }));
    // 60 × 0.99 = 59.4 USD, the fiat rounded down (the user receives it).
    expect(o).toMatchObject({
      side: 'sell',
      state: 'pending_release',
      fiat_amount: '59.4',
      pay_deadline: null,
      can_cancel: false,
      can_appeal: true,
    });
    expect(await wallet(user)).toBe('40');
    expect(refused(await act('/otc/order/cancel', user, o.id))).toMatch(/appeal/);
    expect(refused(await act('/otc/order/paid', user, o.id))).toBe('This is possible only for a buy order');
    expect(refused(await s.ops('/otc/orders/:id/release', { id: o.id }))).toBe('This is possible only for a buy order');
    ok(await s.call('/otc/order/appeal', { id: String(o.id), reason: 'No fiat received yet' }, { token: user.token }));
    ok<OpsOtcOrder>(await s.ops('/otc/orders/:id/confirm-paid', { id: o.id }));
    expect(refused(await s.ops('/otc/orders/:id/confirm-paid', { id: o.id }))).toBe('This order is already completed');
    expect(await wallet(user)).toBe('40');
    expect(await opsKeys(o.id)).toEqual([`otc:${o.id}:escrow`, `otc:${o.id}:settle`]);
    // A sell order cancelled by the operator returns the USDT to the user.
    const c = ok<OtcOrder>(await create(user, { advert_id: String(a.id), fiat_amount: '19.8' }));
    expect(c.usdt_amount).toBe('20');
    expect(await wallet(user)).toBe('20');
    ok(await s.ops('/otc/orders/:id/cancel', { id: c.id }));
    expect(await wallet(user)).toBe('40');
    expect(refused(await s.ops('/otc/orders/:id/confirm-paid', { id: c.id }))).toBe('This order was already cancelled');
    expect(refused(await s.ops('/otc/orders/:id/confirm-paid', { id: 999999 }))).toBe('No such order');
  });

  it('answers a retried create with the same order and moves the money once (Idempotency-Key)', async () => {
    const a = await advert();
    const user = await verified();
    const [first, second] = await Promise.all([
      create(user, { advert_id: String(a.id), fiat_amount: '50' }, { key: 'otc-retry-1' }),
      create(user, { advert_id: String(a.id), fiat_amount: '50' }, { key: 'otc-retry-1' }),
    ]);
    const o1 = ok<OtcOrder>(first);
    const o2 = ok<OtcOrder>(second);
    expect(o2.id).toBe(o1.id);
    expect((await advertNow(a.id)).available).toBe('2960');
    expect(ok<Page<OtcOrder>>(await get('/otc/orders', {}, user)).total).toBe(1);
  });

  it('expires an unpaid buy order at the deadline on the clock, once, and returns the USDT to the merchant', async () => {
    const a = await advert();
    const user = await verified();
    const o = ok<OtcOrder>(await create(user, { advert_id: String(a.id), usdt_amount: '40' }));
    const paidJustInTime = ok<OtcOrder>(await create(user, { advert_id: String(a.id), usdt_amount: '30' }));
    clock.advance(OTC_PAY_WINDOW_MS - 1000);
    ok(await act('/otc/order/paid', user, paidJustInTime.id));
    await engine().sweep();
    await engine().idle();
    expect(ok<OtcOrder>(await get('/otc/order', { id: String(o.id) }, user)).state).toBe('pending_payment');
    // The engine's timer fires at the deadline; a payment marked from then on is refused either way.
    clock.advance(1000);
    expect(refused(await act('/otc/order/paid', user, o.id))).toMatch(/^(The payment time for this order is over|This order has expired)$/);
    await engine().sweep();
    await engine().idle();
    const expired = ok<OtcOrder>(await get('/otc/order', { id: String(o.id) }, user));
    expect(expired).toMatchObject({ state: 'expired', cancelled_by: 'timeout', cancelled_at: clock.now() });
    expect(ok<OtcOrder>(await get('/otc/order', { id: String(paidJustInTime.id) }, user)).state).toBe('paid');
    expect((await advertNow(a.id)).available).toBe('2970');
    await engine().sweep();
    await engine().idle();
    expect(await app.fastify.otc.service.expire(o.id)).toBe(false);
    expect(await opsKeys(o.id)).toEqual([`otc:${o.id}:reserve`, `otc:${o.id}:return`]);
    const notes = ok<Page<{ kind: string }>>(await get('/user/notifications', {}, user));
    expect(notes.data[0]!.kind).toBe('otcExpired');
    expect(ok<Page<OtcOrder>>(await get('/otc/orders', { state: 'expired' }, user)).data.map((x) => x.id)).toEqual([o.id]);
  });

  it('takes an advert’s capacity under its lock: 6 concurrent orders of 30 USDT against 100 → exactly 3', async () => {
    const a = await advert({ capacity: '100' });
    const users = await Promise.all(Array.from({ length: 6 }, () => verified()));
    const results = await Promise.all(users.map((u) => create(u, { advert_id: String(a.id), usdt_amount: '30' })));
    const placed = results.filter((r) => r.body.type === 'ok');
    expect(placed).toHaveLength(3);
    for (const r of results.filter((x) => x.body.type !== 'ok')) expect(r.body.message).toBe('The merchant has only 10 USDT available');
    expect((await advertNow(a.id)).available).toBe('10');
  });

  it('audits every order against the ledger: 0 mismatches, then a tampered amount is found', async () => {
    const section = async () => ok<AuditReport>(await s.ops('/audit')).sections.find((x) => x.kind === 'otc')!;
    const clean = await section();
    expect(clean.settled).toBeGreaterThan(10);
    expect(clean.mismatches).toEqual([]);
    const [victim] = await s.db.query<{ id: number; fiat_amount: string }>(
      `SELECT id, fiat_amount::text AS fiat_amount FROM otc_orders WHERE state = 'completed' ORDER BY id LIMIT 1`,
    );
    await s.db.query('UPDATE otc_orders SET fiat_amount = fiat_amount * 2 WHERE id = $1', [victim!.id]);
    expect((await section()).mismatches.map((m) => [m.kind, m.id])).toEqual([['otc', victim!.id]]);
    await s.db.query('UPDATE otc_orders SET fiat_amount = $2 WHERE id = $1', [victim!.id, victim!.fiat_amount]);
    expect((await section()).mismatches).toEqual([]);
  });

  it('expires a due order after a restart, once (last: the server that answered HTTP is gone)', async () => {
    const a = await advert();
    const user = await verified();
    const o = ok<OtcOrder>(await create(user, { advert_id: String(a.id), usdt_amount: '25' }));
    await engine().stop();
    await app.close();
    clock.advance(OTC_PAY_WINDOW_MS + 60_000);
    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    await engine().idle();
    const row = await app.fastify.otc.repo.order(o.id);
    expect(row).toMatchObject({ state: 'expired', cancelled_by: 'timeout' });
    expect(await app.fastify.otc.service.expire(o.id)).toBe(false);
    await engine().sweep();
    await engine().idle();
    expect(await opsKeys(o.id)).toEqual([`otc:${o.id}:reserve`, `otc:${o.id}:return`]);
    expect((await app.fastify.otc.repo.advert(a.id))!.capacity).toBe('3000');
  });
});
