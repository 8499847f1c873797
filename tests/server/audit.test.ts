/**
 * The settlement audit over real HTTP: a scripted futures run (a market open, a
 * limit fill, a take-profit, a stop-loss, a liquidation with an insurance shortfall, a manual
 * close, a batch close, a cancel, an overnight fee) audits clean; one stored row tampered with is
 * the one mismatch, named by its id; `npm run audit` prints the totals and exits 1 (2 when it
 * cannot reach the server). Prices are scripted with `market.tradeAt`, time by the ManualClock.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../domain/audit/types';
import type { FuturesTrade } from '../../domain/futures/types';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/audit/plugin';
import type {} from '../../server/futures/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';

const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
const BTC = 1;
type User = Awaited<ReturnType<TestServer['signUp']>>;

describe('the settlement audit', { timeout: 180_000 }, () => {
  let s: TestServer;
  // 23:58 UTC, a day ahead: the run crosses midnight (one overnight fee is charged and audited too),
  // and its times are after the template's market history, so every minute gets its own bar.
  const today = new Date();
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 2);
  const clock = new ManualClock(midnight - 120_000);
  const day = new Date(midnight).toISOString().slice(0, 10);
  let h: ReturnType<typeof accountHelpers>;

  const mark = async (price: string, advanceMs = 1_000) => {
    // The engine's cached balances are read after each trade: let that finish so the tick decides on them.
    await s.app.fastify.futures.engine.idle();
    clock.advance(advanceMs);
    s.app.market.tradeAt('BTC/USDT', price);
    await s.app.fastify.futures.engine.idle();
  };
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
  const trade = async (id: number) => (await s.app.fastify.futures.repo.byId(id))!;
  /** A whole audit, or with `after` (a journal row) what the ledger moved money for since. */
  const audit = async (after?: number) => {
    // The market writes its closed bars every 5 s on a running server; here, before each audit.
    await s.app.market.stop();
    return ok<AuditReport>(await s.ops('/audit', after === undefined ? {} : { after }));
  };
  const settlementCount = async () => Number((await s.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM futures_settlements'))[0]!.n);

  /** Runs `npm run audit` against the test server; resolves with its output and exit code. */
  async function npmAudit(env: Record<string, string> = {}, args: string[] = []): Promise<{ code: number; out: string; err: string }> {
    try {
      const { stdout, stderr } = await run('npm', ['run', '--silent', 'audit', ...(args.length ? ['--', ...args] : [])], {
        cwd: root,
        env: { ...process.env, OPS_URL: s.url, DATA_DIR: s.dataDir, ...env },
      });
      return { code: 0, out: stdout, err: stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout, err: e.stderr };
    }
  }

  let manual: FuturesTrade;
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    h = accountHelpers(s, clock);
    await mark('60000.00');
  });
  afterAll(async () => {
    await expectLedgerInvariants(s.db);
    await s.close();
  });

  it('scripts every kind of futures settlement', async () => {
    const user = await funded('2000');
    // A limit long that fills when the mark falls through its price.
    const limit = await submit(user, { target_price: '59000' });
    await mark('58990.00', 61_000);
    expect(await trade(limit.id)).toMatchObject({ status: 'open', open_price: '59000' });
    // A take-profit and a stop-loss.
    await mark('60000.00');
    const long = await submit(user, { target_profit_price: '61000', stop_loss_price: '59000' });
    const short = await submit(user, { type: '2', stop_loss_price: '61500' });
    await mark('61000.50');
    expect(await trade(long.id)).toMatchObject({ status: 'closed', close_reason: 'take_profit' });
    await mark('61600.00');
    expect(await trade(short.id)).toMatchObject({ status: 'closed', close_reason: 'stop_loss' });
    // A limit order withdrawn, a manual close and a batch close.
    const withdrawn = await submit(user, { target_price: '50000' });
    ok(await s.call('/lever/cancel', { id: String(withdrawn.id) }, { token: user.token }));
    await mark('60500.00');
    manual = ok<FuturesTrade>(await s.call('/lever/close', { id: String(limit.id) }, { token: user.token }));
    expect(manual).toMatchObject({ status: 'closed', close_reason: 'manual', close_price: '60500' });
    expect(manual.close_ts).toBe(clock.now());
    await submit(user, { type: '2' });
    await submit(user);
    expect(ok<{ closed: number }>(await s.call('/lever/batch_close', { type: '0' }, { token: user.token })).closed).toBe(2);

    // A liquidation whose loss goes beyond margin and available: the insurance account takes the rest.
    await mark('60000.00');
    const poor = await funded('6.6033');
    const risky = await submit(poor, { multiple: '100' });
    await mark('59000.00');
    expect(await trade(risky.id)).toMatchObject({ status: 'closed', close_reason: 'liquidation' });
    // And a liquidation the account pays itself, across two positions (3 USDT left available).
    await mark('60000.00');
    const two = await funded('16.2066');
    const a = await submit(two, { multiple: '100' });
    const b = await submit(two, { multiple: '100' });
    await mark('59420.00');
    expect(await trade(a.id)).toMatchObject({ status: 'closed', close_reason: 'liquidation' });
    expect(await trade(b.id)).toMatchObject({ status: 'closed', close_reason: 'liquidation' });

    // A position held across midnight pays one overnight fee.
    const held = await funded('1000');
    await submit(held);
    clock.advance(midnight - clock.now() + 1);
    await s.app.fastify.futures.engine.idle();
    const kinds = await s.db.query<{ kind: string }>('SELECT DISTINCT kind FROM futures_settlements ORDER BY kind');
    expect(kinds.map((k) => k.kind)).toEqual([
      'batch',
      'cancel',
      'close',
      'fill',
      'liquidation',
      `overnight:${day}`,
      'stop_loss',
      'take_profit',
    ]);
  });

  it('recomputes every settlement: 0 mismatches', async () => {
    const report = await audit();
    const futures = report.sections.find((x) => x.kind === 'futures')!;
    expect(futures.mismatches).toEqual([]);
    expect(futures.settled).toBe(await settlementCount());
    expect(report.mismatches).toBe(0);
    expect(report.settled).toBe(report.sections.reduce((n, x) => n + x.settled, 0));
    // The running exposure every open, fill, close, cancel and liquidation above kept is the sum over the live trades.
    const exposure = await s.app.fastify.futures.repo.exposureCheck();
    expect(exposure.length).toBeGreaterThan(0);
    for (const e of exposure) expect(e.kept).toBe(e.summed);
    expect(exposure.some((e) => e.kept !== '0')).toBe(true);
    // Each deciding price was checked against its own minute's bar, not a coarser one.
    const bar = (await s.app.fastify.audit.prices.barAt('BTC/USDT', manual.close_ts!))!;
    expect(bar.period).toBe('1min');
    expect(Number(bar.low) <= 60500 && Number(bar.high) >= 60500).toBe(true);
  });

  it('finds the one row a test tampered with, and the CLI exits 1', async () => {
    const [row] = await s.db.query<{ id: number | string }>('SELECT id FROM futures_settlements WHERE key = $1', [
      `futures:${manual.id}:close`,
    ]);
    await s.db.query('UPDATE futures_settlements SET profit = profit + 1 WHERE id = $1', [row!.id]);
    const report = await audit();
    expect(report.mismatches).toBe(1);
    const [found] = report.sections.flatMap((x) => x.mismatches);
    expect(found).toMatchObject({ kind: 'futures', id: Number(row!.id) });
    expect(found!.detail).toContain('profit');

    const cli = await npmAudit();
    expect(cli.code, cli.out + cli.err).toBe(1);
    const lines = cli.out.trim().split('\n');
    expect(lines[lines.length - 1]).toBe(`${report.settled} settled, 1 mismatches`);
    expect(cli.out).toContain(`futures #${String(row!.id)}:`);
  });

  it('names what differs: a deciding price the record does not hold, a stop not reached, an insurance share, an overnight fee', async () => {
    await s.db.query('UPDATE futures_settlements SET profit = profit - 1 WHERE key = $1', [`futures:${manual.id}:close`]);
    expect((await audit()).mismatches).toBe(0);
    const rowOf = async (kind: string) =>
      Number((await s.db.query<{ id: number | string }>('SELECT MIN(id) AS id FROM futures_settlements WHERE kind = $1', [kind]))[0]!.id);
    const tp = await rowOf('take_profit');
    const liquidation = await rowOf('liquidation');
    const overnight = await rowOf(`overnight:${day}`);
    // The take-profit's trade now says it was set higher than the price that closed it.
    await s.db.query(
      'UPDATE futures_trades SET target_profit_price = 70000 WHERE id = (SELECT trade_id FROM futures_settlements WHERE id = $1)',
      [tp],
    );
    await s.db.query('UPDATE futures_settlements SET insurance = 0 WHERE id = $1', [liquidation]);
    await s.db.query('UPDATE futures_settlements SET fee = fee * 2 WHERE id = $1', [overnight]);
    const fill = await rowOf('fill');
    await s.db.query('UPDATE futures_settlements SET price = 1 WHERE id = $1', [fill]);
    // The fill's trade closes later: a fill at another price changes the margin its close releases, so that close is named too.
    const closeOfFill = Number(
      (
        await s.db.query<{ id: number | string }>(
          `SELECT id FROM futures_settlements WHERE trade_id = (SELECT trade_id FROM futures_settlements WHERE id = $1) AND key LIKE '%:close'`,
          [fill],
        )
      )[0]!.id,
    );
    const found = new Map((await audit()).sections.flatMap((x) => x.mismatches).map((m) => [m.id, m.detail]));
    expect([...found.keys()].sort((x, y) => x - y)).toEqual([fill, closeOfFill, tp, liquidation, overnight].sort((x, y) => x - y));
    expect(found.get(tp)).toContain('take_profit not reached');
    expect(found.get(liquidation)).toContain('insurance 0 + bad debt 0 stored, shortfall 4.297 recomputed');
    expect(found.get(overnight)).toContain('fee');
    expect(found.get(fill)).toContain('outside the recorded');
  });

  it('names a pair whose running net exposure differs from its live trades', async () => {
    const btc = s.app.market.pairBySymbol('BTC/USDT')!.id;
    const before = new Set((await audit()).sections.flatMap((x) => x.mismatches).map((m) => m.detail));
    await s.db.query(
      'UPDATE futures_exposure SET net = net + 1 WHERE match_id = $1 AND shard = (SELECT MIN(shard) FROM futures_exposure WHERE match_id = $1)',
      [btc],
    );
    const added = (await audit()).sections.flatMap((x) => x.mismatches).filter((m) => !before.has(m.detail));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ kind: 'futures', id: btc });
    expect(added[0]!.detail).toMatch(/^pair \d+ net exposure .* kept, .* summed from its live trades$/);
    await s.db.query(
      'UPDATE futures_exposure SET net = net - 1 WHERE match_id = $1 AND shard = (SELECT MIN(shard) FROM futures_exposure WHERE match_id = $1)',
      [btc],
    );
  });

  it("audits incrementally: after a report's last journal row, only the trades money moved for since; the whole audit the rest", async () => {
    const whole = await audit();
    expect(whole.after).toBeNull();
    expect(whole.through).toBeGreaterThan(0);
    // Nothing has moved since: nothing to check, and the same end.
    const nothing = await audit(whole.through);
    expect(nothing).toMatchObject({ after: whole.through, through: whole.through, settled: 0, mismatches: 0 });

    // One position opened and closed: its trade's two settlements, and nothing the earlier tests tampered with.
    const user = await funded('1000');
    const t = await submit(user);
    await mark('60100.00');
    ok(await s.call('/lever/close', { id: String(t.id) }, { token: user.token }));
    const since = await audit(whole.through);
    expect(since.through).toBeGreaterThan(whole.through);
    expect(since.sections.find((x) => x.kind === 'futures')).toMatchObject({ settled: 2, mismatches: [] });
    expect(since.settled).toBe(2);
    expect(since.mismatches).toBe(0);

    // Its close tampered with: the incremental audit names it, and so does the CLI with --after.
    const [close] = await s.db.query<{ id: number | string }>('SELECT id FROM futures_settlements WHERE key = $1', [
      `futures:${t.id}:close`,
    ]);
    await s.db.query('UPDATE futures_settlements SET profit = profit + 1 WHERE id = $1', [close!.id]);
    const found = await audit(whole.through);
    expect(found.sections.flatMap((x) => x.mismatches).map((m) => m.id)).toEqual([Number(close!.id)]);
    const cli = await npmAudit({}, ['--after', String(whole.through)]);
    expect(cli.code, cli.out + cli.err).toBe(1);
    expect(cli.out).toContain(`what the ledger moved money for after journal row ${whole.through}`);
    expect(cli.out.trim().split('\n').pop()).toBe('2 settled, 1 mismatches');
    // A window after it leaves it to the whole audit, which still finds it.
    expect((await audit(found.through)).mismatches).toBe(0);
    expect((await audit()).sections.flatMap((x) => x.mismatches).map((m) => m.id)).toContain(Number(close!.id));
    await s.db.query('UPDATE futures_settlements SET profit = profit - 1 WHERE id = $1', [close!.id]);
    expect((await npmAudit({}, ['--after', 'yesterday'])).code).toBe(2);
  });

  it('exits 2 when it cannot audit (no server, or a wrong token)', async () => {
    expect((await npmAudit({ OPS_URL: 'http://127.0.0.1:9' })).code).toBe(2);
    expect((await npmAudit({ OPS_TOKEN: 'not-the-token' })).code).toBe(2);
  });
});
