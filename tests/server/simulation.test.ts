/**
 * The short run of the seeded simulation (issue 18, docs/SIMULATION.md): a few seeds with every
 * area and every fault, each invariant checked after every step, on PGlite (and on PostgreSQL in
 * CI's second pass, TEST_DATABASE_URL); and the planted double settlement found and shrunk. The
 * long run is `npm run simulate -- --seeds 1000 --steps 10000 --pg`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../server/auth/SessionStore';
import { Http } from '../sim/http';
import { runActions, simulate, type SimResult } from '../sim/run';
import { keepSignedIn, sentBy } from '../sim/session';
import { formatTestCase, shrink } from '../sim/shrink';
import type { SimUser } from '../sim/types';
import { dropSimTemplates, type World } from '../sim/world';
import { startServer } from './harness';

const postgresUrl = process.env.TEST_DATABASE_URL ?? null;
const SEEDS = (process.env.SIM_SEEDS ?? 'ci-1,ci-2,ci-3,ci-4,ci-5').split(',');
const STEPS = Number(process.env.SIM_STEPS ?? 600);

/** The violations as the CLI prints them, so a red run says what broke, where, and how to replay it. */
function report(r: SimResult): string {
  return r.violations
    .map((v) => `seed ${r.seed}, step ${v.step} (${r.actions[v.step]?.kind}): [${v.kind}] ${v.message}`)
    .concat(r.violations.length ? [`replay: npm run simulate -- --seed ${r.seed} --steps ${STEPS}${postgresUrl ? ' --pg' : ''}`] : [])
    .join('\n');
}

describe('the seeded simulation', { timeout: 30 * 60_000 }, () => {
  afterAll(() => dropSimTemplates());

  for (const seed of SEEDS) {
    it(`seed ${seed}: ${STEPS} steps of users, prices, crashes and retries break no invariant`, async () => {
      const result = await simulate({ seed, steps: STEPS, postgresUrl, checkEvery: 100 });
      expect(report(result)).toBe('');
      expect(result.steps).toBe(STEPS);
      // The run did something: users traded, and the audit re-derived settlements.
      expect(result.users).toBeGreaterThan(5);
      expect(Object.values(result.outcomes).reduce((n, o) => n + o.ok, 0)).toBeGreaterThan(STEPS / 4);
      expect(result.audited.settled).toBeGreaterThan(0);
    });
  }

  it('finds a planted double settlement and shrinks it to a few actions that still fail', async () => {
    const options = { postgresUrl, plant: 'double-settlement' as const, areas: ['options'] };
    // Seed p4 pays its first winning option at step 9.
    const found = await simulate({ seed: 'p4', steps: 40, ...options });
    expect(found.failedAt).not.toBeNull();
    const first = found.violations[0]!;
    expect(first.kind).toBe('settled twice');
    expect(first.message).toMatch(/^options_settle happened more than once for options \d+/);

    // A bounded shrink here (each trial is a fresh server); unbounded, the CLI takes this one to its
    // 4 essential actions: a registration, a deposit, the option, time passing (docs/SIMULATION.md).
    const shrunk = await shrink(found, options, { maxRuns: 20 });
    expect(shrunk.violation.kind).toBe('settled twice');
    expect(shrunk.actions.length).toBeLessThan(found.failedAt! + 1);
    expect(shrunk.actions.map((a) => a.kind)).toEqual(expect.arrayContaining(['register', 'option', 'clock']));
    // What it prints is a test of its own: the shrunk list still fails by itself, and passes without the plant.
    expect(formatTestCase('p4', shrunk, { plant: 'double-settlement' })).toContain("plant: 'double-settlement'");
    const again = await runActions('p4', shrunk.actions, options);
    expect(again.violations[0]?.kind).toBe('settled twice');
    const clean = await runActions('p4', shrunk.actions, { postgresUrl });
    expect(report(clean)).toBe('');
  });
});

// A long run moves the clock through weeks: its users' sessions end as the server says, and they
// sign in again as the app would have them (a 10,000-step seed once stopped on a refused session).
describe('a simulated user away longer than a session', () => {
  it('signs in again after a week idle or a month in all, and the new token works', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 5));
    const s = await startServer({ startMarket: false, clock });
    try {
      const http = new Http({ url: s.url } as World);
      const account = await s.signUp();
      const user: SimUser = {
        index: 0,
        id: 0,
        email: account.email,
        password: account.password,
        token: account.token,
        signedInAt: clock.now(),
        seenAt: clock.now(),
        signIns: 0,
        ip: account.ip,
        lang: 'en',
        verified: false,
        payPassword: false,
        addressId: null,
      };
      const info = async (token: string) => (await http.call('/user/info', {}, { token, method: 'GET' })).body?.type;
      /** The user's next request, as the simulation makes it: signed in first if need be. */
      const request = async () => {
        await keepSignedIn(user, http, clock.now());
        const type = await info(user.token);
        sentBy(user, clock.now());
        return type;
      };

      // Active every six days: the session lives on until its month is up.
      for (let day = 6; day < 30; day += 6) {
        clock.advance(6 * 86_400_000);
        expect(await request()).toBe('ok');
      }
      expect(user.signIns).toBe(0);
      clock.advance(SESSION_MAX_MS - 24 * 86_400_000);
      const old = user.token;
      expect(await info(old)).not.toBe('ok');
      await keepSignedIn(user, http, clock.now());
      expect(user.signIns).toBe(1);
      expect(user.token).not.toBe(old);
      expect(await info(user.token)).toBe('ok');

      sentBy(user, clock.now());

      // A week away: the idle limit.
      clock.advance(SESSION_IDLE_MS + 60_000);
      expect(await info(user.token)).not.toBe('ok');
      expect(await request()).toBe('ok');
      expect(user.signIns).toBe(2);

      // Looking without sending (an action that finds nothing to do) does not keep the session:
      // four days, a look, four more days, and the server has ended it; the next request signs in.
      clock.advance(4 * 86_400_000);
      await keepSignedIn(user, http, clock.now());
      clock.advance(4 * 86_400_000);
      expect(await info(user.token)).not.toBe('ok');
      expect(await request()).toBe('ok');
      expect(user.signIns).toBe(3);
    } finally {
      await s.close();
    }
  });
});
