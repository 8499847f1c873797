/**
 * Dual investment, "invest" (docs/FINANCE.md): issuing the day's products,
 * buying shares, settling a position at maturity. Every number comes from the domain formulas
 * (domain/invest/formulas.ts) and every movement goes through the ledger in the user's coin
 * account (`change`):
 *
 * - a purchase moves num × share price (in the invest coin: the base coin for a call, USDT for a
 *   put) from available to frozen (`dual:<id>:buy`);
 * - the settlement (`dual:<id>:settle`, once) takes the frozen principal into the platform
 *   treasury and pays dualPayout(terms, the recorded price at maturity) from the treasury into
 *   available; a position with no recorded price at its maturity fails instead and the
 *   principal returns to available, with the reason.
 *
 * The ledger's keys make each happen once, and the status moves from purchased/settling to
 * success/fail in the same transaction, under the order's lock: the engine, a second node and a
 * restarted server can all try, one pays. Locks: the user's row, then the product or the order,
 * then balances.
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import { ACCOUNTS, type AccountId } from '../../domain/funds/formulas';
import { dualInvestedCoin, dualPayout } from '../../domain/invest/formulas';
import type { DualOrder, DualOrderStatus, DualProduct, DualProductStatus, DualType } from '../../domain/invest/types';
import type { Currency } from '../../domain/market/types';
import { DAY_MS } from '../../domain/time';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { AppError } from '../http/AppError';
import type { Balances } from '../ledger/Balances';
import type { Ledger } from '../ledger/Ledger';
import { txRunner, type AfterCommit, type TxRunner } from '../ledger/tx';
import type { UserRepository } from '../users/UserRepository';
import type { DualRepository, OrderRow, ProductRow } from './DualRepository';
import { DUAL_COINS, DUAL_QUOTE, issueSet, saleEndsAt } from './issue';
import type { LedgerKind } from '../../domain/funds/ledgerKinds';

/** The coin account: dual shares are paid from it, and their principal is locked (frozen) there. */
export const COIN: AccountId = ACCOUNTS.change;

/** Why a settlement failed: an i18n key under `invest:`. */
export const FAIL_NO_PRICE = 'fail.noPrice';

/** How long after maturity a settlement waits for the market record of that minute before it fails (refunds). */
export const NO_PRICE_GRACE_MS = 30 * 60_000;

export type DualListener = (row: OrderRow) => void;

export interface RecordedPrice {
  price: string;
  ts: number;
}

const fixed = (d: Decimal) => d.toFixed();

