/**
 * The user's orders: their per-trade limit, their orders, and each call of an order's life:
 * placing it on an advert (the USDT into escrow), marking a buy order paid, cancelling a buy order
 * not yet paid, and appealing.
 */
import type { Page } from '../../../domain/api/envelope';
import { FIAT_DECIMALS } from '../../../domain/fiat';
import { otcPayDeadline, otcPerTradeLimit, otcProblem, otcQuote, type OtcProblem } from '../../../domain/otc/formulas';
import type { OtcLimits, OtcOrder, OtcStateFilter } from '../../../domain/otc/types';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { readAmount } from '../../funds/amounts';
import { AppError } from '../../http/AppError';
import { custodyFor } from '../../ledger/Ledger';
import { txRunner, type TxRunner } from '../../ledger/tx';
import type { UserRepository } from '../../users/UserRepository';
import type { OrderRow, OtcRepository } from '../OtcRepository';
import { COIN, escrowFor, fixed } from '../shared/money';
import type { OtcViews } from '../shared/OtcViews';
import type { OrderSteps } from './OrderSteps';

/** The error key of each refusal of `otcProblem`, and the parameter naming its bound. */
const PROBLEM_ERRORS: Record<OtcProblem, { key: string; param: string }> = {
  amountZero: { key: 'errors.otcAmountZero', param: 'amount' },
  belowMin: { key: 'errors.otcBelowMin', param: 'min' },
  aboveMax: { key: 'errors.otcAboveMax', param: 'max' },
  aboveLimit: { key: 'errors.otcAboveLimit', param: 'limit' },
  aboveAvailable: { key: 'errors.otcAboveAvailable', param: 'available' },
};

export class OrderService {
  private readonly tx: TxRunner;
  private readonly created = new Set<() => void>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      users: UserRepository;
      repo: OtcRepository;
      log: { warn(obj: unknown, msg: string): void };
      views: OtcViews;
      steps: OrderSteps;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  /** Told after a buy order was created on this node (the engine arms its deadline). */
  onOrderCreated(listener: () => void): void {
    this.created.add(listener);
  }

  /** The caller's level and per-trade limit: the one figure every OTC screen states and `create` enforces. */
  async limits(userId: number): Promise<OtcLimits> {
    const user = await this.deps.users.byId(userId);
    const level = Math.min(2, Math.max(0, user?.identity_level ?? 0)) as 0 | 1 | 2;
    const enforced = otcPerTradeLimit(level);
    return { level, per_trade: enforced && fixed(enforced) };
  }

  async orders(userId: number, state: OtcStateFilter, page: { page: number; limit: number }): Promise<Page<OtcOrder>> {
    const [rows, adverts] = await Promise.all([this.deps.repo.page(userId, state, page), this.deps.views.advertMap()]);
    const now = this.deps.clock.now();
    return { ...rows, data: rows.data.map((o) => this.deps.views.toOrder(o, adverts.get(o.advert_id), now)) };
  }

  /** One of the caller's orders; someone else's is "no such order" (never leaked). */
  async order(userId: number, id: number): Promise<OtcOrder> {
    const o = await this.deps.repo.order(id);
    if (!o || o.user_id !== userId) throw new AppError('errors.otcOrderUnknown');
    return this.deps.views.toOrder(o, (await this.deps.repo.advert(o.advert_id)) ?? undefined);
  }

