/**
 * The money of an OTC order's life (docs/OTC.md) and the checks each state change shares.
 * Every amount comes from the domain formulas (domain/otc/formulas.ts) and every movement of USDT
 * goes through the ledger, each under a key that makes it happen once:
 *
 * - buy order created: the merchant's USDT is reserved, `custody` → `escrow` (`otc:<id>:reserve`),
 *   and the advert's capacity taken under the advert's row lock (refused when short);
 * - buy order released by the operator (the merchant got the fiat): `escrow` → the user's coin
 *   account (`otc:<id>:release`);
 * - buy order cancelled (user before paying, operator) or expired (engine, at the pay deadline):
 *   `escrow` → `custody` (`otc:<id>:return`), capacity restored;
 * - sell order created: the user's USDT, coin account → `escrow` (`otc:<id>:escrow`);
 * - sell order confirmed paid by the operator (the merchant paid the user the fiat): `escrow` →
 *   `custody` (`otc:<id>:settle`); cancelled: `escrow` → the user (`otc:<id>:refund`).
 *
 * Each state change runs under the order's row lock with a state check in the transaction that
 * posts its money, so the engine, an operator, the user and a restarted server can all try; one
 * moves the money, the others get a clear error (or, for the engine, nothing to do).
 */
import { Decimal } from '../../../domain/decimal';
import type { LedgerKind } from '../../../domain/funds/ledgerKinds';
import type { OtcState } from '../../../domain/otc/types';
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/db';
import { AppError } from '../../http/AppError';
import { custodyFor, type Ledger } from '../../ledger/Ledger';
import type { OrderRow, OtcRepository } from '../OtcRepository';
import { escrowFor } from '../shared/money';
import type { OtcViews } from '../shared/OtcViews';

/** The error a state change meets when the order is already final. */
const FINAL_ERRORS: Partial<Record<OtcState, string>> = {
  completed: 'errors.otcOrderCompleted',
  cancelled: 'errors.otcOrderCancelled',
  expired: 'errors.otcOrderExpired',
};

export class OrderSteps {
  constructor(private readonly deps: { clock: Clock; ledger: Ledger; repo: OtcRepository; views: OtcViews }) {}

  assertOpen(o: OrderRow): void {
    const final = FINAL_ERRORS[o.state];
    if (final) throw new AppError(final);
  }

  /** Ends an open buy order without a sale: the reserved USDT back to custody, the advert's capacity restored. */
  async endBuy(q: Queryable, o: OrderRow, to: 'cancelled' | 'expired', by: 'user' | 'operator' | 'timeout'): Promise<OrderRow> {
    const usdt = this.deps.views.usdt();
    const amount = new Decimal(o.usdt_amount);
    await this.deps.repo.lockAdvert(q, o.advert_id);
    await this.deps.repo.addCapacity(q, o.advert_id, o.usdt_amount);
    await this.post(q, `otc:${o.id}:return`, 'otc_return', o.id, [
      { holder: escrowFor(o.user_id), currencyId: usdt.id, available: amount.neg() },
      { holder: custodyFor(o.user_id), currencyId: usdt.id, available: amount },
    ]);
    return (await this.deps.repo.transition(q, o.id, ['pending_payment', 'paid'], to, this.deps.clock.now(), { cancelledBy: by }))!;
  }

  async post(q: Queryable, key: string, kind: LedgerKind, orderId: number, legs: Parameters<Ledger['post']>[1]['legs']): Promise<void> {
    await this.deps.ledger.postOnce(q, { key, kind, ref: { type: 'otc', id: orderId }, legs });
  }
}
