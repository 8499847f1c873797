import type { Clock } from '../clock';

/** One key's fixed window: the hits counted in it and the ms until it ends. */
export interface CounterWindow {
  count: number;
  resetInMs: number;
}

/**
 * Fixed-window hit counters shared by every rate limit (the business limits of `limits.ts` and
 * the per-address limit of every route). The seam for more than one node: this in-process
 * store is the default; a Redis store implements the same three calls (`hit` = INCR, then
 * PEXPIRE … NX and PTTL in one MULTI; `undo` = DECR; `reset` = DEL). Every
 * call is async so that store can stand in without changing a caller. `hit` must be atomic:
 * it is what lets a slow check (a password hash) reserve its attempt before it runs.
 */
export interface CounterStore {
  /** Counts one hit on `key`; a window of `windowMs` starts when none is open. */
  hit(key: string, windowMs: number): Promise<CounterWindow>;
  /** Takes one hit back (an attempt that turned out not to count). */
  undo(key: string): Promise<void>;
  /** Forgets `key`. */
  reset(key: string): Promise<void>;
}

/** The in-process store: a map of open windows, swept of ended ones as it grows. */
export class MemoryCounterStore implements CounterStore {
  private windows = new Map<string, { end: number; count: number }>();

  constructor(private readonly clock: Clock) {}

  async hit(key: string, windowMs: number): Promise<CounterWindow> {
    const now = this.clock.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.end <= now) {
      w = { end: now + windowMs, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, resetInMs: w.end - now };
  }

  async undo(key: string): Promise<void> {
    const w = this.windows.get(key);
    if (w && w.count > 0) w.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, w] of this.windows) if (w.end <= now) this.windows.delete(key);
  }
}
