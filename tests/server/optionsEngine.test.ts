/**
 * The seconds options engine on scripted prices: win, draw and loss decided by
 * the first recorded tick at or after the exact expiry, a quiet pair that settles on its next
 * tick, a restart while an option is pending (its expiry passes while the server is down: it
 * settles once, at start, from the price record), and the audit: 0 mismatches after the run, then
 * exactly the row a test tampers with. The market is stepped by hand, time by the ManualClock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { OptionOrder } from '../../domain/options/types';
import { buildApp, type App } from '../../server/app';
import { ManualClock } from '../../server/clock';
import { shardOf } from '../../server/ledger/Ledger';
import type {} from '../../server/audit/plugin';
import type {} from '../../server/ledger/plugin';
import type {} from '../../server/options/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';
import { TEST_APP_OPTIONS } from './options';

const USDT = 3;
type User = Awaited<ReturnType<TestServer['signUp']>>;

describe('options engine', () => {
  let s: TestServer;
  // The market record only grows forward in time: the copied template's history was written
  // under the system clock when the run began, so this clock starts at the next minute after
  // now. (A fixed past date put the whole file before the record: on PostgreSQL, where the copy
  // keeps the template's history, the market took a future bar as its bar in progress and found
  // nothing to back-fill after a restart, so the expiry minute had no recorded bar.)
  const clock = new ManualClock(Math.floor(Date.now() / 60_000) * 60_000 + 60_000);
  let h: ReturnType<typeof accountHelpers>;
  let app: App;

  const idle = () => app.fastify.microtrade.engine.idle();
  const mark = async (price: string, symbol = 'BTC/USDT') => {
    app.market.tradeAt(symbol, price);
    await idle();
  };
  const order = async (id: number) => (await app.fastify.microtrade.repo.byId(id))!;
  const ok = <T>(res: { body: { type: string | number; message: unknown } }): T => {
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as T;
  };
  const submit = async (user: User, params: Record<string, string>) =>
    ok<OptionOrder>(
      await s.call(
        '/microtrade/submit',
        { match_id: '1', currency_id: String(USDT), type: 'up', seconds: '30', number: '100', ...params },
        { token: user.token },
      ),
    );
  const funded = async (amount = '1000') => {
    const user = await s.signUp();
    await h.credit(user, 'micro', 'USDT', amount);
    return user;
  };
  const wallet = async (userId: number) => {
    const row = await app.fastify.balances.one(userId, 4, USDT);
    return { available: new Decimal(row?.available ?? 0).toFixed(), frozen: new Decimal(row?.frozen ?? 0).toFixed() };
  };
  /** The treasury's legs of an option's settlement, by shard (0: the main row). */
  const treasuryLegs = async (id: number) => {
    const key = `options:${id}:settle`;
    const op = (await app.fastify.ledger.operations(s.db, [key])).get(key)!;
    return Object.fromEntries(
      op.legs.flatMap((l) =>
        'platform' in l.holder && l.holder.platform === 'treasury' ? [[l.holder.shard ?? 0, new Decimal(l.available).toFixed()]] : [],
      ),
    );
  };
  const audit = () =>
    app.fastify.audit.registry
      .list()
      .find((a) => a.kind === 'options')!
      .audit({ prices: app.fastify.audit.prices });

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

  it('an up option wins at the first tick at its exact expiry: stake × 1.8 back', async () => {
    const user = await funded();
    await mark('60000.00');
    const placed = await submit(user, { type: 'up', number: '100' });
    const userId = (await order(placed.id)).user_id;
    expect(await wallet(userId)).toEqual({ available: '900', frozen: '100' });
    clock.advance(29_999);
    await mark('61000.00');
    expect((await order(placed.id)).status).toBe('pending');
    clock.advance(1);
    await mark('60000.01');
    expect(await order(placed.id)).toMatchObject({
      status: 'settled',
      result: 'win',
      close_price: '60000.01',
      close_ts: placed.expires_at,
      decided_by: 'tick',
      payout: '180',
      profit: '80',
      settle_key: `options:${placed.id}:settle`,
    });
    expect(await wallet(userId)).toEqual({ available: '1080', frozen: '0' });
    // The treasury pays the 80 from the user's shard (the float), refilled from the main row first
    // (the shard was empty): an expiry's settlements of many users do not queue on one row.
    const legs = await treasuryLegs(placed.id);
    expect(Object.keys(legs).sort()).toEqual(['0', String(shardOf(userId))].sort());
    expect(new Decimal(legs[shardOf(userId)]!).plus(legs[0]!).toFixed()).toBe('-80');
  });

  it('an equal price at expiry is a draw (the stake back); a down option loses when the price rises', async () => {
    const user = await funded();
    await mark('60000.00');
    const draw = await submit(user, { type: 'down', seconds: '60', number: '50' });
    await mark('59990.00');
    const loss = await submit(user, { type: 'down', seconds: '60', number: '25.5' });
    expect(loss.open_price).toBe('59990');
    const userId = (await order(draw.id)).user_id;
    expect(await wallet(userId)).toEqual({ available: '924.5', frozen: '75.5' });
    clock.advance(60_000);
    // The tick at expiry decides both, whatever comes after.
    await mark('60000.00');
    expect(await order(draw.id)).toMatchObject({ status: 'settled', result: 'draw', payout: '50', profit: '0', close_price: '60000' });
    expect(await order(loss.id)).toMatchObject({ status: 'settled', result: 'loss', payout: '0', profit: '-25.5' });
    const lossToo = await submit(user, { type: 'down', seconds: '120', number: '10' });
    clock.advance(120_500);
    await mark('60000.01');
    expect(await order(lossToo.id)).toMatchObject({ result: 'loss', close_ts: lossToo.expires_at + 500, profit: '-10' });
    expect(await wallet(userId)).toEqual({ available: '964.5', frozen: '0' });
    // A loss is paid into the user's treasury shard alone.
    expect(await treasuryLegs(loss.id)).toEqual({ [shardOf(userId)]: '25.5' });
  });

  it('on a quiet pair the option waits for the pair’s next tick; another pair’s ticks do not decide it', async () => {
    const user = await funded();
    await mark('3500.00', 'ETH/USDT');
    const placed = await submit(user, { match_id: '2', type: 'down', number: '10' });
    clock.advance(32_000);
    await mark('60000.00');
    clock.advance(1_000);
    await idle();
    expect((await order(placed.id)).status).toBe('pending');
    await mark('3499.99', 'ETH/USDT');
    expect(await order(placed.id)).toMatchObject({ status: 'settled', result: 'win', close_price: '3499.99', payout: '18' });
  });

  it('a pair that stays quiet past the 5 s grace: its last trade before the expiry decides, not a tick minutes later (found by the simulation)', async () => {
    const user = await funded();
    await mark('3600.00', 'ETH/USDT');
    const placed = await submit(user, { match_id: '2', type: 'up', number: '10' });
    // 4 s past the expiry: still within the grace, still waiting for a tick.
    clock.advance(34_000);
    await idle();
    expect((await order(placed.id)).status).toBe('pending');
    // Past the grace with no ETH trade since: the last trade before the expiry decides (the open price: a draw).
    clock.advance(2_000);
    await idle();
    const settled = await order(placed.id);
    expect(settled).toMatchObject({ status: 'settled', decided_by: 'record', result: 'draw', close_price: '3600' });
    // The late tick that comes afterwards changes nothing, and the audit agrees with the record.
    await mark('3700.00', 'ETH/USDT');
    expect(await order(placed.id)).toMatchObject({ decided_by: 'record', close_price: '3600' });
    expect((await audit()).mismatches).toEqual([]);
  });

  it('settles a pending option once after a restart, from the recorded price at its expiry; the audit finds 0, then the tampered row', async () => {
    // Placed at 12:xx:50; a 30 s option expires in the next minute, while the server is down.
    clock.advance(60_000 - (clock.now() % 60_000) + 50_000);
    const user = await funded();
    await mark('60100.00');
    const placed = await submit(user, { type: 'up', number: '100' });
    const userId = (await order(placed.id)).user_id;
    clock.advance(5_000);
    await app.close();
    clock.advance(120_000);
    app = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir: s.dataDir, startMarket: false });
    await idle();

    const recorded = (await app.fastify.audit.prices.priceAt('BTC/USDT', placed.expires_at))!;
    expect(recorded.ts).toBe(placed.expires_at - (placed.expires_at % 60_000));
    const settled = await order(placed.id);
    const result = new Decimal(recorded.price).gt('60100') ? 'win' : new Decimal(recorded.price).eq('60100') ? 'draw' : 'loss';
    const payout = { win: '180', draw: '100', loss: '0' }[result];
    expect(settled).toMatchObject({
      status: 'settled',
      decided_by: 'record',
      close_price: new Decimal(recorded.price).toFixed(),
      close_ts: recorded.ts,
      result,
      payout,
    });
    expect(await wallet(userId)).toEqual({ available: new Decimal(900).plus(payout).toFixed(), frozen: '0' });
    // The wire form says which rule decided (the pages show it).
    expect(app.fastify.microtrade.service.toOrder(settled).decided_by).toBe('record');

    // Once: asking again, or more ticks, changes nothing.
    expect(await app.fastify.microtrade.service.settle(placed.id, { price: '1', ts: clock.now(), by: 'tick' })).toBeNull();
    await mark('99999.00');
    expect(await order(placed.id)).toEqual(settled);
    expect(await wallet(userId)).toEqual({ available: new Decimal(900).plus(payout).toFixed(), frozen: '0' });

    const clean = await audit();
    expect(clean.mismatches).toEqual([]);
    expect(clean.settled).toBe(7);

    // Tamper with one stored row: the audit finds exactly it.
    // (+1000: outside the recorded bar. A record decision inside the expiry's own minute is checked
    // to the record's resolution of a minute, docs/OPTIONS.md "Audit".)
    await s.db.query(`UPDATE options_orders SET close_price = close_price + 1000 WHERE id = $1`, [placed.id]);
    const tampered = await audit();
    expect(tampered.mismatches.map((m) => m.id)).toEqual([placed.id]);
    expect(tampered.mismatches[0]!.detail).toMatch(/close/);
  });
});
