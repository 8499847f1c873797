/**
 * The machine a run came from, and B9: a CPU index from a fixed work loop, printed with every
 * run and written into every result, so figures from two machines can be compared (divide by
 * the index ratio; on the same machine the index also shows how busy it was during the run).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import os from 'node:os';
import { Decimal } from 'decimal.js';
import { median, round } from './stats';

export interface Machine {
  host: string;
  cpu: string;
  cores: number;
  memory_gb: number;
  node: string;
  chromium: string;
  /** Load average over the last minute when the run started: how busy the box was. */
  load_1m: number;
  /** B9: rounds of the fixed loop per second, median of several; higher is faster. */
  cpu_index: number;
}

/**
 * One round of the fixed loop: integer math, string hashing, JSON, a sort and decimal.js (the
 * kinds of work the worker and the server do). The same work every time, on every machine.
 */
function workRound(): number {
  let acc = 0;
  for (let i = 0; i < 20_000; i++) acc = (acc * 31 + i) % 1_000_003;
  const hash = createHash('sha256');
  for (let i = 0; i < 200; i++) hash.update(`tick:${i}:${acc}`);
  const doc = JSON.parse(JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ p: `${i}.25`, q: i * 3 })) })) as {
    rows: { q: number }[];
  };
  doc.rows.sort((a, b) => (b.q % 7) - (a.q % 7));
  let d = new Decimal('1.0001');
  for (let i = 0; i < 200; i++) d = d.mul('1.0001').plus('0.00000001');
  return acc + doc.rows.length + d.toNumber() + hash.digest()[0]!;
}

/** Rounds of the fixed loop per second: warmed up, then the median of 7 windows of ~150 ms. */
export function cpuIndex(): number {
  let sink = 0;
  for (let i = 0; i < 50; i++) sink += workRound();
  const rates: number[] = [];
  for (let r = 0; r < 7; r++) {
    const t0 = performance.now();
    let n = 0;
    while (performance.now() - t0 < 150) {
      sink += workRound();
      n++;
    }
    rates.push((n * 1000) / (performance.now() - t0));
  }
  if (sink === -1) console.log(sink); // keeps the loop from being optimised away
  return Math.round(median(rates));
}

function chromiumVersion(): string {
  try {
    return execFileSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'not found';
  }
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    host: os.hostname(),
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memory_gb: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    chromium: chromiumVersion(),
    load_1m: round(os.loadavg()[0] ?? 0, 2),
    cpu_index: cpuIndex(),
  };
}
