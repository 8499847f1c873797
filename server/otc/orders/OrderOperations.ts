/**
 * What the operator and the engine do to orders: the operator's list, releasing a paid buy order,
 * confirming a sell order paid, cancelling an open order, and the engine's expiry of a buy order
 * unpaid at its deadline.
 */
import { Decimal } from '../../../domain/decimal';
import type { OpsOtcOrder, OtcStateFilter } from '../../../domain/otc/types';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../http/AppError';
import { custodyFor } from '../../ledger/Ledger';
import { txRunner, type TxRunner } from '../../ledger/tx';
import type { Notifications } from '../../notifications/Notifications';
import type { UserRepository } from '../../users/UserRepository';
import type { OrderRow, OtcRepository } from '../OtcRepository';
import { COIN, escrowFor } from '../shared/money';
import type { OtcViews } from '../shared/OtcViews';
import type { OrderSteps } from './OrderSteps';

export class OrderOperations {
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      users: UserRepository;
      notifications: Notifications;
      repo: OtcRepository;
      views: OtcViews;
      steps: OrderSteps;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  async opsOrders(state: OtcStateFilter | 'appealed'): Promise<OpsOtcOrder[]> {
    const [rows, adverts] = await Promise.all([this.deps.repo.opsOrders(state), this.deps.views.advertMap()]);
    const contacts = await this.deps.users.contacts(rows.map((o) => o.user_id));
    const now = this.deps.clock.now();
    return rows.map((o) => ({
      ...this.deps.views.toOrder(o, adverts.get(o.advert_id), now),
      user_id: o.user_id,
      email: contacts.get(o.user_id)?.email ?? null,
    }));
  }

  /** A paid buy order: the merchant received the fiat; the USDT leaves escrow for the user's coin account. */
  async release(id: number): Promise<OpsOtcOrder> {
    return this.operate(id, async (q, o) => {
      if (o.side !== 'buy') throw new AppError('errors.otcNotBuy');
      this.deps.steps.assertOpen(o);
      if (o.state !== 'paid') throw new AppError('errors.otcNotPaid');
      const usdt = this.deps.views.usdt();
      const amount = new Decimal(o.usdt_amount);
      await this.deps.steps.post(q, `otc:${o.id}:release`, 'otc_release', o.id, [
        { holder: escrowFor(o.user_id), currencyId: usdt.id, available: amount.neg() },
        { holder: { userId: o.user_id, account: COIN }, currencyId: usdt.id, available: amount },
      ]);
      const row = (await this.deps.repo.transition(q, o.id, ['paid'], 'completed', this.deps.clock.now(), { completed: true }))!;
      await this.deps.notifications.create(q, o.user_id, 'otcReleased', { id: o.id, amount: o.usdt_amount, currency: 'USDT' });
      return row;
    });
  }

  /** A sell order: the merchant paid the user the fiat; the USDT leaves escrow to the merchant (custody). */
  async confirmPaid(id: number): Promise<OpsOtcOrder> {
    return this.operate(id, async (q, o) => {
      if (o.side !== 'sell') throw new AppError('errors.otcNotSell');
      this.deps.steps.assertOpen(o);
      const usdt = this.deps.views.usdt();
      const amount = new Decimal(o.usdt_amount);
      await this.deps.steps.post(q, `otc:${o.id}:settle`, 'otc_settle', o.id, [
        { holder: escrowFor(o.user_id), currencyId: usdt.id, available: amount.neg() },
        { holder: custodyFor(o.user_id), currencyId: usdt.id, available: amount },
      ]);
      const row = (await this.deps.repo.transition(q, o.id, ['pending_release'], 'completed', this.deps.clock.now(), { completed: true }))!;
      await this.deps.notifications.create(q, o.user_id, 'otcSold', {
        id: o.id,
        amount: o.usdt_amount,
        currency: 'USDT',
        fiat_amount: o.fiat_amount,
        fiat: o.fiat,
      });
      return row;
    });
  }

  /** The operator cancels an open order: a buy order's USDT returns to the merchant, a sell order's to the user. */
  async operatorCancel(id: number): Promise<OpsOtcOrder> {
    return this.operate(id, async (q, o) => {
      this.deps.steps.assertOpen(o);
      let row: OrderRow;
      if (o.side === 'buy') row = await this.deps.steps.endBuy(q, o, 'cancelled', 'operator');
      else {
        const usdt = this.deps.views.usdt();
        const amount = new Decimal(o.usdt_amount);
        await this.deps.steps.post(q, `otc:${o.id}:refund`, 'otc_refund', o.id, [
          { holder: escrowFor(o.user_id), currencyId: usdt.id, available: amount.neg() },
          { holder: { userId: o.user_id, account: COIN }, currencyId: usdt.id, available: amount },
        ]);
        row = (await this.deps.repo.transition(q, o.id, ['pending_release'], 'cancelled', this.deps.clock.now(), {
          cancelledBy: 'operator',
        }))!;
      }
      await this.deps.notifications.create(q, o.user_id, 'otcCancelled', {
        id: o.id,
        amount: o.usdt_amount,
        currency: 'USDT',
        side: o.side,
      });
      return row;
    });
  }

  /** Runs an operator's state change on an order under its lock; answers the order with its user. */
  private async operate(id: number, change: (q: Queryable, o: OrderRow) => Promise<OrderRow>): Promise<OpsOtcOrder> {
    const row = await this.tx(async (q) => {
      const o = await this.deps.repo.lockOrder(q, id);
      if (!o) throw new AppError('errors.otcOrderUnknown');
      return change(q, o);
    });
    const user = await this.deps.users.byId(row.user_id);
    return {
      ...this.deps.views.toOrder(row, (await this.deps.repo.advert(row.advert_id)) ?? undefined),
      user_id: row.user_id,
      email: user?.email ?? null,
    };
  }

  // ---- the engine's effect -------------------------------------------------------------------

  /** Expires an unpaid buy order at its deadline; false when it is not (any more) due. */
  async expire(id: number): Promise<boolean> {
    return this.tx(async (q) => {
      const o = await this.deps.repo.lockOrder(q, id);
      if (!o || o.state !== 'pending_payment' || o.pay_deadline === null || this.deps.clock.now() < o.pay_deadline) return false;
      await this.deps.steps.endBuy(q, o, 'expired', 'timeout');
      await this.deps.notifications.create(q, o.user_id, 'otcExpired', { id: o.id, amount: o.usdt_amount, currency: 'USDT' });
      return true;
    });
  }
}
