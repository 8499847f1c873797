import type { CounterStore } from './CounterStore';

/**
 * One rate limit: at most `limit` hits per key in a fixed window of `windowMs`, counted in a
 * `CounterStore` (in process by default; Redis when several nodes share the limits) under
 * `name:` so limits never share a key.
 */
export class RateLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private key(key: string): string {
    return `${this.name}:${key}`;
  }

  /**
   * Counts one hit on `key` and returns the ms to wait when it is over the limit, else 0. The
   * count is taken before the caller's work, so concurrent attempts cannot all pass a check
   * made before any of them is counted.
   */
  async hit(key: string): Promise<number> {
    const w = await this.store.hit(this.key(key), this.windowMs);
    return w.count > this.limit ? w.resetInMs : 0;
  }

  /** Like `hit`, and also says how many hits the window holds with this one. */
  async attempt(key: string): Promise<{ waitMs: number; count: number }> {
    const w = await this.store.hit(this.key(key), this.windowMs);
    return { waitMs: w.count > this.limit ? w.resetInMs : 0, count: w.count };
  }

  /** The most hits a window allows. */
  get max(): number {
    return this.limit;
  }

  /** How long a window lasts. */
  get window(): number {
    return this.windowMs;
  }

  /**
   * Refuses `key` for a whole window from now: a fresh window, filled past the limit (a lock
   * made of the store's three calls, so every store, Redis included, holds it).
   */
  async lock(key: string): Promise<void> {
    await this.store.reset(this.key(key));
    for (let i = 0; i <= this.limit; i++) await this.store.hit(this.key(key), this.windowMs);
  }

  /** Gives back one hit, e.g. an attempt that succeeded and so does not count. */
  async release(key: string): Promise<void> {
    await this.store.undo(this.key(key));
  }

  /** Forgets `key`, e.g. after a successful login. */
  async reset(key: string): Promise<void> {
    await this.store.reset(this.key(key));
  }
}
