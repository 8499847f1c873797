/**
 * The IEO engine (leader only, docs/FINANCE.md "IEO"): allocates each project at its end and
 * releases its tokens at unlock, on the injected clock, exactly once however often the server
 * restarts.
 *
 * It keeps no state of its own (`DeadlineEngine`): the database says what is due (projects ended and not yet
 * allocated; allocated orders past their unlock). It works at start (what came due while no
 * engine ran), at the next end or unlock (a timer re-armed after each sweep), and every few
 * minutes besides (a step that failed is retried). The allocation is three steps, each its own
 * transaction and each safe to repeat: compute (once per project), pay each order, finish.
 */
import { DeadlineEngine, type EngineBase } from '../platform/DeadlineEngine';
import type { IeoRepository } from './IeoRepository';
import type { IeoService } from './IeoService';

const BATCH = 200;

export class IeoEngine extends DeadlineEngine {
  constructor(private readonly deps: EngineBase & { repo: IeoRepository; service: IeoService }) {
    super({ ...deps, name: 'ieo', retryEveryMs: 5 * 60_000 });
  }

  protected async work(): Promise<void> {
    for (const project of await this.deps.repo.due(this.deps.clock.now())) {
      if (!this.running) return;
      try {
        if (project.allocated_at === null) {
          if (project.computed_at === null) await this.deps.service.computeAllocation(project.id);
          await this.each(project.id, 'subscribed', (id) => this.deps.service.allocateOrder(id));
          await this.deps.service.finishAllocation(project.id);
        }
        if (this.deps.clock.now() >= project.unlock_at)
          await this.each(project.id, 'allocated', (id) => this.deps.service.releaseOrder(id));
      } catch (error) {
        this.logError(error, 'project step', { project: project.id });
      }
    }
  }

  protected nextDue(now: number): Promise<number | null> {
    return this.deps.repo.nextDue(now);
  }

  /** Runs `step` on each order of a project in `status`, in batches by id. */
  private async each(projectId: number, status: 'subscribed' | 'allocated', step: (id: number) => Promise<unknown>): Promise<void> {
    for (let after = 0; this.running;) {
      const orders = await this.deps.repo.projectOrdersIn(projectId, status, after, BATCH);
      if (!orders.length) return;
      for (const o of orders) await step(o.id);
      after = orders[orders.length - 1]!.id;
    }
  }
}
