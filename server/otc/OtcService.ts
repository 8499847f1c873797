/**
 * OTC (issue 15 part 1, docs/OTC.md): operators' adverts, users' orders, and each order's life.
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
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import { FIAT_DECIMALS } from '../../domain/fiat';
import { ACCOUNTS, type AccountId } from '../../domain/funds/formulas';
import type { Currency } from '../../domain/market/types';
import { otcPayDeadline, otcPerTradeLimit, otcProblem, otcQuote, type OtcProblem } from '../../domain/otc/formulas';
import {
  OTC_FIATS,
  OTC_PAYMENT_METHODS,
  OTC_SIDES,
  type OpsOtcOrder,
  type OtcAdvert,
  type OtcAdvertInput,
  type OtcFiat,
  type OtcLimits,
  type OtcOrder,
  type OtcPaymentMethod,
  type OtcSide,
  type OtcState,
  type OtcStateFilter,
} from '../../domain/otc/types';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { readAmount } from '../funds/amounts';
import { AppError } from '../http/AppError';
import { custodyFor, shardOf, type Ledger } from '../ledger/Ledger';
import { txRunner, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { Notifications } from '../notifications/Notifications';
import type { UserRepository } from '../users/UserRepository';
import type { AdvertRow, NewAdvert, OrderRow, OtcRepository } from './OtcRepository';
import type { LedgerKind } from '../../domain/funds/ledgerKinds';

/** The coin account: bought USDT arrives in it and sold USDT leaves it. */
export const COIN: AccountId = ACCOUNTS.change;

const escrowFor = (userId: number) => ({ platform: 'escrow' as const, shard: shardOf(userId) });
const fixed = (d: Decimal) => d.toFixed();

/** The error key of each refusal of `otcProblem`, and the parameter naming its bound. */
const PROBLEM_ERRORS: Record<OtcProblem, { key: string; param: string }> = {
  amountZero: { key: 'errors.otcAmountZero', param: 'amount' },
  belowMin: { key: 'errors.otcBelowMin', param: 'min' },
  aboveMax: { key: 'errors.otcAboveMax', param: 'max' },
  aboveLimit: { key: 'errors.otcAboveLimit', param: 'limit' },
  aboveAvailable: { key: 'errors.otcAboveAvailable', param: 'available' },
};

/** An operator's on/off flag for an advert: 1, true or yes; 0, false or no. */
function enabledFlag(text: string): boolean {
  const value = text.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new AppError('errors.otcAdvertInvalid', { reason: 'enabled: 1 or 0' });
}

/** The error a state change meets when the order is already final. */
const FINAL_ERRORS: Partial<Record<OtcState, string>> = {
  completed: 'errors.otcOrderCompleted',
  cancelled: 'errors.otcOrderCancelled',
  expired: 'errors.otcOrderExpired',
};

export class OtcService {
  private readonly tx: TxRunner;
  private readonly created = new Set<() => void>();

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ledger: Ledger;
      market: MarketSource;
      users: UserRepository;
      notifications: Notifications;
      repo: OtcRepository;
      log: { warn(obj: unknown, msg: string): void };
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  /** Told after a buy order was created on this node (the engine arms its deadline). */
  onOrderCreated(listener: () => void): void {
    this.created.add(listener);
  }

  private usdt(): Currency {
    const usdt = this.deps.market.currencies.find((c) => c.name === 'USDT');
    if (!usdt) throw new Error('otc: USDT is not a currency');
    return usdt;
  }

  // ---- reading -----------------------------------------------------------------------------

  toAdvert(a: AdvertRow): OtcAdvert {
    return {
      id: a.id,
      merchant: a.merchant,
      side: a.side,
      fiat: a.fiat,
      fiat_decimals: FIAT_DECIMALS[a.fiat],
      price: a.price,
      min_fiat: a.min_fiat,
      max_fiat: a.max_fiat,
      available: a.capacity,
      usdt_decimals: this.usdt().decimals,
      payment_methods: a.payment_methods.split(',') as OtcPaymentMethod[],
      enabled: a.enabled,
      completed_orders: a.completed_orders,
    };
  }

