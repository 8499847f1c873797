/**
 * The one source of time for the server. Engines and repositories take a `Clock` instead of
 * calling `Date.now()` or `setInterval`, so a test can move time forward without waiting.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` every `ms` until the returned function is called. */
  every(ms: number, fn: () => void): () => void;
  /** Runs `fn` once after `ms` unless the returned function is called first. */
  after(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every(ms, fn) {
    const id = setInterval(fn, ms);
    id.unref?.();
    return () => clearInterval(id);
  },
  after(ms, fn) {
    const id = setTimeout(fn, ms);
    id.unref?.();
    return () => clearTimeout(id);
  },
};

interface Timer {
  at: number;
  interval: number | null;
  fn: () => void;
}

/** A clock that only moves when told to; due timers fire in time order during `advance`. */
export class ManualClock implements Clock {
  private timers = new Set<Timer>();

  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  every(ms: number, fn: () => void): () => void {
    return this.add({ at: this.current + ms, interval: ms, fn });
  }

  after(ms: number, fn: () => void): () => void {
    return this.add({ at: this.current + ms, interval: null, fn });
  }

  /** Moves time forward by `ms`, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      let next: Timer | null = null;
      for (const t of this.timers) if (t.at <= end && (!next || t.at < next.at)) next = t;
      if (!next) break;
      this.current = next.at;
      if (next.interval === null) this.timers.delete(next);
      else next.at += next.interval;
      next.fn();
    }
    this.current = end;
  }

  private add(timer: Timer): () => void {
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }
}
