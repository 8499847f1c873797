/**
 * One sweep at a time, for the engines that keep no state of their own and ask the database what
 * is due (lockming, IEO, dual): `run` starts a sweep, or, while one runs, makes it go round once
 * more when it ends, so a wake-up during a sweep is never lost and never runs beside it.
 *
 * A round begins a microtask after the first wake-up, so the wake-ups of one moment (a clock
 * moved over several due timers at once fires them one after another, synchronously) join that
 * round instead of each asking for another: nothing has been read yet, so the round sees all they
 * woke it for.
 */
export class SweepLoop {
  private current: Promise<void> | null = null;
  private again = false;
  /** Whether the current round has begun its work (a wake-up after that needs another round). */
  private begun = false;

  /** `work` does one round; `active` says whether to go round again (false once the engine stops). */
  constructor(
    private readonly work: () => Promise<void>,
    private readonly active: () => boolean,
  ) {}

  run(): Promise<void> {
    if (this.current) {
      if (this.begun) this.again = true;
      return this.current;
    }
    this.current = (async () => {
      try {
        await Promise.resolve();
        do {
          this.begun = true;
          this.again = false;
          await this.work();
        } while (this.again && this.active());
      } finally {
        this.current = null;
        this.begun = false;
      }
    })();
    return this.current;
  }

  /** Resolves once no sweep is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.current) await this.current;
  }
}
