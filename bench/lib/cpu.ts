/**
 * CPU time spent by the processes a server load runs on: this process (the bench's server, with
 * PGlite when it is the engine) and a local PostgreSQL server's processes, found by name in
 * `/proc` (zero where there is none, or it is on another machine). On a box of two cores the
 * sum a load costs per request bounds the rate: `cores ÷ (CPU seconds a request)`, whatever the
 * code does around it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

export interface CpuSeconds {
  /** This process, user + system (its main thread, the collector's and the compiler's threads). */
  server: number;
  /** This process's main thread alone: the JavaScript (and PGlite) one core at most can run. */
  serverMain: number;
  /** Every process named `postgres` on this machine, user + system (0 when none is visible). */
  postgres: number;
}

/** Clock ticks a second of `/proc/<pid>/stat`'s times (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/** User + system seconds of `/proc/<path>/stat`, 0 when it cannot be read. */
function statSeconds(path: string): number {
  try {
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const f = readFileSync(`/proc/${path}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / USER_HZ;
  } catch {
    // Not Linux, or the process ended between the listing and the read.
    return 0;
  }
}

function postgresSeconds(): number {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  let seconds = 0;
  for (const pid of pids) {
    let name = '';
    try {
      name = readFileSync(`/proc/${pid}/comm`, 'utf8');
    } catch {
      continue;
    }
    if (name.startsWith('postgres')) seconds += statSeconds(pid);
  }
  return seconds;
}

export function cpuSeconds(): CpuSeconds {
  const own = process.cpuUsage();
  return {
    server: (own.user + own.system) / 1e6,
    serverMain: statSeconds(`self/task/${process.pid}`),
    postgres: postgresSeconds(),
  };
}

/** CPU cores of this machine (what the processes above share). */
export const CORES = os.availableParallelism();
