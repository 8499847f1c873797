/**
 * The futures engine on scripted price paths: limit fills, take-profit,
 * stop-loss, liquidation with a shortfall taken by the insurance account, the overnight fee across
 * a UTC day change, and a restart (a second app on the same database) that settles nothing twice.
 * The market is stepped by hand (`market.tradeAt`), time by the ManualClock.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { FuturesTrade } from '../../domain/futures/types';
import { buildApp, type App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/futures/plugin';
import { RELOAD_EVERY_MS, TRADE_CHANGED } from '../../server/futures/FuturesEngine';
import { reloadEvery } from '../../server/platform/reloadEvery';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';
import { TEST_APP_OPTIONS } from './options';

const USDT = 3;
const BTC = 1;
type User = Awaited<ReturnType<TestServer['signUp']>>;

describe('futures engine', () => {
  let s: TestServer;
  // 22:00 UTC: the overnight test crosses midnight.
  // Days after the template's generated market history (made at the real time of the run): a
  // restarted market loads its state from the stored bars of the clock's moment, and on
  // PostgreSQL the copies hold that history, so a clock inside it would start from its prices.
  const DAY = 86_400_000;
  const day0 = Math.floor(Date.now() / DAY) * DAY + 2 * DAY;
  const dayName = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const [day1, day2] = [dayName(day0 + DAY), dayName(day0 + 2 * DAY)];
  const clock = new ManualClock(day0 + 22 * 3_600_000);
  let h: ReturnType<typeof accountHelpers>;
  let app: App;

  const mark = async (price: string) => {
    app.market.tradeAt('BTC/USDT', price);
    await app.fastify.futures.engine.idle();
  };
  const trade = async (id: number) => (await app.fastify.futures.repo.byId(id))!;
  const settlements = (id: number) => app.fastify.futures.repo.settlements(id);
  const ok = <T>(res: { body: { type: string | number; message: unknown } }): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const submit = async (user: User, params: Record<string, string> = {}) =>
    ok<FuturesTrade>(
      await s.call('/lever/submit', { match_id: String(BTC), type: '1', share: '1', multiple: '10', ...params }, { token: user.token }),
    );
  const funded = async (amount: string) => {
    const user = await s.signUp();
    await h.credit(user, 'lever', 'USDT', amount);
    return user;
  };
  const lever = async (user: User) => {
    const b = await h.balance(user, USDT, 'lever');
    return { available: new Decimal(b.available).toFixed(), frozen: new Decimal(b.frozen).toFixed() };
  };
  /** The lever balance read through the running app (the first app's HTTP port is gone after the restart). */
  const wallet = async (userId: number) => {
    const w = await app.fastify.futures.service.available(userId);
    return { available: w.available.toFixed(), frozen: w.frozen.toFixed() };
  };
  const insurance = async () => {
    const [row] = await s.db.query<{ total: string }>(
      `SELECT COALESCE(SUM(available), 0)::text AS total FROM balances WHERE platform = 'insurance'`,
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
    await expectLedgerInvariants(s.db);
    await app.close();
    await s.close();
  });

  it('fills a limit order when the mark crosses its price, at its price, recording the tick that decided it', async () => {
    const user = await funded('1000');
    const order = await submit(user, { target_price: '59000' });
    expect(order.status).toBe('entrusted');
    await mark('59000.01');
    expect((await trade(order.id)).status).toBe('entrusted');
    clock.advance(1000);
    await mark('58990.00');
    const filled = await trade(order.id);
    expect(filled).toMatchObject({ status: 'open', open_price: '59000', opened_at: clock.now(), margin: '59', fee: '0.59' });
    expect(await settlements(order.id)).toMatchObject([
      { kind: 'fill', key: `futures:${order.id}:fill`, price: '58990.00', tick_ts: clock.now(), fee: '0.59' },
    ]);
    // The fee left frozen for the fee account; the margin stays frozen.
    expect(await lever(user)).toEqual({ available: '940.41', frozen: '59' });
    // A short limit fills when the market rises to it.
    const short = await submit(user, { type: '2', target_price: '60000' });
    await mark('59999.99');
    expect((await trade(short.id)).status).toBe('entrusted');
    await mark('60000.00');
    expect((await trade(short.id)).status).toBe('open');
  });

  it('closes a long at its take-profit and a short at its stop-loss, at the mark that reached it', async () => {
    const user = await funded('1000');
    await mark('60000.00');
    const long = await submit(user, { target_profit_price: '61000', stop_loss_price: '59000' });
    const short = await submit(user, { type: '2', stop_loss_price: '61500' });
    await mark('60999.99');
    expect((await trade(long.id)).status).toBe('open');
    clock.advance(500);
    await mark('61000.50');
    expect(await trade(long.id)).toMatchObject({ status: 'closed', close_reason: 'take_profit', close_price: '61000.5', profit: '9.705' });
    expect((await trade(short.id)).status).toBe('open');
    await mark('61600.00');
    // Short opened at 59970: (59970 − 61600) × 0.01 = −16.30.
    expect(await trade(short.id)).toMatchObject({ status: 'closed', close_reason: 'stop_loss', close_price: '61600', profit: '-16.3' });
    const [, close] = await settlements(short.id);
    expect(close).toMatchObject({
      kind: 'stop_loss',
      key: `futures:${short.id}:close`,
      price: '61600.00',
      tick_ts: clock.now(),
      profit: '-16.3',
    });
    expect((await lever(user)).frozen).toBe('0');
  });

  it('hears of a trade another node changed on the cluster bus and acts on it at once, not at its next reload', async () => {
    const user = await funded('1000');
    await mark('60000.00');
    const long = await submit(user);
    // Another node sets a take-profit on it: committed there, so this node's service never saw it.
    await s.db.query(`UPDATE futures_trades SET target_profit_price = '60500' WHERE id = $1`, [long.id]);
    // Until it says so, this engine holds the trade as it was (no clock step: no reload).
    await mark('60600.00');
    expect((await trade(long.id)).status).toBe('open');
    app.fastify.bus.publish(TRADE_CHANGED, { id: long.id, node: 'another-node' });
    await app.fastify.futures.engine.idle();
    await mark('60600.01');
    expect(await trade(long.id)).toMatchObject({ status: 'closed', close_reason: 'take_profit', close_price: '60600.01' });
  });

  it('a reload whose read is older than a close made meanwhile does not bring the closed position back', async () => {
    const user = await funded('1000');
    await mark('60000.00');
    const long = await submit(user, { target_profit_price: '60500' });
    const { repo, service, engine } = app.fastify.futures;
    // The reload's read returns what the table held before the close, and is held until the close is in.
    const before = await repo.allLive();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const read = vi.spyOn(repo, 'allLive').mockImplementation(async () => {
      await held;
      return before;
    });
    const stop = vi.spyOn(service, 'stop');
    try {
      // This node is alone (no cluster bus): it reloads hourly, not every RELOAD_EVERY_MS.
      clock.advance(reloadEvery(app.fastify.bus, RELOAD_EVERY_MS));
      expect(read).toHaveBeenCalledTimes(1);
      expect((await s.call('/lever/close', { id: String(long.id) }, { token: user.token })).body.type).toBe('ok');
      release();
      await engine.idle();
      // The mark passes the closed position's take-profit: the engine no longer holds it, so asks nothing.
      await mark('60600.00');
      expect(stop.mock.calls.filter(([id]) => id === long.id)).toEqual([]);
      expect((await trade(long.id)).close_reason).toBe('manual');
    } finally {
      read.mockRestore();
      stop.mockRestore();
    }
  });

  it('liquidates when the risk rate reaches the threshold; what the user has pays first', async () => {
    await mark('60000.00');
    // 100× long: margin 6.003, fee 0.6003; 3 USDT left available.
    const user = await funded('9.6033');
    const position = await submit(user, { multiple: '100' });
    expect(await lever(user)).toEqual({ available: '3', frozen: '6.003' });
    // Risk = (3 + 6.003 + P&L) / 6.003 × 100 ≤ 50 once P&L ≤ −6.0015, i.e. at 59429.85 or below.
    await mark('59500.00');
    expect((await trade(position.id)).status).toBe('open');
    const fund = await insurance();
    await mark('59420.00');
    expect(await trade(position.id)).toMatchObject({ status: 'closed', close_reason: 'liquidation', profit: '-6.1' });
    // 3 + 6.003 − 6.10 = 2.903 left; the liquidation fee (0.5 % of 594.20 = 2.971) takes it, capped at
    // what is left, and goes to the insurance fund: nothing from insurance, the fund grows.
    expect(await lever(user)).toEqual({ available: '0', frozen: '0' });
    expect((await settlements(position.id))[1]).toMatchObject({
      kind: 'liquidation',
      price: '59420.00',
      fee: '2.903',
      insurance: '0',
      bad_debt: '0',
    });
    expect((await insurance()).minus(fund).toFixed()).toBe('2.903');
  });

  it('takes a shortfall beyond margin and available from the insurance account, never leaving a negative balance', async () => {
    await mark('60000.00');
    const user = await funded('6.6033');
    const position = await submit(user, { multiple: '100' });
    expect(await lever(user)).toEqual({ available: '0', frozen: '6.003' });
    const before = await insurance();
    // A gap straight through the liquidation price: (59000 − 60030) × 0.01 = −10.30; the user has 6.003.
    await mark('59000.00');
    expect(await trade(position.id)).toMatchObject({ status: 'closed', close_reason: 'liquidation', profit: '-10.3' });
    expect(await lever(user)).toEqual({ available: '0', frozen: '0' });
    expect((await settlements(position.id))[1]).toMatchObject({ kind: 'liquidation', insurance: '4.297', profit: '-10.3' });
    expect(before.minus(await insurance()).toFixed()).toBe('4.297');
  });

  it('charges the overnight fee once per position at the UTC day change, from the margin first', async () => {
    await mark('60000.00');
    const user = await funded('1000');
    const position = await submit(user);
    // 600.30 × 0.0002 = 0.12006 a day.
    clock.advance(day0 + DAY - clock.now() - 1);
    await app.fastify.futures.engine.idle();
    expect((await settlements(position.id)).map((r) => r.kind)).toEqual(['fill']);
    clock.advance(2);
    await app.fastify.futures.engine.idle();
    expect(await settlements(position.id)).toMatchObject([
      { kind: 'fill' },
      { kind: `overnight:${day1}`, margin: '0.12006', fee: '0.12006' },
    ]);
    expect(await trade(position.id)).toMatchObject({ margin: '59.90994', overnight_fee: '0.12006' });
    expect(await lever(user)).toEqual({ available: '939.3697', frozen: '59.90994' });
    // Asking again changes nothing: the settlement row decides.
    expect(await app.fastify.futures.service.chargeOvernight(position.id, day1)).toBe(false);
    await app.fastify.futures.engine.chargeOvernight(day1);
    expect((await trade(position.id)).overnight_fee).toBe('0.12006');
  });

  it('after a restart on the same database, settles nothing twice and carries on', async () => {
    await mark('60000.00');
    const user = await funded('1000');
    const held = await submit(user);
    const withTp = await submit(user, { target_profit_price: '70000' });
    clock.advance(day0 + 2 * DAY - clock.now() + 1000);
    await app.fastify.futures.engine.idle();
    expect((await settlements(held.id)).map((r) => r.kind)).toEqual(['fill', `overnight:${day2}`]);
    const owner = (await trade(held.id)).user_id;
    const balanceBefore = await wallet(owner);

    // The node stops; a new one starts on the same database (its engine catches up on start).
    await app.close();
    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    await app.fastify.futures.engine.idle();
    expect((await settlements(held.id)).map((r) => r.kind)).toEqual(['fill', `overnight:${day2}`]);
    expect((await settlements(withTp.id)).map((r) => r.kind)).toEqual(['fill', `overnight:${day2}`]);
    expect(await wallet(owner)).toEqual(balanceBefore);

    // The new engine knows the positions: the take-profit closes once, however often it is asked.
    await mark('70000.00');
    expect(await trade(withTp.id)).toMatchObject({ status: 'closed', close_reason: 'take_profit' });
    const mark2 = { price: '70000.00', ts: clock.now() };
    expect(await app.fastify.futures.service.stop(withTp.id, mark2)).toBe(false);
    await mark('70000.00');
    expect((await settlements(withTp.id)).map((r) => r.kind)).toEqual(['fill', `overnight:${day2}`, 'take_profit']);
    expect(await app.fastify.futures.service.chargeOvernight(held.id, day2)).toBe(false);
  });
});
