/**
 * Runs the longest test files first, so the workers of a suite finish together instead of one
 * running a long file alone at the end. A file's length is its last time on this machine
 * (`test-results/durations.json`, written by tests/durations.ts) or, on a fresh clone, its time
 * in `tests/durations-baseline.json` (`npm run test:durations -- --save` refreshes it); a file in
 * neither (a new one) goes first. Vitest's own order falls back to file size on a fresh clone,
 * which put the small files that run a long shared body (the walk's languages, the simulation's
 * seeds) last.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { DURATIONS_FILE, type Durations } from './durations';

export const BASELINE_FILE = path.resolve(__dirname, 'durations-baseline.json');

/** Each file's milliseconds: the longest of its suites (the server suite runs on PGlite and PostgreSQL). */
function lengths(): Map<string, number> {
  const known = new Map<string, number>();
  const read = (file: string): unknown => {
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return null;
    }
  };
  const baseline = (read(BASELINE_FILE) ?? {}) as Record<string, number>;
  for (const [file, ms] of Object.entries(baseline)) known.set(file, ms);
  const last = read(DURATIONS_FILE) as Durations | null;
  const measured = new Map<string, number>();
  for (const r of last?.files ?? []) measured.set(r.file, Math.max(measured.get(r.file) ?? 0, r.ms));
  for (const [file, ms] of measured) known.set(file, ms);
  return known;
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = lengths();
    const root = this.ctx.config.root;
    const length = (f: TestSpecification) => known.get(path.relative(root, f.moduleId).split(path.sep).join('/')) ?? Infinity;
    return [...files].sort((a, b) => {
      // Projects run one after another, in name order (as Vitest's own sequencer has them).
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      return length(b) - length(a);
    });
  }
}
