/**
 * One sweep at a time, for the engines that keep no state of their own and ask the database what
 * is due (lockming, IEO, dual): `run` starts a sweep, or, while one runs, makes it go round once
 * more when it ends, so a wake-up during a sweep is never lost and never runs beside it.
 */
export class SweepLoop {
  private current: Promise<void> | null = null;
  private again = false;

  /** `work` does one round; `active` says whether to go round again (false once the engine stops). */
  constructor(
    private readonly work: () => Promise<void>,
    private readonly active: () => boolean,
  ) {}

  run(): Promise<void> {
    if (this.current) {
      this.again = true;
      return this.current;
    }
    this.current = (async () => {
      try {
        do {
          this.again = false;
          await this.work();
        } while (this.again && this.active());
      } finally {
        this.current = null;
      }
    })();
    return this.current;
  }

  /** Resolves once no sweep is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.current) await this.current;
  }
}
