/**
 * `npm run simulate -- --seed S --steps N` (docs/SIMULATION.md): runs seeds, prints what each
 * did and every broken invariant with its seed and step; a failing seed is shrunk to a short
 * action list and printed as a test case for tests/server. Exit 0 clean, 1 a violation, 2 bad
 * arguments.
 *
 *   --seed S          one seed (any text); --seeds N runs seeds 1…N (or --from A --seeds N: A…A+N-1)
 *   --steps N         actions per seed (default 2000)
 *   --pg [URL]        on PostgreSQL (default DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
 *   --plant NAME      plant a defect the run must find (double-settlement)
 *   --no-shrink       report a failure without shrinking it
 *   --check-every N   full checks every N steps (default 250)
 *   --areas a,b       only these product areas (futures, spot, options, …) besides market, faults, accounts, funds
 *   --verbose         progress, time by phase, outcomes by action
 */
import { parseArgs } from 'node:util';
import { dropSimTemplates } from './world';
import { isPlant } from './plants';
import { simulate, type SimResult } from './run';
import { shrink, formatTestCase } from './shrink';

function usage(message: string): never {
  console.error(
    `simulate: ${message}\nusage: npm run simulate -- (--seed S | --seeds N [--from A]) [--steps N] [--pg [URL]] [--plant double-settlement] [--no-shrink]`,
  );
  process.exit(2);
}

function summary(r: SimResult): string {
  const ok = Object.values(r.outcomes).reduce((n, o) => n + o.ok, 0);
  const refused = Object.values(r.outcomes).reduce((n, o) => n + o.refused, 0);
  return `seed ${r.seed}: ${r.steps} steps, ${r.users} users, ${ok} accepted, ${refused} refused, ${r.restarts} restarts, ${r.resyncs} resyncs, audit ${r.audited.settled} settled / ${r.audited.mismatches} mismatches, ${(r.ms / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      seeds: { type: 'string' },
      from: { type: 'string' },
      steps: { type: 'string' },
      pg: { type: 'boolean' },
      'pg-url': { type: 'string' },
      plant: { type: 'string' },
      'no-shrink': { type: 'boolean' },
      'check-every': { type: 'string' },
      verbose: { type: 'boolean' },
      areas: { type: 'string' },
    },
    allowPositionals: false,
  });
  const steps = Number(values.steps ?? 2000);
  if (!Number.isInteger(steps) || steps < 1) usage('--steps takes a whole number above 0');
  const checkEvery = Number(values['check-every'] ?? 250);
  if (!Number.isInteger(checkEvery) || checkEvery < 1) usage('--check-every takes a whole number above 0');
  let seeds: string[];
  if (values.seed !== undefined) seeds = [values.seed];
  else if (values.seeds !== undefined) {
    const n = Number(values.seeds);
    const from = Number(values.from ?? 1);
    if (!Number.isInteger(n) || n < 1 || !Number.isInteger(from)) usage('--seeds and --from take whole numbers');
    seeds = Array.from({ length: n }, (_, i) => String(from + i));
  } else usage('name a --seed or a number of --seeds');
  if (values.plant !== undefined && !isPlant(values.plant)) usage(`unknown plant ${values.plant}`);
  const postgresUrl =
    values.pg || values['pg-url'] ? (values['pg-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres') : null;
  const plant = values.plant !== undefined && isPlant(values.plant) ? values.plant : null;

  const started = performance.now();
  let failed = 0;
  try {
    for (const seed of seeds) {
      const options = {
        seed,
        steps,
        postgresUrl,
        plant,
        checkEvery,
        areas: values.areas ? values.areas.split(',') : null,
        log: values.verbose ? (l: string) => console.log(`  ${l}`) : undefined,
      };
      const result = await simulate(options);
      console.log(summary(result));
      if (values.verbose)
        console.log(
          `  time: ${Object.entries(result.timing)
            .sort(([, a], [, b]) => b - a)
            .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`)
            .join(', ')}`,
        );
      if (values.verbose)
        console.log(
          `  outcomes: ${Object.entries(result.outcomes)
            .map(([k, o]) => `${k} ${o.ok}/${o.refused}/${o.skipped}`)
            .join(', ')} (accepted/refused/skipped)`,
        );
      if (values.verbose)
        for (const [kind, why] of Object.entries(result.refusals))
          console.log(
            `  refused ${kind}: ${Object.entries(why)
              .sort(([, a], [, b]) => b - a)
              .slice(0, 3)
              .map(([m, n]) => `${n}× ${m}`)
              .join(' | ')}`,
          );
      if (!result.violations.length) continue;
      failed++;
      for (const v of result.violations)
        console.log(`  seed ${seed}, step ${v.step} (${result.actions[v.step]?.kind}): [${v.kind}] ${v.message}`);
      if (values['no-shrink']) continue;
      console.log(`  shrinking seed ${seed} (${result.failedAt! + 1} actions)…`);
      const shrunk = await shrink(result, options);
      console.log(
        `  shrunk to ${shrunk.actions.length} actions in ${shrunk.runs} runs; it still fails with: [${shrunk.violation.kind}] ${shrunk.violation.message}`,
      );
      console.log(formatTestCase(seed, shrunk, { plant }));
    }
  } finally {
    await dropSimTemplates();
  }
  console.log(
    `${seeds.length} seeds × ${steps} steps: ${failed ? `${failed} failed` : 'all clean'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
