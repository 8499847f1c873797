/**
 * A Vitest reporter that records how long each test file took (to know where the time
 * goes), per project, in `test-results/durations.json`: every run replaces the figures of the
 * files it ran and keeps the others', so `npm test` (one Vitest run per suite) ends with all of them, and
 * `scripts/test-durations.mjs` prints the slowest. A file's time is what its worker spent on it:
 * environment, setup, import and every test and hook. A run on PostgreSQL (`TEST_DATABASE_URL`)
 * is its own suite, `server-pg`, so CI's two passes of the server suite do not replace each other.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** One test file's figures. */
export interface FileDuration {
  project: string;
  file: string;
  ms: number;
  tests: number;
  state: string;
}

/** What the file holds: every file's figures, and each suite's wall-clock time as its last run took. */
export interface Durations {
  files: FileDuration[];
  suites: Record<string, number>;
}

export const DURATIONS_FILE = path.resolve(__dirname, '../test-results/durations.json');

/** The suite a run of `project` counts as: the project, or `<project>-pg` on PostgreSQL. */
const suiteOf = (project: string): string => (process.env.TEST_DATABASE_URL ? `${project}-pg` : project);

export default class DurationsReporter implements Reporter {
  private started = performance.now();

  onTestRunStart(): void {
    this.started = performance.now();
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    const wall = Math.round(performance.now() - this.started);
    const rows: FileDuration[] = modules.map((m) => {
      const d = m.diagnostic();
      return {
        project: suiteOf(m.project.name),
        file: m.relativeModuleId,
        ms: Math.round(d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration),
        tests: [...m.children.allTests()].length,
        state: m.state(),
      };
    });
    if (!rows.length) return;
    const projects = [...new Set(rows.map((r) => r.project))];
    let kept: Durations = { files: [], suites: {} };
    try {
      kept = JSON.parse(await readFile(DURATIONS_FILE, 'utf8')) as Durations;
    } catch {
      // no earlier run
    }
    const suites = Object.fromEntries(Object.entries(kept.suites ?? {}).filter(([p]) => !projects.includes(p)));
    // A run of one project is that suite's time; a run of several shares its wall clock among them.
    for (const p of projects) suites[p] = projects.length === 1 ? wall : Math.round(wall / projects.length);
    // A run of some files (a path or name filter) replaces only their figures.
    const ran = new Set(rows.map((r) => `${r.project}:${r.file}`));
    const files = [...(kept.files ?? []).filter((r) => !ran.has(`${r.project}:${r.file}`)), ...rows].sort((a, b) => b.ms - a.ms);
    await mkdir(path.dirname(DURATIONS_FILE), { recursive: true });
    // Written whole and renamed into place: a pass running beside this one never reads half a file.
    const temp = `${DURATIONS_FILE}.${process.pid}`;
    await writeFile(temp, `${JSON.stringify({ files, suites } satisfies Durations, null, 2)}\n`);
    await rename(temp, DURATIONS_FILE);
  }
}
