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
 *   --jobs N          run the seeds in N processes at once (a long run on a machine with the cores)
 *   --verbose         progress, time by phase, outcomes by action
 */
import { spawn } from 'node:child_process';
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
      jobs: { type: 'string' },
      // Internal: which of --jobs' processes this is ("j/N": it runs every Nth seed from the jth).
      shard: { type: 'string' },
    },
    allowPositionals: false,
  });
  const jobs = Number(values.jobs ?? 1);
  if (!Number.isInteger(jobs) || jobs < 1) usage('--jobs takes a whole number above 0');
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
  if (values.shard !== undefined) {
    const [j, n] = values.shard.split('/').map(Number);
    seeds = seeds.filter((_, i) => i % n! === j);
  }
  if (jobs > 1 && seeds.length > 1) return runJobs(Math.min(jobs, seeds.length), seeds.length, steps);
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
  // A --jobs child leaves the total to its parent.
  if (values.shard === undefined)
    console.log(
      `${seeds.length} seeds × ${steps} steps: ${failed ? `${failed} failed` : 'all clean'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  process.exit(failed ? 1 : 0);
}

/**
 * Runs the same command in `jobs` child processes, each taking every `jobs`th seed; their lines
 * print as each seed ends (every line names its seed). Exits 1 if any seed failed.
 */
async function runJobs(jobs: number, count: number, steps: number): Promise<void> {
  const started = performance.now();
  const args = process.argv.slice(2).filter((a, i, all) => a !== '--jobs' && all[i - 1] !== '--jobs' && !a.startsWith('--jobs='));
  const codes = await Promise.all(
    Array.from(
      { length: jobs },
      (_, j) =>
        new Promise<number>((resolve) => {
          const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...args, '--shard', `${j}/${jobs}`], {
            stdio: ['ignore', 'inherit', 'inherit'],
          });
          child.on('exit', (code) => resolve(code ?? 2));
        }),
    ),
  );
  const worst = Math.max(...codes);
  console.log(
    `${count} seeds × ${steps} steps in ${jobs} processes: ${worst === 0 ? 'all clean' : worst === 1 ? 'some failed (see above)' : 'a process stopped with an error'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exit(worst);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
