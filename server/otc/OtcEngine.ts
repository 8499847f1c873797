/**
 * The OTC engine (leader only, docs/OTC.md): expires every buy order not marked paid by its pay
 * deadline, on the injected clock, exactly once however often the server restarts. It keeps no
 * state (`DeadlineEngine`): the database says what is due (`pending_payment` past `pay_deadline`);
 * each expiry is its own transaction under the order's lock with a state check, so an order the
 * user marked paid at the last moment, or one the engine of another node expired first, is left alone.
 * What decided it is on the order: `state = 'expired'`, `cancelled_by = 'timeout'`, `cancelled_at`.
 */
import { DeadlineEngine, type EngineBase } from '../platform/DeadlineEngine';
import type { OtcRepository } from './OtcRepository';
import type { OtcService } from './OtcService';

const BATCH = 200;

export class OtcEngine extends DeadlineEngine {
  constructor(private readonly deps: EngineBase & { repo: OtcRepository; service: OtcService }) {
    super({ ...deps, name: 'otc', retryEveryMs: 60_000 });
  }

  protected async work(): Promise<void> {
    for (;;) {
      const due = await this.deps.repo.due(this.deps.clock.now(), BATCH);
      let expired = 0;
      for (const o of due) {
        if (!this.running) return;
        try {
          if (await this.deps.service.expire(o.id)) expired++;
        } catch (error) {
          this.logError(error, 'expiry', { order: o.id });
        }
      }
      if (due.length < BATCH || expired === 0) return;
    }
  }

  protected nextDue(now: number): Promise<number | null> {
    return this.deps.repo.nextDue(now);
  }

  /** A new buy order: its deadline may be the nearest. */
  armed(): void {
    this.wake();
  }
}
