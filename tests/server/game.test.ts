/**
 * The mini game on scripted prices: the daily allowance granted once a UTC day,
 * stakes refused beyond the points and the limits, a round settled by the first recorded tick at
 * or after open + 60 s (the market stepped by hand, time by the ManualClock), a draw, no ledger
 * row touched by any of it, and a restart while a round is open (settled once, from the record).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { GameHome, GameRound } from '../../domain/game/types';
import { buildApp, type App } from '../../server/app';
import { ManualClock, type Clock } from '../../server/clock';
import type {} from '../../server/audit/plugin';
import { GameService } from '../../server/game/GameService';
import type {} from '../../server/game/plugin';
import { startServer, type TestServer } from './harness';
import { TEST_APP_OPTIONS } from './options';

type User = Awaited<ReturnType<TestServer['signUp']>>;
type Res = { status: number; body: { type: string | number; message: unknown } };

describe('mini game', () => {
  let s: TestServer;
  // After now (the market record only grows forward, see optionsEngine.test.ts) and at 10:00 UTC,
  // far from midnight: the rounds below span minutes of the clock, and a UTC day boundary between
  // two reads grants another daily allowance (a run that began at 23:58 saw 2,100 points for 1,100).
  const today = new Date();
  const clock = new ManualClock(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 2, 10));
  let app: App;
  let ledgerBefore: unknown;

  const idle = () => app.fastify.game.engine.idle();
  const mark = async (price: string, symbol = 'BTC/USDT') => {
    app.market.tradeAt(symbol, price);
    await idle();
  };
  const ok = <T>(res: Res): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const refused = (res: Res) => {
    expect(res.status).toBe(200);
    expect(res.body.type).not.toBe('ok');
    return String(res.body.message);
  };
  const home = async (user: User) => ok<GameHome>(await s.call('/game/home', {}, { token: user.token, method: 'GET' }));
  const play = (user: User, params: Record<string, string> = {}, lang?: string) =>
    s.call('/game/play', { match_id: '1', direction: 'up', stake: '100', ...params }, { token: user.token, lang });
  const round = async (id: number) => (await app.fastify.game.repo.byId(id))!;
  /** Everything the ledger holds: the game must never change a row of it. */
  const ledgerState = async () => ({
    balances: await s.db.query('SELECT user_id, account, currency_id, available::text, frozen::text FROM balances ORDER BY 1, 2, 3'),
    journal: await s.db.query('SELECT COUNT(*)::int AS n FROM journal'),
    ops: await s.db.query('SELECT COUNT(*)::int AS n FROM ledger_ops'),
  });

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    app = s.app;
    await mark('60000.00');
    ledgerBefore = await ledgerState();
  });
  afterAll(async () => {
    await app.close();
    await s.close();
  });

  it('grants the daily allowance once per UTC day of the injected clock', async () => {
    const user = await s.signUp();
    const first = await home(user);
    expect(first).toMatchObject({ points: 1000, granted_today: 1000, allowance: 1000, stake_min: 10, stake_max: 500, round_seconds: 60 });
    expect(first.pairs.map((p) => p.symbol)).toContain('BTC/USDT');
    expect((await home(user)).points).toBe(1000);
    // The next UTC day (a service on a clock a day ahead, same database): one more allowance, once.
    const tomorrow: Clock = { now: () => clock.now() + 86_400_000, every: () => () => {}, after: () => () => {} };
    const later = new GameService({
      db: s.db,
      clock: tomorrow,
      market: app.market,
      users: app.fastify.users,
      repo: app.fastify.game.repo,
    });
    const userId = (await app.fastify.users.byEmail(user.email))!.id;
    expect((await later.home(userId)).points).toBe(2000);
    expect((await later.home(userId)).points).toBe(2000);
    expect((await home(user)).points).toBe(2000);
  });

  it('refuses a stake above the points or outside min/max, in the request language', async () => {
    const user = await s.signUp();
    await home(user);
    expect(refused(await play(user, { stake: '5' }))).toBe('The stake is at least 10 points');
    expect(refused(await play(user, { stake: '501' }))).toBe('The stake is at most 500 points');
    expect(refused(await play(user, { stake: '5' }, 'fra'))).toBe('La mise minimale est de 10 points');
    expect(refused(await play(user, { stake: '1.5' }))).toBe('Choose a stake in whole points');
    expect(refused(await play(user, { direction: 'sideways' }))).toBe('Choose up or down.');
    // Spend down to 40 points, then 100 is more than the points.
    for (const stake of ['500', '460']) {
      const r = ok<GameRound>(await play(user, { stake }));
      await app.fastify.game.service.settle(r.id, { price: '1', ts: r.closes_at, by: 'tick' });
    }
    expect((await home(user)).points).toBe(40);
    expect(refused(await play(user, { stake: '100' }))).toBe('Not enough points: you have 40');
    expect((await home(user)).points).toBe(40);
  });

  it('settles a round at the first recorded tick at or after open + 60 s: a win returns 2 × stake', async () => {
    const user = await s.signUp();
    await home(user);
    await mark('60000.00');
    const placed = ok<GameRound>(await play(user, { direction: 'up', stake: '100' }));
    expect(placed).toMatchObject({ status: 'open', open_price: '60000', stake: 100 });
    expect(placed.closes_at).toBe(placed.open_ts + 60_000);
    expect((await home(user)).points).toBe(900);
    expect(refused(await play(user))).toBe('Your round is still running: wait for its result');
    clock.advance(59_999);
    await mark('61000.00');
    expect((await round(placed.id)).status).toBe('open');
    clock.advance(1);
    await mark('60000.01');
    expect(await round(placed.id)).toMatchObject({
      status: 'settled',
      result: 'win',
      close_price: '60000.01',
      close_ts: placed.closes_at,
      decided_by: 'tick',
      returned: 200,
      net: 100,
    });
    expect((await home(user)).points).toBe(1100);
    // A loss: down while the price rises.
    await mark('60000.00');
    const loss = ok<GameRound>(await play(user, { direction: 'down', stake: '50' }));
    clock.advance(60_500);
    await mark('60010.00');
    expect(await round(loss.id)).toMatchObject({ result: 'loss', returned: 0, net: -50, close_ts: loss.closes_at + 500 });
    expect((await home(user)).points).toBe(1050);
    const history = ok<{ data: GameRound[]; total: number }>(await s.call('/game/rounds', {}, { token: user.token, method: 'GET' }));
    expect(history.total).toBe(2);
    expect(history.data[0]!.id).toBe(loss.id);
    const board = ok<{ nickname: string; won: number; me: boolean }[]>(
      await s.call('/game/leaderboard', { period: 'today' }, { token: user.token, method: 'GET' }),
    );
    const mine = board.find((e) => e.me)!;
    expect(mine.won).toBe(50);
    expect(mine.nickname).toContain('***');
  });

  it('an equal close is a draw: the stake comes back', async () => {
    const user = await s.signUp();
    await home(user);
    await mark('3500.00', 'ETH/USDT');
    const placed = ok<GameRound>(await play(user, { match_id: '2', direction: 'down', stake: '200' }));
    clock.advance(60_000);
    await mark('3600.00'); // another pair's tick decides nothing
    expect((await round(placed.id)).status).toBe('open');
    await mark('3500.00', 'ETH/USDT');
    expect(await round(placed.id)).toMatchObject({ status: 'settled', result: 'draw', returned: 200, net: 0 });
    expect((await home(user)).points).toBe(1000);
  });

  it('never changes a balance or a journal row', async () => {
    expect(await ledgerState()).toEqual(ledgerBefore);
  });

  it('settles a round open across a restart once, from the recorded price at its close', async () => {
    clock.advance(60_000 - (clock.now() % 60_000) + 30_000);
    const user = await s.signUp();
    await home(user);
    await mark('60100.00');
    const placed = ok<GameRound>(await play(user, { stake: '100' }));
    clock.advance(5_000);
    await app.close();
    clock.advance(120_000);
    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    await idle();
    const recorded = (await app.fastify.audit.prices.priceAt('BTC/USDT', placed.closes_at))!;
    const settled = await round(placed.id);
    expect(settled).toMatchObject({
      status: 'settled',
      decided_by: 'record',
      close_price: new Decimal(recorded.price).toFixed(),
      close_ts: recorded.ts,
    });
    const expected = { win: 1100, draw: 1000, loss: 900 }[settled.result!];
    expect(await app.fastify.game.repo.points(settled.user_id)).toBe(expected);
    // Once: asking again, or more ticks, changes nothing.
    expect(await app.fastify.game.service.settle(placed.id, { price: '1', ts: clock.now(), by: 'tick' })).toBeNull();
    await mark('99999.00');
    expect(await round(placed.id)).toEqual(settled);
    expect(await app.fastify.game.repo.points(settled.user_id)).toBe(expected);
    expect(await ledgerState()).toEqual(ledgerBefore);
  });
});
