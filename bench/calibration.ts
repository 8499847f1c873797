/**
 * B9 calibration: the machine's CPU index (a fixed work loop, bench/lib/machine.ts), measured
 * at the start and again here, with the load average: figures from two machines compare after
 * dividing by their index, and a drop within a run shows the box got busier.
 */
import os from 'node:os';
import { cpuIndex } from './lib/machine';
import { round } from './lib/stats';
import type { Bench } from './lib/types';

export const calibration: Bench = {
  name: 'calibration',
  id: 'B9',
  title: 'CPU index of this machine (fixed work loop)',
  baseline: 'none: the index is the baseline other machines divide by',
  targets: [],
  browser: false,
  async run() {
    const rows: (string | number)[][] = [];
    const indices: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const index = cpuIndex();
      indices.push(index);
      rows.push([`round ${i}`, index, round(os.loadavg()[0] ?? 0, 2)]);
    }
    const best = Math.max(...indices);
    return {
      conditions: { cores: os.cpus().length, cpu: os.cpus()[0]?.model.trim() ?? 'unknown' },
      table: { columns: ['round', 'cpu index (rounds/s)', 'load 1m'], rows },
      headline: { cpu_index: best, cpu_index_spread_pct: round(((best - Math.min(...indices)) / best) * 100, 1) },
    };
  },
};
