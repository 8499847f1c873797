/**
 * The skeleton of the engines that keep no state of their own and ask the database what is due
 * (lockming, IEO, dual, NFT): leader-only start and stop, one sweep at a time (`SweepLoop`: a
 * wake-up during a sweep makes it go round once more), a sweep at start (what came due while no
 * engine ran), a timer re-armed after every sweep for the next deadline the area names, and a
 * periodic sweep besides (a step that failed is retried). An engine says what one round does
 * (`work`) and when the next thing falls due (`nextDue`); everything runs on the injected clock.
 */
import type { Clock } from '../clock';
import { SweepLoop } from './SweepLoop';

export interface EngineBase {
  clock: Clock;
  log: { error(obj: unknown, msg: string): void };
}

export abstract class DeadlineEngine {
  protected running = false;
  private stops: (() => void)[] = [];
  private cancelWake: (() => void) | null = null;
  private readonly loop = new SweepLoop(
    () => this.round(),
    () => this.running,
  );

  /** `name` labels the log lines; `retryEveryMs` is the periodic sweep (and the longest a timer waits). */
  protected constructor(private readonly base: EngineBase & { name: string; retryEveryMs: number }) {}

  async start(): Promise<void> {
    this.running = true;
    this.stops.push(this.base.clock.every(this.base.retryEveryMs, () => void this.sweep()));
    await this.sweep();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const stop of this.stops) stop();
    this.stops = [];
    this.cancelWake?.();
    this.cancelWake = null;
    await this.idle();
  }

  /** Resolves once no sweep is running (tests, shutdown). */
  async idle(): Promise<void> {
    await this.loop.idle();
  }

  /** Does everything due by now, then arms the timer for the next deadline; a call during a sweep makes it go round once more. */
  sweep(): Promise<void> {
    return this.loop.run();
  }

  /** Re-arms the timer now (something nearer may have become due, e.g. a purchase or a moved end). */
  protected wake(): void {
    if (this.running) void this.arm();
  }

  /** One round's work: everything due by now. A failed step should be logged and left due. */
  protected abstract work(): Promise<void>;

  /** When the next thing falls due after `now` (epoch ms), or null when nothing is scheduled. */
  protected abstract nextDue(now: number): Promise<number | null>;

  protected logError(error: unknown, what: string, fields: Record<string, unknown> = {}): void {
    this.base.log.error({ err: error, ...fields }, `${this.base.name} engine: ${what} failed (retried)`);
  }

  private async round(): Promise<void> {
    try {
      await this.work();
    } catch (error) {
      this.logError(error, 'sweep');
    } finally {
      if (this.running) await this.arm().catch((error: unknown) => this.logError(error, 'arming the next deadline'));
    }
  }

  private async arm(): Promise<void> {
    const now = this.base.clock.now();
    const next = await this.nextDue(now);
    if (!this.running) return;
    this.cancelWake?.();
    this.cancelWake = null;
    if (next === null) return;
    // Capped: a timer weeks ahead would overflow setTimeout; the periodic sweep re-arms it.
    this.cancelWake = this.base.clock.after(Math.min(Math.max(0, next - this.base.clock.now()), this.base.retryEveryMs), () => {
      this.cancelWake = null;
      if (this.running) void this.sweep();
    });
  }
}
