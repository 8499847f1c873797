/**
 * Lockming (docs/FINANCE.md): buying a product, paying its daily yields, redeeming it
 * at expiry or early. Every amount comes from the domain formulas (domain/lockming/formulas.ts)
 * and every movement goes through the ledger in the user's coin account (`change`):
 *
 * - a purchase moves the amount from available to frozen (`lockming:<id>:buy`);
 * - yield n (n = 1 … cycle) is due at the n-th UTC midnight after the purchase day and moves one
 *   day's yield from the platform treasury to available (`lockming:<id>:yield:<n>`);
 * - the last yield's transaction also returns the principal, frozen → available
 *   (`lockming:<id>:redeem`); an early redemption returns it less the penalty, which goes to the
 *   treasury, under the same key: an order is redeemed once.
 *
 * The ledger's keys make each payment happen once, and `days_paid` moves from n − 1 to n in the
 * same transaction, under the order's lock: the engine, a second node and a restarted server
 * can all try, one pays. Locks: the user's row, then the product or the order, then balances.
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import { ACCOUNTS, type AccountId } from '../../domain/funds/formulas';
import { dailyYield, earlyPenalty, startDay, yieldDueAt, yieldsDue } from '../../domain/lockming/formulas';
import type {
  LockmingCategory,
  LockmingOrder,
  LockmingOrderStatus,
  LockmingProduct,
  LockmingProductStatus,
} from '../../domain/lockming/types';
import type { Currency } from '../../domain/market/types';
import { DAY_MS } from '../../domain/time';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { readAmount } from '../funds/amounts';
import { AppError } from '../http/AppError';
import type { Balances } from '../ledger/Balances';
import type { Ledger } from '../ledger/Ledger';
import { txRunner, type AfterCommit, type TxRunner } from '../ledger/tx';
import type { UserRepository } from '../users/UserRepository';
import type { LockmingRepository, OrderRow, ProductRow } from './LockmingRepository';
import type { LedgerKind } from '../../domain/funds/ledgerKinds';

/** The coin account: lockming is paid from it, and its principal is locked (frozen) there. */
export const COIN: AccountId = ACCOUNTS.change;

export type LockmingListener = (row: OrderRow) => void;

const fixed = (d: Decimal) => d.toFixed();

