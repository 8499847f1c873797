/**
 * The dual engine (leader only, docs/FINANCE.md "Dual investment"): issues each UTC day's
 * products and settles every position at its product's maturity from the recorded market price
 * at that moment (`prices.priceAt(symbol, maturity_at)`), on the injected clock, exactly once
 * however often the server restarts.
 *
 * It keeps no state of its own: the database says what is due (positions still to settle whose
 * maturity has passed). It works at start (what matured while no engine ran, and today's issue
 * if missing), at each UTC midnight (the new issue), at the next maturity, and every minute
 * besides (a settlement waiting for its minute's record, or one that failed, is retried).
 * Matured positions first show as settling; each then settles in its own transaction under its
 * lock (DualService.settle).
 */
import { DAY_MS } from '../../domain/time';
import type { Clock } from '../clock';
import { SweepLoop } from '../platform/SweepLoop';
import type { DualRepository } from './DualRepository';
import type { DualService } from './DualService';

const RETRY_EVERY_MS = 60_000;
const BATCH = 200;

export class DualEngine {
  private stops: (() => void)[] = [];
  private cancelWake: (() => void) | null = null;
  private running = false;
  private readonly loop = new SweepLoop(
    () => this.round(),
    () => this.running,
  );

  constructor(
    private readonly deps: {
      clock: Clock;
      repo: DualRepository;
      service: DualService;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {
    // A purchase may bring a maturity nearer than the one the engine waits for.
    deps.service.onChange(() => {
      if (this.running) void this.scheduleWake();
    });
  }

  async start(): Promise<void> {
    this.running = true;
    this.stops.push(this.deps.clock.every(RETRY_EVERY_MS, () => void this.sweep()));
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

  /** Issues what is missing and settles everything due by now; a call while a sweep runs makes it go round once more. */
  sweep(): Promise<void> {
    return this.loop.run();
  }

  private round(): Promise<void> {
    return this.work();
  }

  private async work(): Promise<void> {
    try {
      await this.deps.service.issue();
    } catch (error) {
      this.deps.log.error({ err: error }, 'dual engine: issue failed (retried)');
    }
    try {
      await this.settleDue();
    } finally {
      if (this.running) await this.scheduleWake();
    }
  }

  private async settleDue(): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.repo.markSettling(now);
    // Orders that wait (no record yet) or fail stay due; skipping them keeps one from stalling the rest.
    const skipped = new Set<number>();
    while (this.running) {
      const due = (await this.deps.repo.due(now, BATCH + skipped.size)).filter((o) => !skipped.has(o.id));
      if (!due.length) return;
      for (const order of due) {
        if (!this.running) return;
        try {
          const settled = await this.deps.service.settle(order.id);
          if (!settled) skipped.add(order.id);
        } catch (error) {
          skipped.add(order.id);
          this.deps.log.error({ err: error, id: order.id }, 'dual engine: settlement failed (retried)');
        }
      }
    }
  }

  /** Wakes at the nearer of the next UTC midnight (the day's issue) and the next maturity to settle. */
  private async scheduleWake(): Promise<void> {
    const now = this.deps.clock.now();
    const midnight = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
    const maturity = await this.deps.repo.nextMaturity(now);
    if (!this.running) return;
    const at = maturity === null ? midnight : Math.min(midnight, maturity);
    this.cancelWake?.();
    this.cancelWake = this.deps.clock.after(Math.max(0, at - this.deps.clock.now()), () => {
      this.cancelWake = null;
      if (this.running) void this.sweep();
    });
  }
}
