/**
 * The lockming engine (leader only, docs/FINANCE.md "Engine"): pays each order's daily yields
 * and returns its principal at expiry, on the injected clock, exactly once however often the
 * server restarts.
 *
 * It keeps no state of its own (`DeadlineEngine`): the database says what is due (`days_paid` against the day
 * boundaries passed since the purchase day). It pays at start (what came due while no engine
 * ran: every missed day, each under its own ledger key), at each UTC midnight, and every few
 * minutes besides (a payment that failed, e.g. a treasury short of a coin, is retried). Orders
 * are paid one at a time, each in its own transaction under its lock (LockmingService.accrue).
 */
import { DAY_MS } from '../../domain/time';
import { DeadlineEngine, type EngineBase } from '../platform/DeadlineEngine';
import type { LockmingRepository } from './LockmingRepository';
import type { LockmingService } from './LockmingService';

const BATCH = 200;

export class LockmingEngine extends DeadlineEngine {
  constructor(private readonly deps: EngineBase & { repo: LockmingRepository; service: LockmingService }) {
    super({ ...deps, name: 'lockming', retryEveryMs: 5 * 60_000 });
  }

  protected async work(): Promise<void> {
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
          this.logError(error, 'payment', { id: order.id });
        }
      }
    }
  }

  /** The next UTC midnight (on the injected clock): that day's yields and the principals that come due. */
  protected async nextDue(now: number): Promise<number | null> {
    return Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
  }
}