  toOrder(o: OrderRow, a: AdvertRow | undefined, now = this.deps.clock.now()): OtcOrder {
    const open = o.state === 'pending_payment' || o.state === 'paid' || o.state === 'pending_release';
    return {
      id: o.id,
      advert_id: o.advert_id,
      merchant: o.merchant,
      side: o.side,
      fiat: o.fiat,
      fiat_decimals: FIAT_DECIMALS[o.fiat],
      price: o.price,
      fiat_amount: o.fiat_amount,
      usdt_amount: o.usdt_amount,
      usdt_decimals: this.usdt().decimals,
      state: o.state,
      payment_methods: (a?.payment_methods.split(',') ?? []) as OtcPaymentMethod[],
      payment_details: a?.payment_details ?? '',
      created_at: o.created_at,
      pay_deadline: o.pay_deadline,
      paid_at: o.paid_at,
      completed_at: o.completed_at,
      cancelled_at: o.cancelled_at,
      cancelled_by: o.cancelled_by,
      appeal_reason: o.appeal_reason,
      appealed_at: o.appealed_at,
      can_mark_paid: o.state === 'pending_payment' && o.pay_deadline !== null && now < o.pay_deadline,
      can_cancel: o.state === 'pending_payment',
      can_appeal: open && o.appealed_at === null && (o.state === 'paid' || o.state === 'pending_release'),
    };
  }

  private async advertMap(q: Queryable = this.deps.db): Promise<Map<number, AdvertRow>> {
    return new Map((await this.deps.repo.adverts({}, q)).map((a) => [a.id, a]));
  }

  /** Enabled adverts of a side (optionally one fiat), best price first. */
  async adverts(side: OtcSide, fiat?: OtcFiat): Promise<OtcAdvert[]> {
    return (await this.deps.repo.adverts({ side, fiat, enabledOnly: true })).map((a) => this.toAdvert(a));
  }

  async advert(id: number): Promise<OtcAdvert> {
    const a = await this.deps.repo.advert(id);
    if (!a || !a.enabled) throw new AppError('errors.otcAdvertUnknown');
    return this.toAdvert(a);
  }

  /** The caller's level and per-trade limit: the one figure every OTC screen states and `create` enforces. */
  async limits(userId: number): Promise<OtcLimits> {
    const user = await this.deps.users.byId(userId);
    const level = Math.min(2, Math.max(0, user?.identity_level ?? 0)) as 0 | 1 | 2;
    const enforced = otcPerTradeLimit(level);
    return { level, per_trade: enforced && fixed(enforced) };
  }

  async orders(userId: number, state: OtcStateFilter, page: { page: number; limit: number }): Promise<Page<OtcOrder>> {
    const [rows, adverts] = await Promise.all([this.deps.repo.page(userId, state, page), this.advertMap()]);
    const now = this.deps.clock.now();
    return { ...rows, data: rows.data.map((o) => this.toOrder(o, adverts.get(o.advert_id), now)) };
  }

  /** One of the caller's orders; someone else's is "no such order" (never leaked). */
  async order(userId: number, id: number): Promise<OtcOrder> {
    const o = await this.deps.repo.order(id);
    if (!o || o.user_id !== userId) throw new AppError('errors.otcOrderUnknown');
    return this.toOrder(o, (await this.deps.repo.advert(o.advert_id)) ?? undefined);
  }

  // ---- the user's calls ----------------------------------------------------------------------

