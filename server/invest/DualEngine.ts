/**
 * The dual engine (leader only, docs/FINANCE.md "Dual investment"): issues each UTC day's
 * products and settles every position at its product's maturity from the recorded market price
 * at that moment (`prices.priceAt(symbol, maturity_at)`), on the injected clock, exactly once
 * however often the server restarts.
 *
 * It keeps no state of its own (`DeadlineEngine`): the database says what is due (positions still to settle whose
 * maturity has passed). It works at start (what matured while no engine ran, and today's issue
 * if missing), at each UTC midnight (the new issue), at the next maturity, and every minute
 * besides (a settlement waiting for its minute's record, or one that failed, is retried).
 * Matured positions first show as settling; each then settles in its own transaction under its
 * lock (DualService.settle).
 */
import { DAY_MS } from '../../domain/time';
import { DeadlineEngine, type EngineBase } from '../platform/DeadlineEngine';
import type { DualRepository } from './DualRepository';
import type { DualService } from './DualService';

const BATCH = 200;

export class DualEngine extends DeadlineEngine {
  constructor(private readonly deps: EngineBase & { repo: DualRepository; service: DualService }) {
    super({ ...deps, name: 'dual', retryEveryMs: 60_000 });
    // A purchase may bring a maturity nearer than the one the engine waits for.
    deps.service.onChange(() => this.wake());
  }

  protected async work(): Promise<void> {
    try {
      await this.deps.service.issue();
    } catch (error) {
      this.logError(error, 'issue');
    }
    await this.settleDue();
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
          if (!settled) {
            // No recorded price yet: it stays due, and the next period looks again.
            skipped.add(order.id);
            this.retryLater();
          }
        } catch (error) {
          skipped.add(order.id);
          this.logError(error, 'settlement', { id: order.id });
        }
      }
    }
  }

  /** The nearer of the next UTC midnight (the day's issue) and the next maturity to settle. */
  protected async nextDue(now: number): Promise<number | null> {
    const midnight = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
    const maturity = await this.deps.repo.nextMaturity(now);
    return maturity === null ? midnight : Math.min(midnight, maturity);
  }
}
