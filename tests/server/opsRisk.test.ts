/**
 * The operator's risk view (docs/FUTURES.md "The operator's risk view"), over real
 * HTTP: `GET /ops/risk` (the insurance fund and its flows, bad debt, open interest and the
 * platform's net exposure per pair against its cap, the largest accounts),
 * `POST /ops/risk/exposure-cap` (and `/lever/submit` refused beyond the cap), and the CLI's `risk`
 * and `exposure-cap`. The market is stepped by hand, time by the ManualClock.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { FuturesTrade } from '../../domain/futures/types';
import type { OpsRisk } from '../../domain/ops/risk';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/futures/plugin';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { futuresHelpers } from './futuresHelpers';
import { expectLedgerInvariants } from './invariants';

const BTC = 1;
const run = promisify(execFile);
const root = path.resolve(__dirname, '../..');
type User = Awaited<ReturnType<TestServer['signUp']>>;
type Answer = { status: number; body: { type: string | number; message: unknown } };

describe('the operator’s risk view', { timeout: 120_000 }, () => {
  let s: TestServer;
  const clock = new ManualClock(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 2 * 86_400_000 + 10 * 3_600_000);
  let h: ReturnType<typeof accountHelpers>;
  let a: User;
  let b: User;

  const f = futuresHelpers(
    () => s,
    () => h,
  );
  const { mark, ok, submit, funded } = f;
  const refused = (res: Answer): string => {
    expect(res.status).toBeLessThan(500);
    return f.refused(res);
  };
  const risk = async () => ok<OpsRisk>(await s.ops('/risk'));
  const btc = (r: OpsRisk) => r.pairs.find((p) => p.symbol === 'BTC/USDT');

  /** Runs the CLI against the test server; resolves with its output and exit code. */
  async function cli(args: string[]): Promise<{ code: number; out: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...args], {
        cwd: root,
        env: { ...process.env, OPS_URL: s.url, DATA_DIR: s.dataDir },
      });
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  }

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    h = accountHelpers(s, clock);
    await mark('64170.00');
  });
  afterAll(async () => {
    await expectLedgerInvariants(s.db);
    await s.close();
  });

  it('starts with the seeded fund, no flows, no bad debt, no pairs; only with the operator token', async () => {
    const r = await risk();
    expect(r.at).toBe(clock.now());
    expect(r.insurance).toEqual({
      balance: '1000000',
      all_time: { fees_in: '0', shortfalls_out: '0' },
      last_24h: { fees_in: '0', shortfalls_out: '0' },
    });
    expect(r.bad_debt).toEqual({ total: '0', count: 0 });
    expect(r.pairs).toEqual([]);
    expect(r.top_accounts).toEqual([]);
    expect((await s.ops('/risk', {}, { token: null })).status).toBe(401);
  });

  it('counts a liquidation’s fee into the fund and a gap’s shortfall out of it', async () => {
    // C: 100× with little beside the margin; a fall to 63,700 liquidates it with equity left, which pays the fee.
    const c = await funded('8');
    const posC = ok<FuturesTrade>(await submit(c, { multiple: '100' }));
    await mark('63700.00');
    const [, closeC] = await s.app.fastify.futures.repo.settlements(posC.id);
    expect(closeC).toMatchObject({ kind: 'liquidation' });
    expect(new Decimal(closeC!.fee).gt(0)).toBe(true);
    // D: the same, but the market gaps to 50,000: the loss passes all D has, the fund pays the rest.
    await mark('64170.00');
    const d = await funded('8');
    const posD = ok<FuturesTrade>(await submit(d, { multiple: '100' }));
    await mark('50000.00');
    const [, closeD] = await s.app.fastify.futures.repo.settlements(posD.id);
    expect(closeD).toMatchObject({ kind: 'liquidation' });
    expect(new Decimal(closeD!.insurance).gt(0)).toBe(true);
    await mark('64170.00');

    const r = await risk();
    const flows = { fees_in: new Decimal(closeC!.fee).plus(closeD!.fee).toFixed(), shortfalls_out: closeD!.insurance };
    expect(r.insurance.all_time).toEqual(flows);
    expect(r.insurance.last_24h).toEqual(flows);
    expect(r.insurance.balance).toBe(new Decimal(1_000_000).plus(flows.fees_in).minus(flows.shortfalls_out).toFixed());
    expect(r.bad_debt).toEqual({ total: '0', count: 0 });
  });

  it('answers open interest, the platform’s net exposure and the largest accounts at the mark', async () => {
    a = await funded('100000');
    b = await funded('100000');
    // A long 3 lots (0.03 BTC), B short 1 lot and an entrusted long of 1 lot (in the net, not in the open interest).
    const longA = ok<FuturesTrade>(await submit(a, { share: '3' }));
    const shortB = ok<FuturesTrade>(await submit(b, { type: '2' }));
    expect(ok<FuturesTrade>(await submit(b, { target_price: '60000' })).status).toBe('entrusted');

    const r = await risk();
    expect(r.pairs).toEqual([
      {
        match_id: BTC,
        symbol: 'BTC/USDT',
        mark: '64170.00',
        long_oi: '1925.1',
        short_oi: '641.7',
        positions: 2,
        net: '1925.1', // (0.03 + 0.01 − 0.01) × 64,170: the platform is short that much
        cap: '20000000',
        cap_source: 'default',
        cap_used: '0.01',
      },
    ]);
    expect(r.top_accounts).toEqual([
      { user_id: expect.any(Number), email: a.email, positions: 1, value: '1925.1', margin: longA.margin },
      { user_id: expect.any(Number), email: b.email, positions: 1, value: '641.7', margin: shortB.margin },
    ]);
    // At another mark the values follow it.
    await mark('65000.00');
    const moved = await risk();
    expect(btc(moved)).toMatchObject({ mark: '65000.00', long_oi: '1950', short_oi: '650', net: '1950' });
    expect(moved.top_accounts.map((x) => x.value)).toEqual(['1950', '650']);
    await mark('64170.00');
  });

  it('sets a cap through the API: it is in the answer, and /lever/submit is refused beyond it', async () => {
    const cap = ok(await s.ops('/risk/exposure-cap', { symbol: 'BTC/USDT', max: '3000' }));
    expect(cap).toEqual({ match_id: BTC, symbol: 'BTC/USDT', max: '3000', previous: '20000000' });
    expect(btc(await risk())).toMatchObject({ cap: '3000', cap_source: 'operator', cap_used: '64.17' });

    // A long of 2 lots would take the net to 0.05 × 64,170 = 3,208.5 > 3,000: refused.
    expect(refused(await submit(a, { share: '2' }))).toMatch(/^This pair cannot take more positions in this direction right now/);
    // A short reduces it: accepted.
    ok(await submit(a, { type: '2' }));
    expect(btc(await risk())).toMatchObject({ net: '1283.4', cap_used: '42.78' });
    // Written differently, the same pair; a cap of 0 is allowed (no new exposure at all).
    expect(ok(await s.ops('/risk/exposure-cap', { symbol: 'btcusdt', max: '0' }))).toMatchObject({ max: '0', previous: '3000' });
    expect(btc(await risk())).toMatchObject({ cap: '0', cap_used: null });
    expect(refused(await submit(b, {}))).toMatch(/^This pair cannot take more positions/);
    ok(await s.ops('/risk/exposure-cap', { symbol: 'BTC/USDT', max: '20000000.5' }));
    expect(btc(await risk())).toMatchObject({ cap: '20000000.5', cap_source: 'operator' });
  });

  it('refuses an unknown symbol, a negative or non-decimal cap with a clear error, never a 5xx', async () => {
    expect(refused(await s.ops('/risk/exposure-cap', { symbol: 'FOO/USDT', max: '100' }))).toBe('Unknown trading pair');
    for (const max of ['-5', 'abc', '1e6', '1.2.3', ' ']) {
      expect(refused(await s.ops('/risk/exposure-cap', { symbol: 'BTC/USDT', max }))).toMatch(/correct amount|Invalid request/);
    }
    expect(refused(await s.ops('/risk/exposure-cap', { symbol: 'BTC/USDT' }))).toBe('Invalid request');
    expect(btc(await risk())).toMatchObject({ cap: '20000000.5' });
  });

  it('prints the risk tables from the CLI, and sets a cap from it', async () => {
    const set = await cli(['exposure-cap', 'BTC/USDT', '2500000']);
    expect(set).toMatchObject({ code: 0 });
    expect(set.out).toContain('BTC/USDT: net exposure cap 2500000 USDT (was 20000000.5)');
    const printed = await cli(['risk']);
    expect(printed.code).toBe(0);
    expect(printed.out).toContain('Insurance fund');
    expect(printed.out).toMatch(/^last 24 h\s+\d/m);
    expect(printed.out).toMatch(/^bad debt: 0 \(booked by 0 closes\)$/m);
    expect(printed.out).toMatch(/^BTC\/USDT\s+64170\.00\s+3\s+1925\.1\s+1283\.4\s+1283\.4\s+2500000 \(set\)\s+0\.05%$/m);
    expect(printed.out).toMatch(new RegExp(`^\\d+\\s+${a.email.replace('.', '\\.')}\\s+2\\s+2566\\.8\\s+`, 'm'));
    const negative = await cli(['exposure-cap', 'BTC/USDT', '-1']);
    expect(negative.code).toBe(2);
    expect(negative.out).toContain('the cap must be a USDT amount of 0 or more');
    const unknown = await cli(['exposure-cap', 'FOO/USDT', '100']);
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.out).toContain('Unknown trading pair');
  });

  it('keeps the last 24 h to the last 24 h', async () => {
    const before = await risk();
    clock.advance(25 * 3_600_000);
    await s.app.fastify.futures.engine.idle();
    const after = await risk();
    expect(after.insurance.all_time).toEqual(before.insurance.all_time);
    expect(after.insurance.last_24h).toEqual({ fees_in: '0', shortfalls_out: '0' });
  });
});
