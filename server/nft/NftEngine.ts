/**
 * The NFT engine (leader only, docs/NFT.md "Engine"): on the injected clock it closes each sale
 * at its end (an auction with bids waits for its winner's payment, one without is unsold, a fixed
 * price is taken off the market), refunds every margin but the winner's, expires a payment order a
 * day after the end (the margin forfeited), and reveals a blind box's seed when its sale ends.
 *
 * It keeps no state of its own: the database says what is due. It works at start (what came due
 * while no engine ran), at the next deadline (a timer re-armed after each sweep and whenever a
 * bid moves an end), and every minute besides. Each step is its own transaction, guarded by the
 * row's status under its lock and a ledger key, so a restart in the middle settles nothing twice.
 */
import type { Clock } from '../clock';
import { SweepLoop } from '../platform/SweepLoop';
import type { NftRepository } from './NftRepository';
import type { NftService } from './NftService';

const RETRY_EVERY_MS = 60_000;
const BATCH = 200;

export class NftEngine {
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
      repo: NftRepository;
      service: NftService;
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

  /** Does everything due by now, then arms a timer for the next deadline; a call during a sweep makes it go round once more. */
  sweep(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return this.loop.run();
  }

  private async round(): Promise<void> {
    try {
      await this.work();
      if (this.running) await this.armNext();
    } catch (error) {
      this.deps.log.error({ err: error }, 'nft engine: sweep failed (retried)');
    }
  }

  private async step(what: string, id: number, effect: () => Promise<unknown>): Promise<void> {
    try {
      await effect();
    } catch (error) {
      this.deps.log.error({ err: error, id }, `nft engine: ${what} failed (retried)`);
    }
  }

  private async work(): Promise<void> {
    const { repo, service, clock } = this.deps;
    await service.loadLive();
    for (let more = true; more && this.running;) {
      const ended = await repo.endedSales(clock.now(), BATCH);
      for (const s of ended) await this.step('closing a sale', s.id, () => service.closeSale(s.id));
      more = ended.length === BATCH;
    }
    for (const saleId of await repo.salesWithHeldMargins(BATCH)) {
      if (!this.running) return;
      for (const m of await repo.heldMargins(saleId))
        await this.step('refunding a margin', saleId, () => service.refundMargin(saleId, m.user_id));
    }
    for (const o of await repo.expiredPayOrders(clock.now(), BATCH)) {
      if (!this.running) return;
      await this.step('expiring a payment order', o.id, () => service.expirePayOrder(o.id));
    }
    for (const id of await repo.boxesToReveal(clock.now())) await this.step('revealing a box', id, () => service.revealBox(id));
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