  /** Places an order for `fiat_amount` OR `usdt_amount` on an advert, moving the USDT into escrow. */
  async createOrder(
    userId: number,
    input: { advert_id: number; fiat_amount?: string; usdt_amount?: string },
    run: TxRunner = this.tx,
  ): Promise<OtcOrder> {
    if ((input.fiat_amount === undefined) === (input.usdt_amount === undefined)) throw new AppError('errors.otcAmountOne');
    const known = await this.deps.repo.advert(input.advert_id);
    if (!known || !known.enabled) throw new AppError('errors.otcAdvertUnknown');
    const usdt = this.deps.views.usdt();
    const fiatDecimals = FIAT_DECIMALS[known.fiat];
    const typed =
      input.fiat_amount !== undefined
        ? readAmount(input.fiat_amount, { ...usdt, id: 0, name: known.fiat, decimals: fiatDecimals })
        : readAmount(input.usdt_amount!, usdt);

    const result = await run(async (q) => {
      const user = await this.deps.users.lockById(userId, q);
      const advert = await this.deps.repo.lockAdvert(q, known.id);
      if (!advert || !advert.enabled) throw new AppError('errors.otcAdvertUnknown');
      const quote = otcQuote(
        advert.side,
        input.fiat_amount !== undefined ? 'fiat' : 'usdt',
        typed,
        advert.price,
        fiatDecimals,
        usdt.decimals,
      );
      const limit = otcPerTradeLimit(user?.identity_level ?? 0);
      if (limit === null) throw new AppError('errors.identityRequired', {}, 998);
      const problem = otcProblem(quote, { min_fiat: advert.min_fiat, max_fiat: advert.max_fiat, available: advert.capacity }, limit);
      if (problem) {
        const { key, param } = PROBLEM_ERRORS[problem.problem];
        throw new AppError(key, { [param]: problem.bound, fiat: advert.fiat });
      }
      const now = this.deps.clock.now();
      const order = await this.deps.repo.insertOrder(q, {
        user_id: userId,
        advert_id: advert.id,
        side: advert.side,
        merchant: advert.merchant,
        fiat: advert.fiat,
        price: advert.price,
        fiat_amount: fixed(quote.fiat),
        usdt_amount: fixed(quote.usdt),
        state: advert.side === 'buy' ? 'pending_payment' : 'pending_release',
        pay_deadline: advert.side === 'buy' ? otcPayDeadline(now) : null,
        created_at: now,
      });
      if (advert.side === 'buy') {
        await this.deps.repo.addCapacity(q, advert.id, fixed(quote.usdt.neg()));
        await this.deps.steps.post(q, `otc:${order.id}:reserve`, 'otc_reserve', order.id, [
          { holder: custodyFor(userId), currencyId: usdt.id, available: quote.usdt.neg() },
          { holder: escrowFor(userId), currencyId: usdt.id, available: quote.usdt },
        ]);
      } else {
        // The ledger refuses a balance below zero (errors.insufficientBalance), rolling back the order.
        await this.deps.steps.post(q, `otc:${order.id}:escrow`, 'otc_escrow', order.id, [
          { holder: { userId, account: COIN }, currencyId: usdt.id, available: quote.usdt.neg() },
          { holder: escrowFor(userId), currencyId: usdt.id, available: quote.usdt },
        ]);
      }
      return this.deps.views.toOrder(order, advert, now);
    });
    if (result.side === 'buy') for (const listener of this.created) listener();
    return result;
  }

  /** The user says the fiat was sent (a buy order, before its deadline). */
  async markPaid(userId: number, id: number, run: TxRunner = this.tx): Promise<OtcOrder> {
    return run(async (q) => {
      const o = await this.lockOwn(q, userId, id);
      if (o.side !== 'buy') throw new AppError('errors.otcNotBuy');
      if (o.state === 'paid') throw new AppError('errors.otcAlreadyPaid');
      this.deps.steps.assertOpen(o);
      const now = this.deps.clock.now();
      if (now >= o.pay_deadline!) throw new AppError('errors.otcPayWindowClosed');
      const row = (await this.deps.repo.transition(q, o.id, ['pending_payment'], 'paid', now, { paid: true }))!;
      return this.deps.views.toOrder(row, (await this.deps.repo.advert(o.advert_id, q)) ?? undefined, now);
    });
  }

  /** The user cancels a buy order not yet marked paid: the merchant's USDT returns, capacity restored. */
  async cancel(userId: number, id: number, run: TxRunner = this.tx): Promise<OtcOrder> {
    return run(async (q) => {
      const o = await this.lockOwn(q, userId, id);
      if (o.side !== 'buy') throw new AppError('errors.otcSellCancel');
      if (o.state === 'paid') throw new AppError('errors.otcPaidCancel');
      this.deps.steps.assertOpen(o);
      const row = await this.deps.steps.endBuy(q, o, 'cancelled', 'user');
      return this.deps.views.toOrder(row, (await this.deps.repo.advert(o.advert_id, q)) ?? undefined);
    });
  }

  /**
   * The user appeals (a buy order marked paid, or a sell order waiting for the merchant's payment).
   * There is no operator inbox: the appeal is recorded on the order (reason, time), listed first
   * by `otc-orders --state appealed`, and logged as a warning for whoever watches the logs.
   */
  async appeal(userId: number, id: number, reason: string, run: TxRunner = this.tx): Promise<OtcOrder> {
    const order = await run(async (q) => {
      const o = await this.lockOwn(q, userId, id);
      if (o.appealed_at !== null) throw new AppError('errors.otcAlreadyAppealed');
      this.deps.steps.assertOpen(o);
      if (o.state !== 'paid' && o.state !== 'pending_release') throw new AppError('errors.otcAppealNotYet');
      const row = (await this.deps.repo.markAppealed(q, o.id, reason, this.deps.clock.now()))!;
      return this.deps.views.toOrder(row, (await this.deps.repo.advert(o.advert_id, q)) ?? undefined);
    });
    this.deps.log.warn({ otcOrder: order.id, userId, reason }, `otc: order ${order.id} appealed; see npm run ops -- otc-orders appealed`);
    return order;
  }

  private async lockOwn(q: Queryable, userId: number, id: number): Promise<OrderRow> {
    const o = await this.deps.repo.lockOrder(q, id);
    if (!o || o.user_id !== userId) throw new AppError('errors.otcOrderUnknown');
    return o;
  }
}
