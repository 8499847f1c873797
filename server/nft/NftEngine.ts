/**
 * The NFT engine (leader only, docs/NFT.md "Engine"): on the injected clock it closes each sale at
 * its end (an auction with bids waits for its winner's payment, one without is unsold, a fixed
 * price is taken off the market), refunds every margin but the winner's, expires a payment order a
 * day after the end (the margin forfeited), and reveals a blind box's seed when its sale ends.
 *
 * It keeps no state of its own (`DeadlineEngine`): the database says what is due. It works at
 * start, at the next deadline (re-armed after each sweep and whenever a bid moves an end), and
 * every minute besides (`DeadlineEngine`: a node alone skips it while nothing changed or failed).
 * Each step is its own transaction, guarded by the row's status under its lock and a ledger key, so
 * a restart in the middle settles nothing twice.
 */
import { DeadlineEngine, type EngineBase } from '../platform/DeadlineEngine';
import type { NftRepository } from './NftRepository';
import type { NftService } from './NftService';

const BATCH = 200;

export class NftEngine extends DeadlineEngine {
  constructor(private readonly deps: EngineBase & { repo: NftRepository; service: NftService }) {
    super({ ...deps, name: 'nft', retryEveryMs: 60_000 });
  }

  private async step(what: string, id: number, effect: () => Promise<unknown>): Promise<void> {
    try {
      await effect();
    } catch (error) {
      this.logError(error, what, { id });
    }
  }

  protected async work(): Promise<void> {
    const { repo, service, clock } = this.deps;
    await service.live.load();
    for (let more = true; more && this.running;) {
      const ended = await repo.sales.endedSales(clock.now(), BATCH);
      for (const s of ended) await this.step('closing a sale', s.id, () => service.closing.closeSale(s.id));
      more = ended.length === BATCH;
    }
    for (const saleId of await repo.payments.salesWithHeldMargins(BATCH)) {
      if (!this.running) return;
      for (const m of await repo.payments.heldMargins(saleId))
        await this.step('refunding a margin', saleId, () => service.closing.refundMargin(saleId, m.user_id));
    }
    for (const o of await repo.payments.expiredPayOrders(clock.now(), BATCH)) {
      if (!this.running) return;
      await this.step('expiring a payment order', o.id, () => service.closing.expirePayOrder(o.id));
    }
    for (const id of await repo.boxes.boxesToReveal(clock.now())) await this.step('revealing a box', id, () => service.boxes.revealBox(id));
  }

  protected nextDue(now: number): Promise<number | null> {
    return this.deps.repo.nextDue(now);
  }
}
