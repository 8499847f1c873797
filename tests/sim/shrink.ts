/**
 * Shrinking: a failing run's actions, cut to the failing step, then reduced by
 * delta debugging (ddmin: drop chunks, halving their size, while the run still fails the same
 * way). Actions name users by position and choose their rows when they run, so any sublist is
 * still a meaningful run. The result prints as a test case for tests/server.
 */
import { runActions, type SimOptions, type SimResult } from './run';
import type { Action, Violation } from './types';

export interface Shrunk {
  actions: Action[];
  violation: Violation;
  /** Runs it took. */
  runs: number;
}

export interface ShrinkLimits {
  /** Most runs to try (default 300). */
  maxRuns?: number;
  /** Most wall time, in ms (default 20 minutes). */
  maxMs?: number;
}

export async function shrink(failed: SimResult, options: Omit<SimOptions, 'seed' | 'steps'>, limits: ShrinkLimits = {}): Promise<Shrunk> {
  const first = failed.violations[0];
  if (!first || failed.failedAt === null) throw new Error('nothing to shrink: the run did not fail');
  const maxRuns = limits.maxRuns ?? 300;
  const deadline = performance.now() + (limits.maxMs ?? 20 * 60_000);
  let runs = 0;
  let best = failed.actions.slice(0, failed.failedAt + 1);
  let violation = first;

  /** Runs `candidate`; when it fails the same way, answers it cut to its own failing step. */
  const stillFails = async (candidate: Action[]): Promise<Action[] | null> => {
    runs++;
    const r = await runActions(failed.seed, candidate, { ...options, checkEvery: Number.MAX_SAFE_INTEGER, log: undefined });
    const same = r.violations.find((v) => v.kind === first.kind);
    if (!same || r.failedAt === null) return null;
    violation = same;
    return candidate.slice(0, r.failedAt + 1);
  };

  // The prefix alone first: a failure found at a checkpoint may need only the actions before it.
  best = (await stillFails(best)) ?? best;
  // Then whole kinds at once, the most frequent first: most kinds have nothing to do with a
  // failure, and dropping each in one run is far cheaper than finding its actions chunk by chunk.
  const kinds = [...new Map(best.map((a) => [a.kind, best.filter((b) => b.kind === a.kind).length])).entries()]
    .sort(([, x], [, y]) => y - x)
    .map(([kind]) => kind);
  for (const kind of kinds) {
    if (runs >= maxRuns || performance.now() >= deadline) break;
    const candidate = best.filter((a) => a.kind !== kind);
    if (candidate.length && candidate.length < best.length) best = (await stillFails(candidate)) ?? best;
  }
  let n = 2;
  while (best.length >= 2 && runs < maxRuns && performance.now() < deadline) {
    const size = Math.ceil(best.length / n);
    let reduced = false;
    for (let start = 0; start < best.length && runs < maxRuns && performance.now() < deadline; start += size) {
      const candidate = [...best.slice(0, start), ...best.slice(start + size)];
      if (!candidate.length) continue;
      const kept = await stillFails(candidate);
      if (kept) {
        best = kept;
        n = Math.max(n - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (size === 1) break;
      n = Math.min(n * 2, best.length);
    }
  }
  return { actions: best, violation, runs };
}

/** The shrunk case as a test to paste into tests/server (it fails until the defect is fixed). */
export function formatTestCase(seed: string, shrunk: Shrunk, extra: { plant?: string | null } = {}): string {
  const lines = shrunk.actions.map((a) => `      ${JSON.stringify(a)},`);
  const plant = extra.plant ? `, plant: '${extra.plant}'` : '';
  const title = `${shrunk.violation.kind}: ${shrunk.violation.message}`.replace(/'/g, '’').slice(0, 160);
  return [
    `// tests/server/simulation.<name>.test.ts — found by \`npm run simulate -- --seed ${seed}\`, shrunk to ${shrunk.actions.length} actions.`,
    `import { expect, it } from 'vitest';`,
    `import { runActions } from '../sim/run';`,
    ``,
    `it('simulation seed ${seed}: ${title}', async () => {`,
    `  const result = await runActions(`,
    `    '${seed}',`,
    `    [`,
    ...lines,
    `    ],`,
    `    { postgresUrl: process.env.TEST_DATABASE_URL ?? null${plant} },`,
    `  );`,
    `  expect(result.violations).toEqual([]);`,
    `});`,
  ].join('\n');
}
