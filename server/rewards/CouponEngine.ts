/**
 * The coupon engine (leader only, docs/REWARDS.md): marks each usable coupon expired at its
 * expiry, on the injected clock, exactly once (one UPDATE guarded by the state and the expiry
 * under the row's lock), however often the server restarts: a sweep at start expires what came
 * due while no engine ran. It keeps no state of its own (`DeadlineEngine`).
 */
import { DeadlineEngine, type EngineBase } from '../platform/DeadlineEngine';
import type { RewardsRepository } from './RewardsRepository';
import type { RewardsService } from './RewardsService';

const BATCH = 500;

export class CouponEngine extends DeadlineEngine {
  constructor(private readonly deps: EngineBase & { repo: RewardsRepository; service: RewardsService }) {
    super({ ...deps, name: 'coupons', retryEveryMs: 5 * 60_000 });
  }

  protected async work(): Promise<void> {
    const failed = new Set<number>();
    while (this.running) {
      const due = (await this.deps.repo.due(this.deps.clock.now(), BATCH + failed.size)).filter((id) => !failed.has(id));
      if (!due.length) return;
      for (const id of due) {
        if (!this.running) return;
        try {
          await this.deps.service.expire(id);
        } catch (error) {
          failed.add(id);
          this.logError(error, 'expiry', { id });
        }
      }
    }
  }

  protected async nextDue(now: number): Promise<number | null> {
    return this.deps.repo.nextExpiry(now);
  }
}
