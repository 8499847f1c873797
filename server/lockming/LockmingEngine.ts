/**
 * The lockming engine (leader only, docs/FINANCE.md "Engine"): pays each order's daily yields
 * and returns its principal at expiry, on the injected clock, exactly once however often the
 * server restarts.
 *
 * It keeps no state of its own: the database says what is due (`days_paid` against the day
 * boundaries passed since the purchase day). It pays at start (what came due while no engine
 * ran: every missed day, each under its own ledger key), at each UTC midnight, and every few
 * minutes besides (a payment that failed, e.g. a treasury short of a coin, is retried). Orders
 * are paid one at a time, each in its own transaction under its lock (LockmingService.accrue).
 */
import { DAY_MS } from '../../domain/time';
import type { Clock } from '../clock';
import { SweepLoop } from '../platform/SweepLoop';
import type { LockmingRepository } from './LockmingRepository';
import type { LockmingService } from './LockmingService';

const RETRY_EVERY_MS = 5 * 60_000;
const BATCH = 200;

export class LockmingEngine {
  private stops: (() => void)[] = [];
  private cancelMidnight: (() => void) | null = null;
  private running = false;
  private readonly loop = new SweepLoop(
    () => this.round(),
    () => this.running,
  );

  constructor(
    private readonly deps: {
      clock: Clock;
      repo: LockmingRepository;
      service: LockmingService;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {}

  async start(): Promise<void> {
    this.running = true;
    this.stops.push(this.deps.clock.every(RETRY_EVERY_MS, () => void this.sweep()));
    this.scheduleMidnight();
    await this.sweep();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const stop of this.stops) stop();
    this.stops = [];
    this.cancelMidnight?.();
    this.cancelMidnight = null;
    await this.idle();
  }

  /** Resolves once no sweep is running (tests, shutdown). */
  async idle(): Promise<void> {
    await this.loop.idle();
  }

  /** Pays everything due by now; a call while a sweep runs makes it go round once more. */
  sweep(): Promise<void> {
    return this.loop.run();
  }

  private round(): Promise<void> {
    return this.payDue();
  }

  private async payDue(): Promise<void> {
    // Orders that fail stay due; skipping them keeps one bad order from stalling the rest.
    const failed = new Set<number>();
    while (this.running) {
      const due = (await this.deps.repo.due(this.deps.clock.now(), BATCH + failed.size)).filter((o) => !failed.has(o.id));
      if (!due.length) return;
      for (const order of due) {
        if (!this.running) return;
        try {
          await this.deps.service.accrue(order.id);
        } catch (error) {
          failed.add(order.id);
          this.deps.log.error({ err: error, id: order.id }, 'lockming engine: payment failed (retried)');
        }
      }
    }
  }

  /** At each UTC midnight (on the injected clock): that day's yields and the principals that come due. */
  private scheduleMidnight(): void {
    const now = this.deps.clock.now();
    const next = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
    this.cancelMidnight = this.deps.clock.after(next - now, () => {
      if (!this.running) return;
      void this.sweep();
      this.scheduleMidnight();
    });
  }
}