export class LockmingService {
  private readonly listeners = new Set<LockmingListener>();
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ledger: Ledger;
      balances: Balances;
      currencies: readonly Currency[];
      users: UserRepository;
      repo: LockmingRepository;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  /** Told of each order after the commit that changed it (bought, paid, redeemed). */
  onChange(listener: LockmingListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private currency(id: number): Currency {
    const currency = this.deps.currencies.find((c) => c.id === id);
    if (!currency) throw new Error(`lockming: unknown currency ${id}`);
    return currency;
  }

  // ---- reading -----------------------------------------------------------------------------

  /** The products (on sale first), with what `userId` may still buy of each when signed in. */
  async products(userId: number | null, category?: LockmingCategory): Promise<LockmingProduct[]> {
    const rows = await this.deps.repo.products(category);
    const held = userId === null ? null : await this.deps.repo.holdings(userId);
    const list = rows.map((p) => this.toProduct(p, held));
    const rank = (s: LockmingProductStatus) => (s === 'open' ? 0 : s === 'sold_out' ? 1 : 2);
    return list.sort((a, b) => rank(a.status) - rank(b.status));
  }

  toProduct(p: ProductRow, held: Map<number, string> | null): LockmingProduct {
    const currency = this.currency(p.currency_id);
    const left = new Decimal(p.quota).minus(p.sold);
    const status: LockmingProductStatus = !p.on_sale ? 'closed' : left.lt(p.min_amount) ? 'sold_out' : 'open';
    const remaining = held === null ? null : Decimal.max(0, Decimal.min(new Decimal(p.user_limit).minus(held.get(p.id) ?? 0), left));
    return {
      id: p.id,
      category: p.category,
      currency_id: p.currency_id,
      currency: currency.name,
      decimals: currency.decimals,
      cycle_days: p.cycle_days,
      daily_rate: p.daily_rate,
      min_amount: p.min_amount,
      user_limit: p.user_limit,
      user_remaining: remaining === null ? null : fixed(remaining),
      quota: p.quota,
      sold: p.sold,
      left: fixed(left),
      penalty_rate: p.penalty_rate,
      status,
    };
  }

  async orders(
    userId: number,
    status: LockmingOrderStatus | undefined,
    page: { page: number; limit: number },
  ): Promise<Page<LockmingOrder>> {
    const [rows, products] = await Promise.all([this.deps.repo.page(userId, status, page), this.deps.repo.products()]);
    const byId = new Map(products.map((p) => [p.id, p]));
    return { ...rows, data: rows.data.map((r) => this.toOrder(r, byId.get(r.product_id)!)) };
  }

  /** The wire form, with what an early redemption now would keep and return. */
  toOrder(row: OrderRow, product: Pick<ProductRow, 'category'>): LockmingOrder {
    const currency = this.currency(row.currency_id);
    const holding = row.status === 'holding';
    // A redemption first pays the yields due by now: the days left are counted from them.
    const daysLeft = holding ? row.cycle_days - yieldsDue(row.start_day, row.cycle_days, this.deps.clock.now()) : 0;
    const penalty = holding ? earlyPenalty(row.amount, row.penalty_rate, daysLeft, currency.decimals) : null;
    return {
      id: row.id,
      product_id: row.product_id,
      category: product.category,
      currency_id: row.currency_id,
      currency: currency.name,
      decimals: currency.decimals,
      amount: row.amount,
      daily_rate: row.daily_rate,
      cycle_days: row.cycle_days,
      penalty_rate: row.penalty_rate,
      daily_yield: row.daily_yield,
      total_yield: fixed(new Decimal(row.daily_yield).mul(row.cycle_days)),
      days_paid: row.days_paid,
      yield_paid: row.yield_paid,
      status: row.status,
      redemption: row.redemption,
      penalty: row.penalty,
      returned: row.returned,
      created_at: row.created_at,
      next_yield_at: holding ? yieldDueAt(row.start_day, row.days_paid + 1) : null,
      expires_at: row.expires_at,
      redeemed_at: row.redeemed_at,
      days_left: daysLeft,
      redeem_penalty: penalty === null ? null : fixed(penalty),
      redeem_returns: penalty === null ? null : fixed(new Decimal(row.amount).minus(penalty)),
    };
  }

  // ---- the user's calls ----------------------------------------------------------------------

  /** Buys `amount` of product `productId`, paid from the coin account, where the principal stays frozen. */
  async buy(userId: number, input: { config_id: number; amount: string }, run: TxRunner = this.tx): Promise<LockmingOrder> {
    const known = (await this.deps.repo.products()).find((p) => p.id === input.config_id);
    if (!known) throw new AppError('errors.lockmingProductUnknown');
    const currency = this.currency(known.currency_id);
    // The shared amount rule (positive, the coin's decimals, the per-request maximum), then the product's minimum.
    const amount = readAmount(input.amount, currency);
    if (amount.lt(known.min_amount)) throw new AppError('errors.lockmingMin', { min: known.min_amount, currency: currency.name });

    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const product = (await this.deps.repo.lockProduct(q, known.id))!;
      const left = new Decimal(product.quota).minus(product.sold);
      if (!product.on_sale) throw new AppError('errors.lockmingClosed');
      if (left.lt(product.min_amount)) throw new AppError('errors.lockmingSoldOut');
      if (amount.gt(left)) throw new AppError('errors.lockmingQuota', { left: fixed(left), currency: currency.name });
      const held = (await this.deps.repo.holdings(userId, q)).get(product.id) ?? '0';
      const room = new Decimal(product.user_limit).minus(held);
      if (amount.gt(room)) throw new AppError('errors.lockmingUserLimit', { max: fixed(Decimal.max(room, 0)), currency: currency.name });
      const balance = await this.deps.balances.one(userId, COIN, currency.id, q);
      if (new Decimal(balance?.available ?? 0).lt(amount)) throw new AppError('errors.insufficientBalance');

      const now = this.deps.clock.now();
      const day = startDay(now);
      const order = await this.deps.repo.insertOrder(q, {
        user_id: userId,
        product_id: product.id,
        currency_id: currency.id,
        amount: fixed(amount),
        daily_rate: product.daily_rate,
        cycle_days: product.cycle_days,
        penalty_rate: product.penalty_rate,
        daily_yield: fixed(dailyYield(amount, product.daily_rate, currency.decimals)),
        start_day: day,
        expires_at: day + product.cycle_days * DAY_MS,
        created_at: now,
      });
      await this.deps.repo.addSold(q, product.id, fixed(amount));
      await this.post(q, `lockming:${order.id}:buy`, 'lockming_buy', order, [
        { holder: { userId, account: COIN }, currencyId: currency.id, available: amount.neg(), frozen: amount },
      ]);
      this.announce(afterCommit, order);
      return this.toOrder(order, product);
    });
  }

  /**
   * Redeems an order in progress early: the yields due by now are paid first, then the
   * principal returns less penalty rate × days left × amount (never more than the amount); the
   * penalty goes to the treasury. An order whose last day has come is redeemed at expiry instead.
   */
  async redeemEarly(userId: number, orderId: number, run: TxRunner = this.tx): Promise<LockmingOrder> {
    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const locked = await this.deps.repo.lockOrder(q, orderId);
      if (!locked || locked.user_id !== userId) throw new AppError('errors.lockmingOrderNotFound');
      if (locked.status !== 'holding') throw new AppError('errors.lockmingRedeemed');
      let row = await this.payDue(q, locked);
      if (row.status === 'holding') {
        const currency = this.currency(row.currency_id);
        const daysLeft = row.cycle_days - row.days_paid;
        const penalty = earlyPenalty(row.amount, row.penalty_rate, daysLeft, currency.decimals);
        const amount = new Decimal(row.amount);
        const returned = amount.minus(penalty);
        await this.post(q, `lockming:${row.id}:redeem`, 'lockming_redeem', row, [
          { holder: { userId, account: COIN }, currencyId: row.currency_id, frozen: amount.neg(), available: returned },
          { holder: { platform: 'treasury' }, currencyId: row.currency_id, available: penalty },
        ]);
        row = await this.deps.repo.redeem(q, row.id, {
          redemption: 'early',
          penalty: fixed(penalty),
          returned: fixed(returned),
          now: this.deps.clock.now(),
        });
      }
      this.announce(afterCommit, row);
      return this.toOrder(row, await this.productOf(q, row));
    });
  }

  // ---- the engine's effect -------------------------------------------------------------------

  /**
   * Pays an order the yields due by now (and the principal, on its last day), in one transaction
   * under its lock. Answers the order as it now stands, or null when it is no longer in progress.
   */
  async accrue(orderId: number): Promise<OrderRow | null> {
    const owner = await this.deps.repo.order(orderId);
    if (!owner || owner.status !== 'holding') return null;
    return this.tx(async (q, afterCommit) => {
      await this.deps.users.lockById(owner.user_id, q);
      const locked = await this.deps.repo.lockOrder(q, orderId);
      if (!locked || locked.status !== 'holding') return null;
      const row = await this.payDue(q, locked);
      if (row !== locked) this.announce(afterCommit, row);
      return row;
    });
  }

  /** Inside the order's lock: the yields due by now, each once, and the principal on the last day. */
  private async payDue(q: Queryable, row: OrderRow): Promise<OrderRow> {
    const due = yieldsDue(row.start_day, row.cycle_days, this.deps.clock.now());
    if (due <= row.days_paid) return row;
    const daily = new Decimal(row.daily_yield);
    if (daily.gt(0))
      for (let n = row.days_paid + 1; n <= due; n++)
        await this.post(q, `lockming:${row.id}:yield:${n}`, 'lockming_yield', row, [
          { holder: { platform: 'treasury' }, currencyId: row.currency_id, available: daily.neg() },
          { holder: { userId: row.user_id, account: COIN }, currencyId: row.currency_id, available: daily },
        ]);
    const now = this.deps.clock.now();
    let next = await this.deps.repo.recordYields(q, row.id, due, fixed(daily.mul(due)), now);
    if (due === row.cycle_days) {
      const amount = new Decimal(row.amount);
      await this.post(q, `lockming:${row.id}:redeem`, 'lockming_redeem', row, [
        { holder: { userId: row.user_id, account: COIN }, currencyId: row.currency_id, frozen: amount.neg(), available: amount },
      ]);
      next = await this.deps.repo.redeem(q, row.id, { redemption: 'expiry', penalty: '0', returned: fixed(amount), now });
    }
    return next;
  }

  /** The order's product, read through `q` (inside a transaction, the only connection PGlite has). */
  private async productOf(q: Queryable, row: OrderRow): Promise<ProductRow> {
    return (await this.deps.repo.products(undefined, q)).find((p) => p.id === row.product_id)!;
  }

  /** Posts one operation of an order; the order was locked in the state that makes it due, so a second post is a bug. */
  private async post(
    q: Queryable,
    key: string,
    kind: LedgerKind,
    row: OrderRow,
    legs: Parameters<Ledger['post']>[1]['legs'],
  ): Promise<void> {
    await this.deps.ledger.postOnce(q, { key, kind, ref: { type: 'lockming', id: row.id }, legs });
  }

  private announce(afterCommit: AfterCommit, row: OrderRow): void {
    afterCommit(() => {
      for (const listener of this.listeners) listener(row);
    });
  }
}
