import type { Clock } from '../clock';

/**
 * Fixed-window counters per key, in memory: enough for one node; a multi-node deployment
 * swaps this for Redis behind the same `hit`. Old windows are dropped as they expire.
 */
export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit on `key`; returns the ms to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.clock.now();
    this.sweep(now);
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      return 0;
    }
    w.count += 1;
    return w.count > this.limit ? w.start + this.windowMs - now : 0;
  }

  /** The ms to wait if `key` is already at its limit, without counting a hit. */
  blockedFor(key: string): number {
    const now = this.clock.now();
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs || w.count < this.limit) return 0;
    return w.start + this.windowMs - now;
  }

  /** Forgets `key`, e.g. after a successful login. */
  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}
