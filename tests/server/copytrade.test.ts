/**
 * Copy trading over real HTTP: the demo traders and their figures, becoming a trader
 * (conditions, operator approval), every follow refusal the issue lists, mirroring (a trader's
 * open copied to three followers with the right lots, one skipped for margin and notified, the
 * trader's close closing the copies but not the self-held one), the copy stop-loss, a restart in
 * the middle copying nothing twice, and statistics from a scripted history matching values
 * computed by hand. Ledger invariants after.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../domain/api/envelope';
import type { CopyItem, FollowItem, TraderApplication, TraderDetail, TraderSummary, TraderTrade } from '../../domain/copytrade/types';
import { Decimal } from '../../domain/decimal';
import type { FuturesTrade } from '../../domain/futures/types';
import type { NotificationItem } from '../../domain/notifications/types';
import { buildApp, type App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/copytrade/plugin';
import type {} from '../../server/users/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';
import { TEST_APP_OPTIONS } from './options';

const BTC = 1;
type User = Awaited<ReturnType<TestServer['signUp']>>;

describe(`copy trading (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 120_000 }, () => {
  let s: TestServer;
  let app: App;
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
  const follow = (user: User, trader: number, type: string, number: string, extra: Record<string, string> = {}) =>
    s.call('/follow/follow', { trader_user_id: String(trader), type, number, ...extra }, { token: user.token });
  const open = async (user: User, share = '1', multiple = '10', type = '1') =>
    ok<FuturesTrade>(await s.call('/lever/submit', { match_id: String(BTC), type, share, multiple }, { token: user.token }));
  const close = async (user: User, id: number) => ok<FuturesTrade>(await s.call('/lever/close', { id: String(id) }, { token: user.token }));
  /** The follow `id` as its follower's `/follow/my` shows it. */
  const myFollow = async (user: User, id: number) =>
    ok<FollowItem[]>(await s.call('/follow/my', {}, { method: 'GET', token: user.token })).find((x) => x.id === id);
  const copies = async (user: User, status = 'open') =>
    ok<Page<CopyItem>>(await s.call('/follow/copies', { status }, { method: 'GET', token: user.token })).data;
  const engine = () => app.fastify.copytrade.engine;
  const settle = async () => {
    await engine().idle();
    await engine().sweep();
    await engine().idle();
  };
  /** A verified user with `funds` USDT in the futures account. */
  const funded = async (funds: string) => {
    const user = await s.signUp();
    if (funds !== '0') await h.credit(user, 'lever', 'USDT', funds);
    return user;
  };
  /** An approved trader with futures funds. */
  const trader = async () => {
    const user = await funded('50000');
    await h.verify(user);
    ok(await s.call('/follow/apply', { agree: '1' }, { token: user.token }));
    ok(await s.ops('/copytrade/approve', { user: user.email }));
    const id = ok<TraderApplication>(await s.call('/follow/application', {}, { method: 'GET', token: user.token }));
    expect(id.status).toBe('approved');
    return { user, id: (await app.fastify.users.byEmail(user.email))!.id };
  };

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    app = s.app;
    h = accountHelpers(s, clock);
    s.app.market.tradeAt('BTC/USDT', '60000');
  });
  afterAll(async () => {
    await engine().idle();
    await expectLedgerInvariants(s.db);
    await app.close();
    await s.close();
  });

  it('lists the demo traders with their hourly figures, publicly; a detail and the closed trades; a non-trader refused', async () => {
    const list = ok<Page<TraderSummary>>(await s.call('/follow/index', {}, { method: 'GET' }));
    expect(list.data.map((t) => t.nickname).sort()).toEqual(['Aurora', 'Basalt', 'Cirrus']);
    expect(list.data.every((t) => t.computed_at > 0 && t.my_follow_id === null)).toBe(true);
    const detail = ok<TraderDetail>(
      await s.call('/follow/traderDetail', { trader_user_id: String(list.data[0]!.user_id) }, { method: 'GET' }),
    );
    expect(detail.equity).toHaveLength(30);
    expect(detail.visibility).toBe('live');
    ok<Page<TraderTrade>>(await s.call('/follow/historyTrade', { trader_user_id: String(list.data[0]!.user_id) }, { method: 'GET' }));
    const someone = await s.signUp();
    const someoneId = (await app.fastify.users.byEmail(someone.email))!.id;
    expect(refused(await s.call('/follow/traderDetail', { trader_user_id: String(someoneId) }, { method: 'GET' }))).toBe(
      'This user is not a trader',
    );
    expect(refused(await s.call('/follow/index', { sort: 'luck' }, { method: 'GET' }))).toBe('Invalid input');
  });

  it('lets a verified user with futures funds apply, once; the operator approves and the user is notified', async () => {
    const user = await funded('0');
    const apply = () => s.call('/follow/apply', { agree: '1' }, { token: user.token });
    expect(refused(await s.call('/follow/apply', {}, { token: user.token }))).toBe('Please read and accept the trader agreement');
    expect(refused(await apply())).toBe('Verify your identity first');
    await h.verify(user);
    expect(refused(await apply())).toBe('Keep at least 100 USDT in your futures account');
    await h.credit(user, 'lever', 'USDT', '100');
    expect(ok<TraderApplication>(await apply()).status).toBe('pending');
    expect(refused(await apply())).toBe('Your application is being reviewed');
    expect(ok<{ status: string }[]>(await s.ops('/copytrade/traders', {})).some((t) => t.status === 'pending')).toBe(true);
    ok(await s.ops('/copytrade/approve', { user: user.email }));
    expect(refused(await s.ops('/copytrade/approve', { user: user.email }))).toBe('This has already been decided');
    expect(refused(await apply())).toBe('You are already a trader');
    const notes = ok<Page<NotificationItem>>(await s.call('/user/notifications', {}, { method: 'GET', token: user.token })).data;
    expect(notes.some((n) => n.kind === 'traderApproved')).toBe(true);
    // A trader may stop taking followers.
    ok(await s.call('/follow/traderSettings', { accepting: '0', visibility: 'hidden' }, { token: user.token }));
    const follower = await s.signUp();
    const id = (await app.fastify.users.byEmail(user.email))!.id;
    expect(refused(await follow(follower, id, '1', '1'))).toBe('This trader is not taking new followers');
    expect(ok<TraderDetail>(await s.call('/follow/traderDetail', { trader_user_id: String(id) }, { method: 'GET' })).positions).toEqual([]);
  });

  it('refuses bad follows with a clear message, keeps a multiple to two decimals, and edits in place', async () => {
    const t = await trader();
    const user = await funded('1000');
    const me = (await app.fastify.users.byEmail(user.email))!.id;
    expect(refused(await follow(user, me, '1', '1'))).toBe('You cannot follow yourself');
    const other = await s.signUp();
    expect(refused(await follow(user, (await app.fastify.users.byEmail(other.email))!.id, '1', '1'))).toBe('This user is not a trader');
    expect(refused(await follow(user, t.id, '1', '0'))).toBe('Enter a multiple greater than 0');
    expect(refused(await follow(user, t.id, '1', '-1'))).toBe('Enter a multiple greater than 0');
    expect(refused(await follow(user, t.id, '1', '1e3'))).toBe('Enter a multiple greater than 0');
    expect(refused(await follow(user, t.id, '1', '101'))).toBe('The multiple can be at most 100');
    expect(refused(await follow(user, t.id, '3', '1'))).toBe('Choose fixed multiple or fixed lots');
    expect(refused(await follow(user, t.id, '2', '0.001'))).toBe('Lots from 0.01 to 1000, at most 2 decimals');
    expect(refused(await follow(user, t.id, '2', '5000'))).toBe('Lots from 0.01 to 1000, at most 2 decimals');
    // A zero margin cap or stop-loss met the database's CHECK and answered 500.
    for (const field of ['max_margin', 'stop_loss']) {
      for (const [bad, message] of [
        ['0', 'The amount must be greater than zero'],
        ['0.00', 'The amount must be greater than zero'],
        ['-5', 'Please enter a correct amount'],
      ]) {
        const res = await follow(user, t.id, '1', '1', { [field]: bad! });
        expect(res.status, `${field}=${bad}`).toBe(200);
        expect(res.body.message, `${field}=${bad}`).toBe(message);
      }
    }
    const first = ok<FollowItem>(await follow(user, t.id, '1', '1.234'));
    expect(first).toMatchObject({ number: '1.23', type: 1, status: 'following' });
    const edited = ok<FollowItem>(await follow(user, t.id, '2', '0.5', { stop_loss: '100', daily_limit: '3' }));
    expect(edited).toMatchObject({ id: first.id, type: 2, number: '0.5', stop_loss: '100', daily_limit: 3 });
    const stranger = await s.signUp();
    expect(refused(await s.call('/follow/cancel', { id: String(first.id) }, { token: stranger.token }))).toBe('No such follow');
    expect(ok<FollowItem>(await s.call('/follow/cancel', { id: String(first.id) }, { token: user.token })).status).toBe('cancelled');
    expect(refused(await s.call('/follow/cancel', { id: String(first.id) }, { token: user.token }))).toBe(
      'This follow has already been cancelled',
    );
  });

  it('copies a trader open to three followers once with their lots, skips a fourth without margin (notified), closes copies but not a self-held one', async () => {
    const t = await trader();
    const [f1, f2, f3, f4] = [await funded('20000'), await funded('20000'), await funded('5'), await funded('20000')];
    ok(await follow(f1, t.id, '1', '2'));
    ok(await follow(f2, t.id, '2', '0.5'));
    ok(await follow(f3, t.id, '1', '1'));
    ok(await follow(f4, t.id, '1', '0.25'));
    const position = await open(t.user, '1', '10');
    await settle();
    const [c1] = await copies(f1);
    const [c2] = await copies(f2);
    expect(c1).toMatchObject({ trader_trade_id: position.id, outcome: 'copied', share: '2', side: 'long', multiple: 10, status: 'open' });
    expect(c2).toMatchObject({ trader_trade_id: position.id, share: '0.5', status: 'open' });
    // 1 lot × 0.25 = 0.25 lots.
    expect((await copies(f4))[0]).toMatchObject({ trader_trade_id: position.id, share: '0.25', side: 'long', status: 'open' });
    const [skipped] = await copies(f3, 'history');
    expect(skipped).toMatchObject({ trader_trade_id: position.id, outcome: 'skipped', skip_reason: 'margin', trade_id: null });
    const notes = ok<Page<NotificationItem>>(await s.call('/user/notifications', {}, { method: 'GET', token: f3.token })).data;
    expect(notes.find((n) => n.kind === 'copySkipped')?.params).toMatchObject({ reason: 'margin', symbol: 'BTC/USDT' });
    // Once: the sweep and a second try change nothing.
    await settle();
    for (const f of await app.fastify.copytrade.repo.activeFollowers(t.id, clock.now()))
      await app.fastify.copytrade.service.copyOne(f, (await app.fastify.futures.repo.byId(position.id))!);
    const [n] = await s.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM copies WHERE trader_trade_id = $1', [position.id]);
    expect(n!.n).toBe(4);

    // f1 holds its copy itself; the trader closes: f2's copy closes, f1's stays.
    expect(ok<CopyItem>(await s.call('/follow/selfHolding', { transaction_id: String(c1!.trade_id) }, { token: f1.token })).self_held).toBe(
      true,
    );
    expect(refused(await s.call('/follow/selfHolding', { transaction_id: String(c2!.trade_id) }, { token: f1.token }))).toBe(
      'No such copied position',
    );
    await close(t.user, position.id);
    await settle();
    expect((await copies(f1))[0]).toMatchObject({ id: c1!.id, status: 'open', self_held: true });
    expect((await copies(f2, 'history'))[0]).toMatchObject({ id: c2!.id, status: 'closed' });
    expect((await app.fastify.futures.repo.byId(c2!.trade_id!))!.status).toBe('closed');
    // The next sweep marks the closed copies and stops reading them; the self-held one is no longer its business.
    // It marks only what closed before its stop-loss check (a close at that very instant waits for the next).
    clock.advance(1_000);
    await app.fastify.copytrade.service.sweep();
    const stillOpen = await app.fastify.copytrade.repo.copying();
    expect(stillOpen.some((c) => c.trader_trade_id === position.id)).toBe(false);
    const [marked] = await s.db.query<{ n: number }>(
      "SELECT COUNT(*)::int AS n FROM copies WHERE trader_trade_id = $1 AND outcome = 'copied' AND closed_at IS NOT NULL",
      [position.id],
    );
    expect(marked!.n).toBe(2);
  });

  it('copies only a trader’s own orders: two traders who follow each other copy one open once, not each other’s copies (found by the simulation)', async () => {
    const [a, b] = [await trader(), await trader()];
    ok(await follow(a.user, b.id, '1', '1'));
    ok(await follow(b.user, a.id, '1', '1'));
    const position = await open(a.user, '1', '10');
    await settle();
    await settle();
    const [mirrored] = await copies(b.user);
    expect(mirrored).toMatchObject({ trader_trade_id: position.id, outcome: 'copied', status: 'open' });
    // b's copy is not passed back to a: a holds its own position only, and nothing else was copied.
    expect(await copies(a.user)).toEqual([]);
    const [n] = await s.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM copies WHERE trader_id IN ($1, $2)', [a.id, b.id]);
    expect(n!.n).toBe(1);
    const [live] = await s.db.query<{ n: number }>("SELECT COUNT(*)::int AS n FROM futures_trades WHERE user_id = $1 AND status = 'open'", [
      a.id,
    ]);
    expect(live!.n).toBe(1);
    await close(a.user, position.id);
    await settle();
  });

  it('skips by the follower limits: the daily copy limit and the margin per copy', async () => {
    const t = await trader();
    const f = await funded('20000');
    ok(await follow(f, t.id, '1', '1', { daily_limit: '1', max_margin: '10000' }));
    const a = await open(t.user, '1', '10');
    const b = await open(t.user, '1', '10');
    await settle();
    const all = [...(await copies(f)), ...(await copies(f, 'history'))];
    expect(all.find((c) => c.trader_trade_id === a.id)?.outcome).toBe('copied');
    expect(all.find((c) => c.trader_trade_id === b.id)).toMatchObject({ outcome: 'skipped', skip_reason: 'dailyLimit' });
    const g = await funded('20000');
    ok(await follow(g, t.id, '1', '1', { max_margin: '10' }));
    const c = await open(t.user, '1', '10');
    await settle();
    expect((await copies(g, 'history')).find((x) => x.trader_trade_id === c.id)).toMatchObject({
      outcome: 'skipped',
      skip_reason: 'maxMargin',
    });
    // Nothing was left open by the rolled-back attempt.
    expect(await app.fastify.futures.repo.live((await app.fastify.users.byEmail(g.email))!.id, 'open')).toEqual([]);
  });

  it('skips once, as `limits`, a copy the trading rules refuse for the follower (the sweep does not try it again)', async () => {
    const t = await trader();
    const f = await funded('20000');
    // The follower already holds 80 lots long at 100× (48,000 USDT): 10 more at 100× would pass
    // the bracket's 50,000 USDT at that leverage, while the trader's own 1 lot is fine.
    await open(f, '80', '100');
    ok(await follow(f, t.id, '2', '10'));
    const a = await open(t.user, '1', '100');
    await settle();
    await settle();
    const skipped = (await copies(f, 'history')).filter((c) => c.trader_trade_id === a.id);
    expect(skipped).toEqual([expect.objectContaining({ outcome: 'skipped', skip_reason: 'limits', trade_id: null })]);
    const followerId = (await app.fastify.users.byEmail(f.email))!.id;
    expect((await app.fastify.futures.repo.live(followerId, 'open')).map((x) => new Decimal(x.share).toFixed())).toEqual(['80']);
    // Told once, in words: the reason has its text in the notification.
    const notes = ok<Page<NotificationItem>>(await s.call('/user/notifications', {}, { method: 'GET', token: f.token })).data;
    expect(notes.filter((n) => n.kind === 'copySkipped').map((n) => n.params)).toEqual([
      expect.objectContaining({ reason: 'limits', symbol: 'BTC/USDT' }),
    ]);
  });

  it('stops following at the copy stop-loss and closes the copies', async () => {
    const t = await trader();
    const f = await funded('20000');
    const followed = ok<FollowItem>(await follow(f, t.id, '1', '1', { stop_loss: '50' }));
    // A second follower of the same trader with a far stop-loss: one sweep reads both follows'
    // P&L together and must judge each by its own.
    const g = await funded('20000');
    const far = ok<FollowItem>(await follow(g, t.id, '1', '1', { stop_loss: '5000' }));
    await open(t.user, '1', '10');
    await settle();
    expect(await copies(f)).toHaveLength(1);
    expect(await copies(g)).toHaveLength(1);
    // BTC falls 1 %: the long copy loses about 6 USDT per 0.01 BTC × contract size… enough to pass 50.
    s.app.market.tradeAt('BTC/USDT', '54000');
    await settle();
    const mine = await myFollow(f, followed.id);
    expect(mine).toMatchObject({ status: 'cancelled', cancel_reason: 'stop_loss', open_copies: 0 });
    expect(new Decimal(mine!.copy_pnl).lte(-50)).toBe(true);
    const kept = await myFollow(g, far.id);
    expect(kept).toMatchObject({ status: 'following', cancel_reason: null, open_copies: 1 });
    expect(new Decimal(kept!.copy_pnl).toFixed(2)).toBe(new Decimal(mine!.copy_pnl).toFixed(2));
    s.app.market.tradeAt('BTC/USDT', '60000');
  });

  it('stops a follow whose last copy closed at a loss past its stop, though that copy no longer moves (the check comes before the copy is marked closed)', async () => {
    const t = await trader();
    const f = await funded('20000');
    const followed = ok<FollowItem>(await follow(f, t.id, '1', '1', { stop_loss: '50' }));
    const position = await open(t.user, '1', '10');
    await settle();
    const [copy] = await copies(f);
    // The follower closes the copy by hand at a loss past the stop before any sweep saw it move.
    s.app.market.tradeAt('BTC/USDT', '54000');
    await close(f, copy!.trade_id!);
    s.app.market.tradeAt('BTC/USDT', '60000');
    clock.advance(1_000);
    await engine().sweep();
    await engine().idle();
    const mine = await myFollow(f, followed.id);
    expect(mine).toMatchObject({ status: 'cancelled', cancel_reason: 'stop_loss', open_copies: 0 });
    expect(new Decimal(mine!.copy_pnl).lte(-50)).toBe(true);
    // And the copy is marked: a follow with nothing open is not read again.
    expect((await app.fastify.copytrade.repo.copying()).some((c) => c.id === copy!.id)).toBe(false);
    await close(t.user, position.id);
    await settle();
  });

  it('copies an open to a follow its transaction raced (made at the open’s instant, after the live path ran) at the next minute (found by the simulation, seed 3021)', async () => {
    const t = await trader();
    const f = await funded('20000');
    const position = await open(t.user, '1', '10');
    await engine().idle();
    // The live path has run; the follow commits now, at the open's instant: made "before" it opened.
    const followed = ok<FollowItem>(await follow(f, t.id, '1', '1'));
    expect(followed.created_at).toBe(position.opened_at);
    expect(await copies(f)).toHaveLength(0);
    clock.advance(60_000);
    await engine().idle();
    const [copy] = await copies(f);
    expect(copy).toMatchObject({ trader_trade_id: position.id, status: 'open' });
    await close(t.user, position.id);
    await settle();
  });

  it('checks the copy stop-loss every minute at the marks, and reads the follows again only after a change', async () => {
    const t = await trader();
    const f = await funded('20000');
    const followed = ok<FollowItem>(await follow(f, t.id, '1', '1', { stop_loss: '5000' }));
    const position = await open(t.user, '1', '10');
    await settle();
    expect(await copies(f)).toHaveLength(1);
    const reads = vi.spyOn(app.fastify.copytrade.repo, 'guardedFollows');
    const minute = async () => {
      clock.advance(60_000);
      await engine().idle();
    };
    try {
      // The marks alone move: the minute's check is arithmetic, no read; the far stop holds.
      s.app.market.tradeAt('BTC/USDT', '54000');
      await minute();
      await minute();
      expect(reads).not.toHaveBeenCalled();
      expect(await myFollow(f, followed.id)).toMatchObject({ status: 'following' });
      // The follower tightens the stop: the next minute reads the follow again and stops it.
      ok(await follow(f, t.id, '1', '1', { stop_loss: '50' }));
      await minute();
      expect(reads).toHaveBeenCalledTimes(1);
      expect(await myFollow(f, followed.id)).toMatchObject({ status: 'cancelled', cancel_reason: 'stop_loss', open_copies: 0 });
    } finally {
      reads.mockRestore();
      s.app.market.tradeAt('BTC/USDT', '60000');
      await close(t.user, position.id);
      await settle();
    }
  });

  it('computes a trader’s figures from a scripted history, matching values worked by hand', async () => {
    const t = await trader();
    s.app.market.tradeAt('BTC/USDT', '60000');
    const win = await open(t.user, '1', '10');
    s.app.market.tradeAt('BTC/USDT', '63000');
    await close(t.user, win.id);
    const loss = await open(t.user, '1', '10');
    s.app.market.tradeAt('BTC/USDT', '62000');
    await close(t.user, loss.id);
    s.app.market.tradeAt('BTC/USDT', '60000');
    await settle();
    const stats = await app.fastify.copytrade.service.computeStats(t.id);
    const closed = await app.fastify.futures.repo.closedOf(t.id);
    const net = closed.map((x) => new Decimal(x.profit!).minus(x.fee).minus(x.overnight_fee));
    const margin = closed.reduce((sum, x) => sum.plus(x.margin), new Decimal(0));
    const total = net.reduce((a, b) => a.plus(b), new Decimal(0));
    expect(stats.closed_trades).toBe(2);
    expect(stats.accuracy).toBe(new Decimal(net.filter((x) => x.gt(0)).length).div(2).toFixed());
    expect(stats.total_pnl).toBe(total.toFixed(2));
    expect(stats.ror_7d).toBe(total.div(margin).toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed());
    expect(stats.equity.at(-1)!.pnl).toBe(total.toFixed(2));
  });

  it('computes the figures one run at a time: a day of hourly timers fired at once runs twice, not 24 times side by side', async () => {
    const compute = vi.spyOn(app.fastify.copytrade.service, 'computeAllStats');
    try {
      let running = 0;
      let most = 0;
      compute.mockImplementation(async () => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
      });
      // As a clock moved by a day fires the hourly timer: 24 asks at once.
      await Promise.all(Array.from({ length: 24 }, () => engine().stats()));
      expect(compute).toHaveBeenCalledTimes(2);
      expect(most).toBe(1);
    } finally {
      compute.mockRestore();
    }
  });

  it('after a restart copies a trader open the stopped node missed, once (last: the server that answered HTTP is gone)', async () => {
    const t = await trader();
    const f = await funded('20000');
    ok(await follow(f, t.id, '1', '1'));
    await engine().idle();
    // The node stops listening before the trader's open commits: the live path misses it.
    const listeners = (app.fastify.futures.service as unknown as { listeners: Set<unknown> }).listeners;
    const saved = [...listeners];
    listeners.clear();
    const position = await open(t.user, '1', '10');
    for (const l of saved) listeners.add(l);
    await app.close();
    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    app.market.tradeAt('BTC/USDT', '60000');
    await app.fastify.copytrade.engine.sweep();
    await app.fastify.copytrade.engine.idle();
    await app.fastify.copytrade.engine.sweep();
    const rows = await s.db.query<{ outcome: string }>('SELECT outcome FROM copies WHERE trader_trade_id = $1', [position.id]);
    expect(rows.map((r) => r.outcome)).toEqual(['copied']);
  });
});
