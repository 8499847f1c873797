/**
 * The IEO engine (leader only, docs/FINANCE.md "IEO"): allocates each project at its end and
 * releases its tokens at unlock, on the injected clock, exactly once however often the server
 * restarts.
 *
 * It keeps no state of its own: the database says what is due (projects ended and not yet
 * allocated; allocated orders past their unlock). It works at start (what came due while no
 * engine ran), at the next end or unlock (a timer re-armed after each sweep), and every few
 * minutes besides (a step that failed is retried). The allocation is three steps, each its own
 * transaction and each safe to repeat: compute (once per project), pay each order, finish.
 */
import type { Clock } from '../clock';
import { SweepLoop } from '../platform/SweepLoop';
import type { IeoRepository } from './IeoRepository';
import type { IeoService } from './IeoService';

const RETRY_EVERY_MS = 5 * 60_000;
const BATCH = 200;

export class IeoEngine {
  private stops: (() => void)[] = [];
  private cancelNext: (() => void) | null = null;
  private running = false;
  private readonly loop = new SweepLoop(
    () => this.round(),
    () => this.running,
  );

  constructor(
    private readonly deps: {
      clock: Clock;
      repo: IeoRepository;
      service: IeoService;
      log: { error(obj: unknown, msg: string): void };
    },
  ) {}

  async start(): Promise<void> {
    this.running = true;
    this.stops.push(this.deps.clock.every(RETRY_EVERY_MS, () => void this.sweep()));
    await this.sweep();
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const stop of this.stops) stop();
    this.stops = [];
    this.cancelNext?.();
    this.cancelNext = null;
    await this.idle();
  }

  async idle(): Promise<void> {
    await this.loop.idle();
  }

  /** Does everything due by now, then arms a timer for the next end or unlock; a call while a sweep runs makes it go round once more. */
  sweep(): Promise<void> {
    return this.loop.run();
  }

  /** One round: what is due by now, then the timer for the next end or unlock. */
  private async round(): Promise<void> {
    try {
      await this.work();
      if (this.running) await this.armNext();
    } catch (error) {
      this.deps.log.error({ err: error }, 'ieo engine: sweep failed (retried)');
    }
  }

  private async work(): Promise<void> {
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
        this.deps.log.error({ err: error, project: project.id }, 'ieo engine: project step failed (retried)');
      }
    }
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

  private async armNext(): Promise<void> {
    this.cancelNext?.();
    this.cancelNext = null;
    const now = this.deps.clock.now();
    const next = await this.deps.repo.nextDue(now);
    if (next === null) return;
    // Capped: a timer days ahead would overflow setTimeout; the sweep re-arms it.
    this.cancelNext = this.deps.clock.after(Math.min(Math.max(0, next - now), RETRY_EVERY_MS), () => {
      if (this.running) void this.sweep();
    });
  }
}
