/**
 * Invitations, rebates and coupons over real HTTP (docs/REWARDS.md): an
 * invite code that does not exist, the rebate of a scripted set of futures and spot trades against
 * a hand computation, the operator's rebate share, claiming (twice, unknown, outside its window),
 * 50 simultaneous claims of a kind with 10 left, a voucher paying part of a futures fee (and the
 * rebate on what the invitee actually paid), a deposit bonus paid once on approval, expiry by the
 * clock, and a restart that expires what fell due while it was down. Ledger invariants after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import type { BillItem, DepositItem } from '../../domain/funds/types';
import type { FuturesTrade } from '../../domain/futures/types';
import { rebateAmount } from '../../domain/rewards/formulas';
import type { CouponItem, CouponKindView, InviteSummary, InviteeItem, RebateItem } from '../../domain/rewards/types';
import type { SpotOrder } from '../../domain/spot/types';
import { DAY_MS } from '../../domain/time';
import { buildApp, type App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/rewards/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { JPEG_1PX } from './images';
import { expectLedgerInvariants } from './invariants';
import { TEST_APP_OPTIONS } from './options';

const USDT = 3;
const BTC = 1;
const BTC_PAIR = 1;
type User = Awaited<ReturnType<TestServer['signUp']>>;
type Res = { status?: number; body: { type: string | number; message: unknown } };

describe(`rewards (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 180_000 }, () => {
  let s: TestServer;
  let app: App;
  // After the template's generated price history, on the hour (fills land in recorded bars).
  const clock = new ManualClock(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 7_200_000);
  let h: ReturnType<typeof accountHelpers>;
  let signups = 0;

  const ok = <T>(res: Res): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const fails = (res: Res, message: string) => {
    expect(res.body.type).toBe('error');
    expect(res.body.message).toBe(message);
  };
  const get = <T>(user: User, path: Parameters<TestServer['call']>[0], params: Record<string, string> = {}) =>
    s.call(path, params, { method: 'GET', token: user.token }).then((r) => ok<T>(r));
  const mark = async (price: string) => {
    clock.advance(1000);
    app.market.tradeAt('BTC/USDT', price);
    await app.fastify.spot.engine.idle();
    await app.fastify.futures.engine.idle();
  };
  /** Registers with an invite code (the harness's signUp has none). */
  const signUpWith = async (code: string | null): Promise<User> => {
    const n = ++signups;
    const email = `rw${process.pid}n${n}@example.com`;
    const ip = `10.77.${n & 255}.${(process.pid & 127) + 1}`;
    ok(await s.call('/sms_mail', { user_string: email, scene: 'register' }, { ip }));
    const code6 = await s.lastCode(email);
    const reg = await s.call(
      '/user/register',
      {
        type: 'email',
        user_string: email,
        code: code6,
        password: 'secret123',
        re_password: 'secret123',
        ...(code ? { extension_code: code } : {}),
      },
      { ip },
    );
    return { email, password: 'secret123', token: ok<string>(reg), ip };
  };
  const inviteOf = (user: User) => get<InviteSummary>(user, '/rewards/invite');
  const futures = (user: User, share: string, extra: Record<string, string> = {}) =>
    s.call('/lever/submit', { match_id: String(BTC_PAIR), type: '1', share, multiple: '10', ...extra }, { token: user.token });
  const spot = (user: User, type: 'buy' | 'sell', amount: string) =>
    s.call('/coin/trade', { currency_id: String(BTC), legal_id: String(USDT), type, amount }, { token: user.token });
  const balance = async (user: User, currency: number, account = 'change') =>
    new Decimal((await h.balance(user, currency, account)).available);
  const kind = async (input: Record<string, string | number>) => ok<CouponKindView>(await s.ops('/rewards/coupon-kinds/create', input));
  const claim = (user: User, kindId: number | string, lang?: string) =>
    s.call('/rewards/coupons/claim', { kind_id: String(kindId) }, { token: user.token, ...(lang ? { lang } : {}) });
  const coupons = (user: User, state: string) => get<Page<CouponItem>>(user, '/rewards/coupons', { state });
  const decimalsOf = (currencyId: number) => app.market.currencies.find((c) => c.id === currencyId)!.decimals;
  const voucherKind = (value: string, extra: Record<string, string | number> = {}) =>
    kind({ type: 'futures_fee', value, valid_days: 7, total: 100, claim_end: clock.now() + 7 * DAY_MS, ...extra });

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    app = s.app;
    h = accountHelpers(s, clock);
    await mark('60000.00');
  });
  afterAll(async () => {
    await app.fastify.rewards.engine.idle();
    await expectLedgerInvariants(s.db);
    if (app !== s.app) await app.close();
    await s.close();
  });

  it('refuses an invite code that does not exist, in the request language, and links one that does', async () => {
    const email = `rw${process.pid}bad@example.com`;
    const ip = '10.78.0.1';
    ok(await s.call('/sms_mail', { user_string: email, scene: 'register' }, { ip }));
    const code = await s.lastCode(email);
    const params = { type: 'email', user_string: email, code, password: 'secret123', re_password: 'secret123', extension_code: 'ZZZZ9999' };
    fails(await s.call('/user/register', params, { ip }), 'This invite code does not exist');
    fails(await s.call('/user/register', params, { ip, lang: 'zh' }), '该邀请码不存在');

    const inviter = await signUpWith(null);
    const summary = await inviteOf(inviter);
    expect(summary).toMatchObject({
      invite_count: 0,
      traded_count: 0,
      rebate_share: '0.2',
      totals: [],
      register_path: '/pages/common/register',
    });
    const invitee = await signUpWith(summary.invite_code.toLowerCase());
    expect((await inviteOf(inviter)).invite_count).toBe(1);
    const invitees = await get<Page<InviteeItem>>(inviter, '/rewards/invitees');
    expect(invitees.total).toBe(1);
    expect(invitees.data[0]!.traded).toBe(false);
    expect(invitees.data[0]!.name).toMatch(/\*\*\*/);
    // A spot trade alone makes an invitee "traded" (spot, futures and options all count).
    await h.credit(invitee, 'change', 'USDT', '1000');
    ok(await spot(invitee, 'buy', '0.001'));
    expect((await get<Page<InviteeItem>>(inviter, '/rewards/invitees')).data[0]!.traded).toBe(true);
    expect((await inviteOf(inviter)).traded_count).toBe(1);
    // Signed out: the user endpoints answer 999.
    expect((await s.call('/rewards/invite', {}, { method: 'GET' })).body.type).toBe(999);
  });

  it('pays the inviter the rebate share of a scripted set of futures and spot fees, equal to the hand computation', async () => {
    const inviter = await signUpWith(null);
    const { invite_code } = await inviteOf(inviter);
    const invitee = await signUpWith(invite_code);
    await h.credit(invitee, 'lever', 'USDT', '10000');
    await h.credit(invitee, 'change', 'USDT', '10000');
    await h.credit(invitee, 'change', 'BTC', '1');

    const fees: { currency: number; fee: string }[] = [];
    // Futures: two market opens and a limit order the engine fills when the mark crosses it.
    for (const share of ['1', '3']) fees.push({ currency: USDT, fee: ok<FuturesTrade>(await futures(invitee, share)).fee });
    const limit = ok<FuturesTrade>(await futures(invitee, '2', { target_price: '59000.00' }));
    expect(limit.status).toBe('entrusted');
    await mark('58900.00');
    const [filled] = await s.db.query<{ status: string; fee: string }>(
      'SELECT status, fee::text AS fee FROM futures_trades WHERE id = $1',
      [limit.id],
    );
    expect(filled!.status).toBe('open');
    // Filled at the better execution price (58,900 × 1.0005 = 58,929.45 < 59,000): its fee is that price's, below the one frozen.
    expect(new Decimal(filled!.fee).lt(limit.fee)).toBe(true);
    fees.push({ currency: USDT, fee: filled!.fee });
    // Spot: a buy (fee in BTC) and a sell (fee in USDT).
    fees.push({ currency: BTC, fee: ok<SpotOrder>(await spot(invitee, 'buy', '0.01')).fee });
    fees.push({ currency: USDT, fee: ok<SpotOrder>(await spot(invitee, 'sell', '0.02')).fee });
    // Closing a position charges no fee: no rebate.
    ok(await s.call('/lever/close', { id: String(limit.id) }, { token: invitee.token }));

    // By hand: 20% of each fee, rounded down to the currency's decimals.
    const expected = new Map<number, Decimal>();
    for (const f of fees) {
      expect(new Decimal(f.fee).gt(0)).toBe(true);
      const cut = new Decimal(f.fee).times('0.2').toDecimalPlaces(decimalsOf(f.currency), Decimal.ROUND_DOWN);
      expect(cut.eq(rebateAmount(f.fee, 0, '0.2', decimalsOf(f.currency)))).toBe(true);
      expected.set(f.currency, (expected.get(f.currency) ?? new Decimal(0)).plus(cut));
    }
    expect((await balance(inviter, USDT)).eq(expected.get(USDT)!)).toBe(true);
    expect((await balance(inviter, BTC)).eq(expected.get(BTC)!)).toBe(true);

    const summary = await inviteOf(inviter);
    expect(summary).toMatchObject({ invite_count: 1, traded_count: 1 });
    expect(Object.fromEntries(summary.totals.map((t) => [t.currency, new Decimal(t.amount).toFixed()]))).toEqual({
      USDT: expected.get(USDT)!.toFixed(),
      BTC: expected.get(BTC)!.toFixed(),
    });
    const rebates = await get<Page<RebateItem>>(inviter, '/rewards/rebates', { limit: '20' });
    expect(rebates.total).toBe(fees.length);
    expect(rebates.data.map((r) => r.area).sort()).toEqual(['futures', 'futures', 'futures', 'spot', 'spot']);
    expect(rebates.data.every((r) => r.share === '0.2' && r.invitee.includes('***') && r.paid === r.fee)).toBe(true);
    expect((await get<Page<InviteeItem>>(inviter, '/rewards/invitees')).data[0]!.traded).toBe(true);
    // The inviter's bill names the rebates.
    const bills = await get<Page<BillItem>>(inviter, '/wallet/bills', { kind: 'rebate', limit: '20' });
    expect(bills.total).toBe(fees.length);

    // The operator halves the share: the next fee pays 10%.
    fails(
      await s.ops('/rewards/rebate-share', { share: '1.5' }),
      'Invalid coupon input: share must be a fraction from 0 to 1 (0.2 is 20%)',
    );
    expect(ok<{ share: string }>(await s.ops('/rewards/rebate-share', { share: '0.1' })).share).toBe('0.1');
    const before = await balance(inviter, USDT);
    const fee = ok<FuturesTrade>(await futures(invitee, '1')).fee;
    expect((await balance(inviter, USDT)).minus(before).eq(rebateAmount(fee, 0, '0.1', decimalsOf(USDT)))).toBe(true);
    expect(ok<{ share: string }>(await s.ops('/rewards/rebate-share', { share: '0.2' })).share).toBe('0.2');
  });

  it('claims a coupon once, and refuses a second claim, an unknown kind and a window not open', async () => {
    const user = await signUpWith(null);
    const k = await voucherKind('5');
    const center = ok<CouponKindView[]>(await s.call('/rewards/coupons/center', {}, { method: 'GET' }));
    expect(center.find((c) => c.id === k.id)).toMatchObject({ remaining: 100, status: 'open', claimed_by_me: false, value: '5' });
    const coupon = ok<CouponItem>(await claim(user, k.id));
    expect(coupon).toMatchObject({ kind_id: k.id, type: 'futures_fee', state: 'usable', remaining: '5', source: 'claim' });
    expect(coupon.expires_at).toBe(clock.now() + 7 * DAY_MS);
    fails(await claim(user, k.id), 'You have already claimed this coupon');
    fails(await claim(user, k.id, 'fra'), 'Vous avez déjà réclamé ce coupon');
    fails(await claim(user, 987654), 'No such coupon');
    fails(await claim(user, 'abc'), 'Choose a coupon.');
    const later = await kind({
      type: 'futures_fee',
      value: '5',
      valid_days: 7,
      total: 5,
      claim_start: clock.now() + DAY_MS,
      claim_end: clock.now() + 2 * DAY_MS,
    });
    fails(await claim(user, later.id), 'This coupon cannot be claimed yet');
    const mine = ok<CouponKindView[]>(await s.call('/rewards/coupons/center', {}, { method: 'GET', token: user.token }));
    expect(mine.find((c) => c.id === k.id)!.claimed_by_me).toBe(true);
    expect(mine.find((c) => c.id === later.id)!.status).toBe('upcoming');
    expect((await coupons(user, 'usable')).data.map((c) => c.id)).toEqual([coupon.id]);
    // The operator's bad input.
    fails(
      await s.ops('/rewards/coupon-kinds/create', {
        type: 'deposit_bonus',
        value: '10',
        valid_days: 7,
        total: 5,
        claim_end: clock.now() + DAY_MS,
      }),
      'Invalid coupon input: a deposit bonus needs --threshold (the smallest deposit)',
    );
    fails(
      await s.ops('/rewards/coupon-kinds/create', {
        type: 'futures_fee',
        value: '-1',
        valid_days: 7,
        total: 5,
        claim_end: clock.now() + DAY_MS,
      }),
      'Invalid coupon input: value must be a positive amount',
    );
  });

  it('lets exactly 10 of 50 simultaneous claims through a kind with 10 left', async () => {
    const k = await voucherKind('2', { total: 12 });
    const early = await Promise.all([signUpWith(null), signUpWith(null)]);
    for (const u of early) ok(await claim(u, k.id));
    const users = await Promise.all(Array.from({ length: 50 }, () => signUpWith(null)));
    const results = await Promise.all(users.map((u) => claim(u, k.id)));
    const claimed = results.filter((r) => r.body.type === 'ok');
    expect(claimed).toHaveLength(10);
    for (const r of results.filter((x) => x.body.type !== 'ok')) expect(r.body.message).toBe('All coupons of this kind have been claimed');
    const [row] = await s.db.query<{ claimed: number; n: number }>(
      'SELECT k.claimed, (SELECT COUNT(*)::int FROM coupons WHERE kind_id = k.id) AS n FROM coupon_kinds k WHERE k.id = $1',
      [k.id],
    );
    expect({ claimed: Number(row!.claimed), n: Number(row!.n) }).toEqual({ claimed: 12, n: 12 });
    const center = ok<CouponKindView[]>(await s.call('/rewards/coupons/center', {}, { method: 'GET' }));
    expect(center.find((c) => c.id === k.id)).toMatchObject({ remaining: 0, status: 'sold_out' });
  });

  it('pays futures fees from a voucher until it is used up, and rebates only what the invitee paid', async () => {
    const inviter = await signUpWith(null);
    const trader = await signUpWith((await inviteOf(inviter)).invite_code);
    await h.credit(trader, 'lever', 'USDT', '10000');
    const k = await voucherKind('1');
    const coupon = ok<CouponItem>(await claim(trader, k.id));

    const start = await balance(trader, USDT, 'lever');
    const first = ok<FuturesTrade>(await futures(trader, '1'));
    const fee = new Decimal(first.fee);
    expect(fee.lt(1) && fee.gt('0.5')).toBe(true);
    // The voucher paid all of the first fee: the lever account lost only the margin; no rebate.
    expect(start.minus(await balance(trader, USDT, 'lever')).eq(first.margin)).toBe(true);
    expect((await balance(inviter, USDT)).isZero()).toBe(true);
    const rest = new Decimal(1).minus(fee);
    expect((await coupons(trader, 'usable')).data[0]).toMatchObject({ id: coupon.id, remaining: rest.toFixed(), uses: 1 });

    // The second fee: the voucher pays what is left of it, the trader the rest; 20% of that rest is rebated.
    const before = await balance(trader, USDT, 'lever');
    const second = ok<FuturesTrade>(await futures(trader, '1'));
    const paid = new Decimal(second.fee).minus(rest);
    expect(before.minus(await balance(trader, USDT, 'lever')).eq(new Decimal(second.margin).plus(paid))).toBe(true);
    expect((await balance(inviter, USDT)).eq(rebateAmount(second.fee, rest, '0.2', decimalsOf(USDT)))).toBe(true);
    const used = (await coupons(trader, 'used')).data;
    expect(used[0]).toMatchObject({ id: coupon.id, remaining: '0', state: 'used', uses: 2 });
    expect((await coupons(trader, 'usable')).total).toBe(0);
    const [rebate] = (await get<Page<RebateItem>>(inviter, '/rewards/rebates')).data;
    expect(rebate).toMatchObject({ fee: second.fee, paid: paid.toFixed() });

    // The bill shows what the voucher paid; each operation's journal rows sum to zero.
    const bills = await get<Page<BillItem>>(trader, '/wallet/bills', { kind: 'coupon_fee' });
    expect(bills.data.map((b) => new Decimal(b.delta_available).toFixed()).sort()).toEqual([fee.toFixed(), rest.toFixed()].sort());
    const sums = await s.db.query<{ total: string }>(
      `SELECT SUM(j.delta_available + j.delta_frozen)::text AS total FROM journal j JOIN ledger_ops o ON o.id = j.op_id
       WHERE o.key LIKE $1 GROUP BY o.id`,
      [`coupon:${coupon.id}:%`],
    );
    expect(sums.map((r) => new Decimal(r.total).toFixed())).toEqual(['0', '0']);
    // A used voucher pays nothing more.
    const third = ok<FuturesTrade>(await futures(trader, '1'));
    const b3 = await balance(trader, USDT, 'lever');
    expect(b3.toFixed()).toBe(before.minus(second.margin).minus(paid).minus(third.margin).minus(third.fee).toFixed());
  });

  it('credits a deposit bonus once, on the first approved USDT deposit that meets its threshold', async () => {
    const user = await signUpWith(null);
    const k = await kind({ type: 'deposit_bonus', value: '10', threshold: '100', valid_days: 30, claimable: '0' });
    const granted = ok<CouponItem>(await s.ops('/rewards/coupons/grant', { user: user.email, kind_id: k.id }));
    expect(granted).toMatchObject({ type: 'deposit_bonus', source: 'grant', threshold: '100', state: 'usable' });
    fails(await s.ops('/rewards/coupons/grant', { user: 'nobody@example.com', kind_id: k.id }), 'No such user');
    const deposit = async (amount: string) => {
      const voucher = (await s.upload(user.token, JPEG_1PX, { scene: 'voucher' })).body.message as string;
      const d = ok<DepositItem>(
        await s.call('/wallet/charge_req', { currency: String(USDT), type: 'TRC20', amount, voucher }, { token: user.token }),
      );
      ok(await s.ops('/deposits/:id/approve', { id: d.id }));
    };
    await deposit('50');
    expect((await balance(user, USDT)).toFixed()).toBe('50');
    await deposit('150');
    expect((await balance(user, USDT)).toFixed()).toBe('210');
    await deposit('200');
    expect((await balance(user, USDT)).toFixed()).toBe('410');
    expect((await coupons(user, 'used')).data[0]).toMatchObject({ id: granted.id, state: 'used', uses: 1, remaining: '0' });
    const bills = await get<Page<BillItem>>(user, '/wallet/bills', { kind: 'deposit_bonus' });
    expect(bills.data.map((b) => new Decimal(b.delta_available).toFixed())).toEqual(['10']);
    const notes = await s.db.query<{ kind: string }>(
      `SELECT n.kind FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = $1 AND n.kind LIKE 'rewards%' ORDER BY n.id`,
      [user.email],
    );
    expect(notes.map((n) => n.kind)).toEqual(['rewardsCouponGranted', 'rewardsDepositBonus']);
  });

  it('expires coupons at their end by the clock, once; an expired voucher pays nothing and a closed window refuses claims', async () => {
    const user = await signUpWith(null);
    await h.credit(user, 'lever', 'USDT', '10000');
    const k = await voucherKind('3', { valid_days: 1, claim_end: clock.now() + DAY_MS / 2 });
    const coupon = ok<CouponItem>(await claim(user, k.id));
    clock.advance(DAY_MS / 2);
    fails(await claim(await signUpWith(null), k.id), 'The claim period for this coupon has ended');
    clock.advance(DAY_MS / 2);
    await app.fastify.rewards.engine.sweep();
    await app.fastify.rewards.engine.idle();
    const [row] = await s.db.query<{ state: string; expired_at: number }>('SELECT state, expired_at FROM coupons WHERE id = $1', [
      coupon.id,
    ]);
    expect(row!.state).toBe('expired');
    expect(Number(row!.expired_at)).toBe(clock.now());
    expect((await coupons(user, 'expired')).data[0]).toMatchObject({ id: coupon.id, state: 'expired', remaining: '3' });
    // Once: a second expiry does nothing.
    expect(await app.fastify.rewards.service.expire(coupon.id)).toBe(false);
    await mark('60000.00');
    const start = await balance(user, USDT, 'lever');
    const trade = ok<FuturesTrade>(await futures(user, '1'));
    expect(start.minus(await balance(user, USDT, 'lever')).eq(new Decimal(trade.margin).plus(trade.fee))).toBe(true);
  });

  it('after a restart expires the coupons that fell due while it was down, once (last: the server that answered HTTP is gone)', async () => {
    const user = await signUpWith(null);
    const k = await voucherKind('4', { valid_days: 2 });
    const coupon = ok<CouponItem>(await claim(user, k.id));
    await app.close();
    clock.advance(3 * DAY_MS);
    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    await app.fastify.rewards.engine.idle();
    const row = await app.fastify.rewards.repo.coupon(coupon.id);
    expect(row).toMatchObject({ state: 'expired', expired_at: clock.now() });
    await app.fastify.rewards.engine.sweep();
    await app.fastify.rewards.engine.idle();
    expect((await app.fastify.rewards.repo.coupon(coupon.id))!.expired_at).toBe(row!.expired_at);
  });
});
