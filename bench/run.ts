/**
 * The benchmark suite. Every bench measures ours beside a baseline in the same run and prints a
 * table; nothing passes or fails on time. See bench/README.md.
 *
 *   npm run bench                       the whole suite (< 10 min on 2 cores)
 *   npm run bench -- --quick            the same figures from shorter windows (< 2 min)
 *   npm run bench -- ingest scroll      some benches, by name
 *   npm run bench -- soak               the soak alone, 10 minutes (--soak: 60, --soak=<minutes>)
 *   npm run bench -- live-screen --trace  a bench's own flags
 *   npm run bench -- --record           also writes the figures into bench/README.md
 *
 * Writes bench/results/<name>.json for each bench (with the machine and its CPU index) and
 * bench/results/summary.json.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describeMachine, type Machine } from './lib/machine';
import { RESULTS_DIR, ROOT } from './lib/server';
import type { Bench, BenchContext, BenchResult, Figure, Table, Target } from './lib/types';
import { SUITE } from './suite';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const record = argv.includes('--record');
const names = argv.filter((a) => !a.startsWith('--'));
const soakArg = argv.find((a) => a === '--soak' || a.startsWith('--soak='));
/**
 * The soak's length: `--soak=<minutes>` (`--soak` alone: 60); else 10 when the soak runs alone,
 * 3 inside the whole suite (which stays under 10 minutes), 1 in a quick run.
 */
const soakMinutes = soakArg
  ? soakArg === '--soak'
    ? 60
    : Number(soakArg.slice('--soak='.length))
  : quick
    ? 1
    : names.length === 1 && names[0] === 'soak'
      ? 10
      : 3;
const ctx: BenchContext = {
  quick,
  soakMinutes,
  argv,
  log: (message) => console.log(`  · ${message}`),
};

