/**
 * The short run of the seeded simulation (issue 18, docs/SIMULATION.md): a few seeds with every
 * area and every fault, each invariant checked after every step, on PGlite (and on PostgreSQL in
 * CI's second pass, TEST_DATABASE_URL); and the planted double settlement found and shrunk. The
 * long run is `npm run simulate -- --seeds 1000 --steps 10000 --pg`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runActions, simulate, type SimResult } from '../sim/run';
import { formatTestCase, shrink } from '../sim/shrink';
import { dropSimTemplates } from '../sim/world';

const postgresUrl = process.env.TEST_DATABASE_URL ?? null;
const SEEDS = (process.env.SIM_SEEDS ?? 'ci-1,ci-2,ci-3').split(',');
const STEPS = Number(process.env.SIM_STEPS ?? 400);

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