export class DualService {
  private readonly listeners = new Set<DualListener>();
  /**
   * The (coin, sale end) sets seen issued: products are never deleted, so the engine's round asks
   * the database about a set only until it has seen it (a handful a day; forgotten past 64).
   */
  private readonly issued = new Set<string>();
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ledger: Ledger;
      balances: Balances;
      currencies: readonly Currency[];
      /** The market's last price of a pair (the issue's reference), or undefined. */
      lastPrice: (symbol: string) => string | undefined;
      /** The recorded price of a pair at a moment (the open of its one-minute bar), or null. */
      priceAt: (symbol: string, ts: number) => Promise<RecordedPrice | null>;
      users: UserRepository;
      repo: DualRepository;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  /** Told of each order after the commit that changed it (bought, settled). */
  onChange(listener: DualListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private currency(id: number): Currency {
    const currency = this.deps.currencies.find((c) => c.id === id);
    if (!currency) throw new Error(`dual: unknown currency ${id}`);
    return currency;
  }

  private byName(name: string): Currency | undefined {
    return this.deps.currencies.find((c) => c.name === name);
  }

  symbolOf(row: Pick<ProductRow, 'currency_id' | 'quote_id'>): string {
    return `${this.currency(row.currency_id).name}/${this.currency(row.quote_id).name}`;
  }

  // ---- issuing -------------------------------------------------------------------------------

  /**
   * Issues today's set for each coin whose set is missing (idempotent: the unique keys of
   * `dual_products`); a coin with no market price yet waits for the next call. Answers how many
   * products it added.
   */
  async issue(): Promise<number> {
    const now = this.deps.clock.now();
    const ends = saleEndsAt(now);
    const quote = this.byName(DUAL_QUOTE);
    if (!quote) return 0;
    let added = 0;
    for (const coin of DUAL_COINS) {
      const base = this.byName(coin);
      if (!base) continue;
      const set = `${base.id}:${ends}`;
      if (this.issued.has(set)) continue;
      if ((await this.deps.repo.countIssued(base.id, ends)) > 0) {
        if (this.issued.size >= 64) this.issued.clear();
        this.issued.add(set);
        continue;
      }
      const price = this.deps.lastPrice(`${coin}/${DUAL_QUOTE}`);
      if (!price || !new Decimal(price).gt(0)) continue;
      await this.deps.db.tx(async (q) => {
        for (const p of issueSet(coin, price, now))
          if (await this.deps.repo.insertProduct(q, { ...p, currency_id: base.id, quote_id: quote.id, created_at: now })) added++;
      });
    }
    return added;
  }

  // ---- reading -------------------------------------------------------------------------------

  /** One coin's products of one type: on sale first, then nearest maturity first. */
  async products(currencyId: number, type: DualType): Promise<DualProduct[]> {
    const now = this.deps.clock.now();
    const rows = await this.deps.repo.products(currencyId, type, now - DAY_MS);
    const rank = (s: DualProductStatus) => (s === 'open' ? 0 : s === 'sold_out' ? 1 : 2);
    return rows
      .map((p) => this.toProduct(p))
      .sort(
        (a, b) =>
          rank(a.status) - rank(b.status) ||
          a.maturity_at - b.maturity_at ||
          new Decimal(a.linked_price).cmp(b.linked_price) * (type === 'call' ? 1 : -1),
      );
  }

  async product(id: number): Promise<DualProduct> {
    const row = await this.deps.repo.product(id);
    if (!row) throw new AppError('errors.dualProductUnknown');
    return this.toProduct(row);
  }

  toProduct(p: ProductRow): DualProduct {
    const base = this.currency(p.currency_id);
    const quote = this.currency(p.quote_id);
    const invest = dualInvestedCoin(p.type) === 'base' ? base : quote;
    const remaining = p.total_shares - p.sold_shares;
    const status: DualProductStatus = this.deps.clock.now() >= p.sale_ends_at ? 'closed' : remaining <= 0 ? 'sold_out' : 'open';
    return {
      id: p.id,
      type: p.type,
      symbol: `${base.name}/${quote.name}`,
      currency_id: base.id,
      currency: base.name,
      currency_decimals: base.decimals,
      quote_id: quote.id,
      quote: quote.name,
      quote_decimals: quote.decimals,
      invest_currency_id: invest.id,
      invest_currency: invest.name,
      invest_decimals: invest.decimals,
      share_price: p.share_price,
      apr: p.apr,
      linked_price: p.linked_price,
      days: p.days,
      sale_ends_at: p.sale_ends_at,
      maturity_at: p.maturity_at,
      total_shares: p.total_shares,
      sold_shares: p.sold_shares,
      remaining_shares: remaining,
      progress: fixed(new Decimal(p.sold_shares).div(p.total_shares).toDecimalPlaces(4, Decimal.ROUND_DOWN)),
      status,
    };
  }

  async orders(userId: number, status: DualOrderStatus | undefined, page: { page: number; limit: number }): Promise<Page<DualOrder>> {
    const rows = await this.deps.repo.page(userId, status, this.deps.clock.now(), page);
    return { ...rows, data: rows.data.map((r) => this.toOrder(r)) };
  }

  /** The wire form: a position past its maturity and not settled yet shows as settling. */
  toOrder(row: OrderRow): DualOrder {
    const base = this.currency(row.currency_id);
    const quote = this.currency(row.quote_id);
    const invest = this.currency(row.invest_currency_id);
    const payout = row.payout_currency_id === null ? null : this.currency(row.payout_currency_id);
    const status: DualOrderStatus = row.status === 'purchased' && this.deps.clock.now() >= row.maturity_at ? 'settling' : row.status;
    return {
      id: row.id,
      product_id: row.product_id,
      type: row.type,
      symbol: `${base.name}/${quote.name}`,
      currency: base.name,
      quote: quote.name,
      invest_currency_id: invest.id,
      invest_currency: invest.name,
      invest_decimals: invest.decimals,
      num: row.num,
      amount: row.amount,
      share_price: row.share_price,
      apr: row.apr,
      linked_price: row.linked_price,
      days: row.days,
      maturity_at: row.maturity_at,
      status,
      settle_price: row.settle_price,
      settle_price_at: row.settle_price_at,
      payout_currency_id: payout?.id ?? null,
      payout_currency: payout?.name ?? null,
      payout_amount: row.payout_amount,
      fail_reason: row.fail_reason,
      created_at: row.created_at,
      settled_at: row.settled_at,
    };
  }

  // ---- the user's call -----------------------------------------------------------------------

  /** Buys `num` whole shares of product `id`, paid from the coin account, where the principal stays frozen. */
  async buy(userId: number, input: { id: number; num: number }, run: TxRunner = this.tx): Promise<DualOrder> {
    if (!(await this.deps.repo.product(input.id))) throw new AppError('errors.dualProductUnknown');
    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const product = (await this.deps.repo.lockProduct(q, input.id))!;
      const now = this.deps.clock.now();
      if (now >= product.sale_ends_at) throw new AppError('errors.dualClosed');
      const left = product.total_shares - product.sold_shares;
      if (left <= 0) throw new AppError('errors.dualSoldOut');
      if (input.num > left) throw new AppError('errors.dualShares', { left });
      const investId = dualInvestedCoin(product.type) === 'base' ? product.currency_id : product.quote_id;
      const amount = new Decimal(product.share_price).mul(input.num);
      const balance = await this.deps.balances.one(userId, COIN, investId, q);
      if (new Decimal(balance?.available ?? 0).lt(amount)) throw new AppError('errors.insufficientBalance');

      const order = await this.deps.repo.insertOrder(q, {
        user_id: userId,
        product_id: product.id,
        type: product.type,
        currency_id: product.currency_id,
        quote_id: product.quote_id,
        invest_currency_id: investId,
        num: input.num,
        share_price: product.share_price,
        amount: fixed(amount),
        apr: product.apr,
        linked_price: product.linked_price,
        days: product.days,
        maturity_at: product.maturity_at,
        created_at: now,
      });
      await this.deps.repo.addSold(q, product.id, input.num);
      await this.post(q, `dual:${order.id}:buy`, 'dual_buy', order, [
        { holder: { userId, account: COIN }, currencyId: investId, available: amount.neg(), frozen: amount },
      ]);
      this.announce(afterCommit, order);
      return this.toOrder(order);
    });
  }

  // ---- the engine's effect -------------------------------------------------------------------

  /**
   * Settles a matured order once, from the recorded price of its pair at its maturity: pays
   * dualPayout in one transaction under its lock. With no recorded price yet it waits (null)
   * until NO_PRICE_GRACE_MS after maturity, then fails with the principal refunded. Answers the
   * order as it now stands, or null when there was nothing to do.
   */
  async settle(orderId: number): Promise<OrderRow | null> {
    const owner = await this.deps.repo.order(orderId);
    const now = this.deps.clock.now();
    if (!owner || (owner.status !== 'purchased' && owner.status !== 'settling') || now < owner.maturity_at) return null;
    const recorded = await this.deps.priceAt(this.symbolOf(owner), owner.maturity_at);
    if (!recorded && now < owner.maturity_at + NO_PRICE_GRACE_MS) return null;
    return this.tx(async (q, afterCommit) => {
      await this.deps.users.lockById(owner.user_id, q);
      const row = await this.deps.repo.lockOrder(q, orderId);
      if (!row || (row.status !== 'purchased' && row.status !== 'settling')) return null;
      const amount = new Decimal(row.amount);
      const user = { userId: row.user_id, account: COIN };
      let settled: OrderRow;
      if (!recorded) {
        await this.post(q, `dual:${row.id}:settle`, 'dual_settle', row, [
          { holder: user, currencyId: row.invest_currency_id, frozen: amount.neg(), available: amount },
        ]);
        settled = await this.deps.repo.settle(q, row.id, { status: 'fail', fail_reason: FAIL_NO_PRICE, now });
      } else {
        const payout = this.payoutOf(row, recorded.price);
        const payoutId = payout.coin === 'base' ? row.currency_id : row.quote_id;
        await this.post(q, `dual:${row.id}:settle`, 'dual_settle', row, [
          { holder: user, currencyId: row.invest_currency_id, frozen: amount.neg() },
          { holder: { platform: 'treasury' }, currencyId: row.invest_currency_id, available: amount },
          { holder: { platform: 'treasury' }, currencyId: payoutId, available: payout.amount.neg() },
          { holder: user, currencyId: payoutId, available: payout.amount },
        ]);
        settled = await this.deps.repo.settle(q, row.id, {
          status: 'success',
          settle_price: new Decimal(recorded.price).toFixed(),
          settle_price_at: recorded.ts,
          payout_currency_id: payoutId,
          payout_amount: fixed(payout.amount),
          now,
        });
      }
      this.announce(afterCommit, settled);
      return settled;
    });
  }

  /** What an order pays settled at `price` (domain/invest/formulas.ts, as the page and the audit compute it). */
  payoutOf(row: Pick<OrderRow, 'type' | 'amount' | 'linked_price' | 'days' | 'apr' | 'currency_id' | 'quote_id'>, price: string) {
    return dualPayout(row.type, row.amount, row.linked_price, price, row.days, row.apr, {
      base: this.currency(row.currency_id).decimals,
      quote: this.currency(row.quote_id).decimals,
    });
  }

  /** Posts one operation of an order; the order was locked in the state that makes it due, so a second post is a bug. */
  private async post(
    q: Queryable,
    key: string,
    kind: LedgerKind,
    row: OrderRow,
    legs: Parameters<Ledger['post']>[1]['legs'],
  ): Promise<void> {
    await this.deps.ledger.postOnce(q, { key, kind, ref: { type: 'dual', id: row.id }, legs });
  }

  private announce(afterCommit: AfterCommit, row: OrderRow): void {
    afterCommit(() => {
      for (const listener of this.listeners) listener(row);
    });
  }
}
