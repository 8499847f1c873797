/**
 * The contract every benchmark keeps: it measures, it never passes or fails on time. A bench
 * answers a table (one row per case, the baseline among them, measured in the same run) and its
 * headline figures; the runner prints both, checks the headlines against the goals for
 * the summary (informational only) and writes `bench/results/<name>.json`.
 */

/** One value in a table or headline: a number, or a short text such as "4x" or "n/a". */
export type Figure = number | string;

/** A table: one row per measured case (ours and the baseline), the same columns in each. */
export interface Table {
  columns: readonly string[];
  rows: readonly (readonly Figure[])[];
}

/** A goal from the benchmark issue, checked against one headline figure in the summary. */
export interface Target {
  /** The headline figure's key. */
  figure: string;
  /** `≥` or `≤` the value. */
  op: '>=' | '<=';
  value: number;
  /** How the goal reads, e.g. "≥ 300k ticks/s". */
  label: string;
}

export interface BenchResult {
  /** What each row is measured under (rates, throttling, window). */
  conditions: Record<string, Figure>;
  table: Table;
  /** The few figures the summary and the targets read, flat, by key. */
  headline: Record<string, Figure>;
  /** Anything else worth keeping in the JSON (samples over time, raw series). */
  detail?: Record<string, unknown>;
}

export interface BenchContext {
  /** `--quick`: the same measurements with shorter windows and fewer cases; under 2 minutes for the suite. */
  quick: boolean;
  /** The soak's length in minutes: 10 alone, 3 in the whole suite, 1 quick, 60 with `--soak` (bench/run.ts). */
  soakMinutes: number;
  /** Every command-line argument, for bench-specific flags such as `--trace`. */
  argv: readonly string[];
  /** Writes a progress line (figures arrive minutes apart). */
  log(message: string): void;
}

export interface Bench {
  /** Runnable alone by this name: `npm run bench -- <name>`. */
  name: string;
  /** The label, B1…B10. */
  id: string;
  title: string;
  /** What the baseline row is, in a sentence. */
  baseline: string;
  targets: readonly Target[];
  /** Needs Chromium: such benches run one at a time and after the Node ones. */
  browser: boolean;
  run(ctx: BenchContext): Promise<BenchResult>;
}
