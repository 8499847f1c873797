#!/usr/bin/env node
// Prints each suite's total and the ten slowest test files of the last runs, from what the
// durations reporter wrote (tests/durations.ts → test-results/durations.json). `npm test` ends
// with it; `node scripts/test-durations.mjs 25` shows more. `--save` also writes each file's time
// to tests/durations-baseline.json, the order a fresh clone runs the files in (tests/sequencer.ts).
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.join(root, 'test-results/durations.json');
const save = process.argv.includes('--save');
const top = Number(process.argv.slice(2).find((a) => a !== '--save') ?? 10);
let rows;
let suites;
try {
  ({ files: rows, suites } = JSON.parse(await readFile(file, 'utf8')));
} catch {
  console.log('No test durations recorded yet (test-results/durations.json).');
  process.exit(0);
}
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log('\nEach suite: wall clock of its last run, and the sum of its files (files may run in parallel):');
for (const [project, wall] of Object.entries(suites)) {
  const own = rows.filter((r) => r.project === project);
  const sum = own.reduce((n, r) => n + r.ms, 0);
  console.log(`  ${project.padEnd(9)} ${seconds(wall).padStart(9)} wall  ${seconds(sum).padStart(9)} in ${own.length} files`);
}
console.log(`\nThe ${Math.min(top, rows.length)} slowest test files:`);
for (const r of [...rows].sort((a, b) => b.ms - a.ms).slice(0, top)) {
  console.log(
    `  ${seconds(r.ms).padStart(9)}  ${r.project.padEnd(9)} ${r.file} (${r.tests} tests${r.state === 'passed' ? '' : `, ${r.state}`})`,
  );
}

if (save) {
  const baseline = {};
  // Only files that still exist (a run may have recorded one since deleted or renamed).
  const live = rows.filter((r) => existsSync(path.join(root, r.file)));
  for (const r of live.sort((a, b) => a.file.localeCompare(b.file))) baseline[r.file] = Math.max(baseline[r.file] ?? 0, r.ms);
  const out = path.join(root, 'tests/durations-baseline.json');
  await writeFile(out, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`\nSaved ${Object.keys(baseline).length} files' times to tests/durations-baseline.json.`);
}
