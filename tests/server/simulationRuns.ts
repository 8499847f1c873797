/**
 * The short run of the seeded simulation (docs/SIMULATION.md), shared by the files that
 * run it: each takes its slice of the seeds, so the server suite's workers run them side by side.
 * Every area and every fault, each invariant checked after every step, on PGlite (and on
 * PostgreSQL in CI's second pass, TEST_DATABASE_URL). The long run is
 * `npm run simulate -- --seeds 1000 --steps 10000 --pg`.
 *
 * Sized to what still finds a planted double settlement: with `--plant double-settlement`, seeds
 * ci-1, ci-4, ci-5 and ci-3 stop at steps 11, 33, 94 and 423, so 450 steps of each would catch it
 * (ci-2 pays no winning option in 600 steps, and is left to the long runs).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { simulate, type SimResult } from '../sim/run';
import { dropSimTemplates } from '../sim/world';

export const postgresUrl = process.env.TEST_DATABASE_URL ?? null;
const SEEDS = (process.env.SIM_SEEDS ?? 'ci-1,ci-3,ci-4,ci-5').split(',');
const STEPS = Number(process.env.SIM_STEPS ?? 450);

/** The violations as the CLI prints them, so a red run says what broke, where, and how to replay it. */
export function report(r: SimResult, steps = STEPS): string {
  return r.violations
    .map((v) => `seed ${r.seed}, step ${v.step} (${r.actions[v.step]?.kind}): [${v.kind}] ${v.message}`)
    .concat(r.violations.length ? [`replay: npm run simulate -- --seed ${r.seed} --steps ${steps}${postgresUrl ? ' --pg' : ''}`] : [])
    .join('\n');
}

/** Declares the seeds `slice` of every `of` (0-based) of the short run, each a test. */
export function seedRuns(slice: number, of: number): void {
  describe('the seeded simulation', { timeout: 30 * 60_000 }, () => {
    afterAll(() => dropSimTemplates());

    for (const seed of SEEDS.filter((_, i) => i % of === slice)) {
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
  });
}