const unknown = names.filter((n) => !SUITE.some((b) => b.name === n));
if (unknown.length) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Known: ${SUITE.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
// Node benches first, then the browser ones one at a time (two cores: nothing else runs beside them).
const selected = (names.length ? SUITE.filter((b) => names.includes(b.name)) : [...SUITE]).sort(
  (a, b) => Number(a.browser) - Number(b.browser),
);

function formatTable(t: Table): string {
  const cells = [t.columns.map(String), ...t.rows.map((r) => r.map(String))];
  const widths = t.columns.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => '  ' + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(cells[0]!), '  ' + widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

function markdownTable(t: Table): string {
  const esc = (v: Figure) => String(v).replace(/\|/g, '\\|');
  return [
    `| ${t.columns.map(esc).join(' | ')} |`,
    `|${t.columns.map((_, i) => (i ? '---:' : '---')).join('|')}|`,
    ...t.rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

interface TargetCheck extends Target {
  actual: Figure | undefined;
  met: boolean | null;
}

function checkTargets(bench: Bench, result: BenchResult): TargetCheck[] {
  return bench.targets.map((t) => {
    const actual = result.headline[t.figure];
    const met = typeof actual === 'number' && Number.isFinite(actual) ? (t.op === '>=' ? actual >= t.value : actual <= t.value) : null;
    return { ...t, actual, met };
  });
}

interface Outcome {
  bench: Bench;
  result?: BenchResult;
  error?: string;
  seconds: number;
  targets: TargetCheck[];
}

async function main(): Promise<number> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const started = performance.now();
  console.log('Calibrating (B9, a fixed work loop)…');
  const machine: Machine = describeMachine();
  console.log(
    `machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory_gb} GB, node ${machine.node}, ${machine.chromium}; load ${machine.load_1m}; CPU index ${machine.cpu_index}${quick ? ' (quick run)' : ''}`,
  );
  const outcomes: Outcome[] = [];
  for (const bench of selected) {
    console.log(`\n${bench.id} ${bench.name}: ${bench.title}`);
    console.log(`  baseline: ${bench.baseline}`);
    const t0 = performance.now();
    let outcome: Outcome;
    try {
      const result = await bench.run(ctx);
      outcome = { bench, result, seconds: (performance.now() - t0) / 1000, targets: checkTargets(bench, result) };
      console.log(
        `  conditions: ${Object.entries(result.conditions)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}`,
      );
      console.log(formatTable(result.table));
    } catch (e) {
      const error = e instanceof Error ? (e.stack ?? e.message) : String(e);
      outcome = { bench, error, seconds: (performance.now() - t0) / 1000, targets: [] };
      console.error(`  failed to run: ${error}`);
    }
    outcomes.push(outcome);
    await writeFile(
      path.join(RESULTS_DIR, `${bench.name}.json`),
      JSON.stringify(
        {
          name: bench.name,
          id: bench.id,
          title: bench.title,
          baseline: bench.baseline,
          at: new Date().toISOString(),
          quick,
          seconds: Math.round(outcome.seconds),
          machine,
          ...(outcome.result ?? { error: outcome.error }),
          targets: outcome.targets,
        },
        null,
        2,
      ) + '\n',
    );
  }

  const summary: Table = {
    columns: ['bench', 'figure', 'value', 'target', 'met'],
    rows: outcomes.flatMap(({ bench, result, error, targets }) => {
      if (error) return [[`${bench.id} ${bench.name}`, 'error', 'did not run', '', '']];
      const rows: Figure[][] = targets.map((t) => [
        `${bench.id} ${bench.name}`,
        t.figure,
        t.actual ?? 'n/a',
        t.label,
        t.met === null ? '?' : t.met ? 'yes' : 'no',
      ]);
      const targeted = new Set(targets.map((t) => t.figure));
      for (const [k, v] of Object.entries(result!.headline)) if (!targeted.has(k)) rows.push([`${bench.id} ${bench.name}`, k, v, '', '']);
      return rows;
    }),
  };
  const total = (performance.now() - started) / 1000;
  console.log(`\nSummary (${Math.round(total)} s; targets are goals, not pass/fail):`);
  console.log(formatTable(summary));
  await writeFile(
    path.join(RESULTS_DIR, 'summary.json'),
    JSON.stringify({ at: new Date().toISOString(), quick, seconds: Math.round(total), machine, summary }, null, 2) + '\n',
  );
  if (record) await recordInReadme(machine, outcomes, summary, total);
  return outcomes.some((o) => o.error) ? 1 : 0;
}

const START = '<!-- figures:start -->';
const END = '<!-- figures:end -->';

/** Rewrites the README's "latest figures" section from this run. */
async function recordInReadme(machine: Machine, outcomes: Outcome[], summary: Table, total: number): Promise<void> {
  const file = path.join(ROOT, 'bench', 'README.md');
  const readme = await readFile(file, 'utf8');
  const at = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const parts = [
    START,
    `Recorded by \`npm run bench -- ${argv.join(' ')}\` on ${at} UTC in ${Math.round(total)} s${quick ? ' (quick: shorter windows)' : ''}.`,
    '',
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory_gb} GB; Node ${machine.node}; ${machine.chromium}; load average ${machine.load_1m} at the start; **CPU index ${machine.cpu_index}** (B9; divide by it to compare machines).`,
    '',
    markdownTable(summary),
    ...outcomes.flatMap(({ bench, result, error }) => [
      '',
      `### ${bench.id} ${bench.name}`,
      '',
      error
        ? 'Did not run (see the console output).'
        : `${Object.entries(result!.conditions)
            .map(([k, v]) => `${k} ${v}`)
            .join(' · ')}\n\n${markdownTable(result!.table)}`,
    ]),
    END,
  ];
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  const next =
    from >= 0 && to > from
      ? readme.slice(0, from) + parts.join('\n') + readme.slice(to + END.length)
      : `${readme.trimEnd()}\n\n## Latest figures\n\n${parts.join('\n')}\n`;
  await writeFile(file, next);
  console.log(`recorded in ${path.relative(ROOT, file)}`);
}

process.exit(await main());