  /** Places an order for `fiat_amount` OR `usdt_amount` on an advert, moving the USDT into escrow. */
  async createOrder(
    userId: number,
    input: { advert_id: number; fiat_amount?: string; usdt_amount?: string },
    run: TxRunner = this.tx,
  ): Promise<OtcOrder> {
    if ((input.fiat_amount === undefined) === (input.usdt_amount === undefined)) throw new AppError('errors.otcAmountOne');
    const known = await this.deps.repo.advert(input.advert_id);
    if (!known || !known.enabled) throw new AppError('errors.otcAdvertUnknown');
    const usdt = this.usdt();
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
        await this.post(q, `otc:${order.id}:reserve`, 'otc_reserve', order.id, [
          { holder: custodyFor(userId), currencyId: usdt.id, available: quote.usdt.neg() },
          { holder: escrowFor(userId), currencyId: usdt.id, available: quote.usdt },
        ]);
      } else {
        // The ledger refuses a balance below zero (errors.insufficientBalance), rolling back the order.
        await this.post(q, `otc:${order.id}:escrow`, 'otc_escrow', order.id, [
          { holder: { userId, account: COIN }, currencyId: usdt.id, available: quote.usdt.neg() },
          { holder: escrowFor(userId), currencyId: usdt.id, available: quote.usdt },
        ]);
      }
      return this.toOrder(order, advert, now);
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
      this.assertOpen(o);
      const now = this.deps.clock.now();
      if (now >= o.pay_deadline!) throw new AppError('errors.otcPayWindowClosed');
      const row = (await this.deps.repo.transition(q, o.id, ['pending_payment'], 'paid', now, { paid: true }))!;
      return this.toOrder(row, (await this.deps.repo.advert(o.advert_id, q)) ?? undefined, now);
    });
  }

  /** The user cancels a buy order not yet marked paid: the merchant's USDT returns, capacity restored. */
  async cancel(userId: number, id: number, run: TxRunner = this.tx): Promise<OtcOrder> {
    return run(async (q) => {
      const o = await this.lockOwn(q, userId, id);
      if (o.side !== 'buy') throw new AppError('errors.otcSellCancel');
      if (o.state === 'paid') throw new AppError('errors.otcPaidCancel');
      this.assertOpen(o);
      const row = await this.endBuy(q, o, 'cancelled', 'user');
      return this.toOrder(row, (await this.deps.repo.advert(o.advert_id, q)) ?? undefined);
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
      this.assertOpen(o);
      if (o.state !== 'paid' && o.state !== 'pending_release') throw new AppError('errors.otcAppealNotYet');
      const row = (await this.deps.repo.markAppealed(q, o.id, reason, this.deps.clock.now()))!;
      return this.toOrder(row, (await this.deps.repo.advert(o.advert_id, q)) ?? undefined);
    });
    this.deps.log.warn({ otcOrder: order.id, userId, reason }, `otc: order ${order.id} appealed; see npm run ops -- otc-orders appealed`);
    return order;
  }

  private async lockOwn(q: Queryable, userId: number, id: number): Promise<OrderRow> {
    const o = await this.deps.repo.lockOrder(q, id);
    if (!o || o.user_id !== userId) throw new AppError('errors.otcOrderUnknown');
    return o;
  }

  private assertOpen(o: OrderRow): void {
    const final = FINAL_ERRORS[o.state];
    if (final) throw new AppError(final);
  }

  // ---- the operator's calls ------------------------------------------------------------------

  async opsAdverts(): Promise<OtcAdvert[]> {
    return (await this.deps.repo.adverts()).map((a) => this.toAdvert(a));
  }

  async opsOrders(state: OtcStateFilter | 'appealed'): Promise<OpsOtcOrder[]> {
    const [rows, adverts] = await Promise.all([this.deps.repo.opsOrders(state), this.advertMap()]);
    const contacts = await this.deps.users.contacts(rows.map((o) => o.user_id));
    const now = this.deps.clock.now();
    return rows.map((o) => ({
      ...this.toOrder(o, adverts.get(o.advert_id), now),
      user_id: o.user_id,
      email: contacts.get(o.user_id)?.email ?? null,
    }));
  }

  /** Creates an advert; refuses a bad field with a plain reason (operator CLI). */
  async createAdvert(input: OtcAdvertInput): Promise<OtcAdvert> {
    const bad = (reason: string) => new AppError('errors.otcAdvertInvalid', { reason });
    const side = input.side.trim().toLowerCase();
    if (!(OTC_SIDES as readonly string[]).includes(side)) throw bad('side: buy or sell (the user’s side)');
    const fiat = input.fiat.trim().toUpperCase();
    if (!(OTC_FIATS as readonly string[]).includes(fiat)) throw bad(`fiat: one of ${OTC_FIATS.join(', ')}`);
    const fiatDecimals = FIAT_DECIMALS[fiat as OtcFiat];
    const positive = (name: string, v: string, decimals: number) => {
      let d: Decimal;
      try {
        d = new Decimal(v.trim());
      } catch {
        throw bad(`${name}: not a number`);
      }
      if (!d.isFinite() || d.lte(0) || d.decimalPlaces() > decimals) throw bad(`${name}: positive, at most ${decimals} decimals`);
      return d;
    };
    const price = positive('price', input.price, 8);
    const min = positive('min', input.min_fiat, fiatDecimals);
    const max = positive('max', input.max_fiat, fiatDecimals);
    if (max.lt(min)) throw bad('max below min');
    const methods = [
      ...new Set(
        input.payment_methods
          .split(',')
          .map((m) => m.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    if (!methods.length || methods.some((m) => !(OTC_PAYMENT_METHODS as readonly string[]).includes(m)))
      throw bad(`payment methods: a comma list of ${OTC_PAYMENT_METHODS.join(', ')}`);
    let capacity: string | null = null;
    if (side === 'buy') {
      if (input.capacity === undefined) throw bad('capacity: the USDT a buy advert offers is required');
      capacity = fixed(positive('capacity', input.capacity, this.usdt().decimals));
    } else if (input.capacity !== undefined) throw bad('capacity: only a buy advert has one');
    const enabled = input.enabled === undefined ? true : enabledFlag(input.enabled);
    const merchant = input.merchant.trim();
    if (!merchant || merchant.length > 60) throw bad('merchant: 1–60 characters');
    const details = (input.details ?? `${merchant} · ${methods.join(' / ')}`).trim();
    const advert: NewAdvert = {
      merchant,
      side: side as OtcSide,
      fiat: fiat as OtcFiat,
      price: fixed(price),
      min_fiat: fixed(min),
      max_fiat: fixed(max),
      payment_methods: methods.join(','),
      payment_details: details,
      capacity,
      enabled,
      created_at: this.deps.clock.now(),
    };
    const id = await this.tx((q) => this.deps.repo.insertAdvert(q, advert));
    return this.toAdvert((await this.deps.repo.advert(id))!);
  }

  /**
   * Takes an advert off the market or puts it back. Orders already open on it run to their end
   * (they hold their own escrow); a disabled advert is not listed and takes no new order.
   */
  async setAdvertEnabled(id: number, enabled: string): Promise<OtcAdvert> {
    const on = enabledFlag(enabled);
    if (!(await this.tx((q) => this.deps.repo.setEnabled(q, id, on)))) throw new AppError('errors.otcAdvertUnknown');
    return this.toAdvert((await this.deps.repo.advert(id))!);
  }

  /** A paid buy order: the merchant received the fiat; the USDT leaves escrow for the user's coin account. */
  async release(id: number): Promise<OpsOtcOrder> {
    return this.operate(id, async (q, o) => {
      if (o.side !== 'buy') throw new AppError('errors.otcNotBuy');
      this.assertOpen(o);
      if (o.state !== 'paid') throw new AppError('errors.otcNotPaid');
      const usdt = this.usdt();
      const amount = new Decimal(o.usdt_amount);
      await this.post(q, `otc:${o.id}:release`, 'otc_release', o.id, [
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
      this.assertOpen(o);
      const usdt = this.usdt();
      const amount = new Decimal(o.usdt_amount);
      await this.post(q, `otc:${o.id}:settle`, 'otc_settle', o.id, [
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
      this.assertOpen(o);
      let row: OrderRow;
      if (o.side === 'buy') row = await this.endBuy(q, o, 'cancelled', 'operator');
      else {
        const usdt = this.usdt();
        const amount = new Decimal(o.usdt_amount);
        await this.post(q, `otc:${o.id}:refund`, 'otc_refund', o.id, [
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
      ...this.toOrder(row, (await this.deps.repo.advert(row.advert_id)) ?? undefined),
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
      await this.endBuy(q, o, 'expired', 'timeout');
      await this.deps.notifications.create(q, o.user_id, 'otcExpired', { id: o.id, amount: o.usdt_amount, currency: 'USDT' });
      return true;
    });
  }

  /** Ends an open buy order without a sale: the reserved USDT back to custody, the advert's capacity restored. */
  private async endBuy(q: Queryable, o: OrderRow, to: 'cancelled' | 'expired', by: 'user' | 'operator' | 'timeout'): Promise<OrderRow> {
    const usdt = this.usdt();
    const amount = new Decimal(o.usdt_amount);
    await this.deps.repo.lockAdvert(q, o.advert_id);
    await this.deps.repo.addCapacity(q, o.advert_id, o.usdt_amount);
    await this.post(q, `otc:${o.id}:return`, 'otc_return', o.id, [
      { holder: escrowFor(o.user_id), currencyId: usdt.id, available: amount.neg() },
      { holder: custodyFor(o.user_id), currencyId: usdt.id, available: amount },
    ]);
    return (await this.deps.repo.transition(q, o.id, ['pending_payment', 'paid'], to, this.deps.clock.now(), { cancelledBy: by }))!;
  }

  private async post(
    q: Queryable,
    key: string,
    kind: LedgerKind,
    orderId: number,
    legs: Parameters<Ledger['post']>[1]['legs'],
  ): Promise<void> {
    await this.deps.ledger.postOnce(q, { key, kind, ref: { type: 'otc', id: orderId }, legs });
  }
}
