/**
 * The one owner of `dual_products` and `dual_orders` (migration 012): every SQL string naming
 * them lives here. Amounts are written as decimal strings computed by the domain formulas
 * (domain/invest/formulas.ts) and read back through checked row readers (server/db/rows.ts) as
 * normalised decimal strings.
 */
import type { Page } from '../../domain/api/envelope';
import type { DualOrderStatus, DualType } from '../../domain/invest/types';
import { onlyRows } from '../audit/scope';
import type { Queryable, SqlValue } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';

const PRODUCT_COLUMNS = `id, type, currency_id, quote_id, tier, share_price, apr,
  linked_price, issue_price, days, total_shares, sold_shares, sale_ends_at, maturity_at, created_at`;

const ORDER_COLUMNS = `id, user_id, product_id, type, currency_id, quote_id, invest_currency_id, num, share_price,
  amount, apr, linked_price, days, maturity_at, status,
  settle_price, settle_price_at, payout_currency_id, payout_amount, fail_reason,
  created_at, settled_at, updated_at`;

export interface ProductRow {
  id: number;
  type: DualType;
  currency_id: number;
  quote_id: number;
  tier: number;
  share_price: string;
  apr: string;
  linked_price: string;
  issue_price: string;
  days: number;
  total_shares: number;
  sold_shares: number;
  sale_ends_at: number;
  maturity_at: number;
  created_at: number;
}

export interface OrderRow {
  id: number;
  user_id: number;
  product_id: number;
  type: DualType;
  currency_id: number;
  quote_id: number;
  invest_currency_id: number;
  num: number;
  share_price: string;
  amount: string;
  apr: string;
  linked_price: string;
  days: number;
  maturity_at: number;
  status: DualOrderStatus;
  settle_price: string | null;
  settle_price_at: number | null;
  payout_currency_id: number | null;
  payout_amount: string | null;
  fail_reason: string | null;
  created_at: number;
  settled_at: number | null;
  updated_at: number;
}

export type NewProduct = Omit<ProductRow, 'id' | 'sold_shares'>;
export type NewOrder = Omit<
  OrderRow,
  | 'id'
  | 'status'
  | 'settle_price'
  | 'settle_price_at'
  | 'payout_currency_id'
  | 'payout_amount'
  | 'fail_reason'
  | 'settled_at'
  | 'updated_at'
>;

const productRows = rowReader<ProductRow>('dual_products', {
  id: 'int',
  type: 'text',
  currency_id: 'int',
  quote_id: 'int',
  tier: 'int',
  share_price: 'decimal',
  apr: 'decimal',
  linked_price: 'decimal',
  issue_price: 'decimal',
  days: 'int',
  total_shares: 'int',
  sold_shares: 'int',
  sale_ends_at: 'int',
  maturity_at: 'int',
  created_at: 'int',
});

const orderRows = rowReader<OrderRow>('dual_orders', {
  id: 'int',
  user_id: 'int',
  product_id: 'int',
  type: 'text',
  currency_id: 'int',
  quote_id: 'int',
  invest_currency_id: 'int',
  num: 'int',
  share_price: 'decimal',
  amount: 'decimal',
  apr: 'decimal',
  linked_price: 'decimal',
  days: 'int',
  maturity_at: 'int',
  status: 'text',
  settle_price: 'decimal?',
  settle_price_at: 'int?',
  payout_currency_id: 'int?',
  payout_amount: 'decimal?',
  fail_reason: 'text?',
  created_at: 'int',
  settled_at: 'int?',
  updated_at: 'int',
});

export class DualRepository {
  constructor(private readonly db: Queryable) {}

  // ---- products ------------------------------------------------------------------------------

  /** One coin's products of one type, the latest issue first (a few days' issues: the list stays short). */
  async products(currencyId: number, type: DualType, since: number, q: Queryable = this.db): Promise<ProductRow[]> {
    return productRows.all(
      q,
      `SELECT ${PRODUCT_COLUMNS} FROM dual_products WHERE currency_id = $1 AND type = $2 AND sale_ends_at > $3
       ORDER BY sale_ends_at DESC, days, tier, id`,
      [currencyId, type, since],
    );
  }

  async product(id: number, q: Queryable = this.db): Promise<ProductRow | null> {
    const row = await productRows.one(q, `SELECT ${PRODUCT_COLUMNS} FROM dual_products WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** Inserts a product unless one with its key exists (the daily issue is idempotent); answers whether it did. */
  async insertProduct(q: Queryable, p: NewProduct): Promise<boolean> {
    const rows = await q.query<{ id: number }>(
      `INSERT INTO dual_products (type, currency_id, quote_id, tier, share_price, apr, linked_price, issue_price, days, total_shares,
         sale_ends_at, maturity_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING RETURNING id`,
      [
        p.type,
        p.currency_id,
        p.quote_id,
        p.tier,
        p.share_price,
        p.apr,
        p.linked_price,
        p.issue_price,
        p.days,
        p.total_shares,
        p.sale_ends_at,
        p.maturity_at,
        p.created_at,
      ],
    );
    return rows.length > 0;
  }

  /** How many products of a coin close their sale at `saleEndsAt` (has that day's issue been made?). */
  async countIssued(currencyId: number, saleEndsAt: number, q: Queryable = this.db): Promise<number> {
    const [row] = await q.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM dual_products WHERE currency_id = $1 AND sale_ends_at = $2',
      [currencyId, saleEndsAt],
    );
    return row?.n ?? 0;
  }

  /** Locks a product for a purchase (the shares check and the `sold_shares` update in one transaction). */
  async lockProduct(q: Queryable, id: number): Promise<ProductRow | null> {
    const row = await productRows.one(q, `SELECT ${PRODUCT_COLUMNS} FROM dual_products WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async addSold(q: Queryable, id: number, shares: number): Promise<void> {
    await q.query('UPDATE dual_products SET sold_shares = sold_shares + $2 WHERE id = $1', [id, shares]);
  }

  /** The earliest maturity after `now` of a product with something to settle, or of any product (the engine's next wake-up). */
  async nextMaturity(now: number): Promise<number | null> {
    const [row] = await this.db.query<{ at: number | null }>(
      `SELECT MIN(maturity_at) AS at FROM dual_orders WHERE status IN ('purchased', 'settling') AND maturity_at > $1`,
      [now],
    );
    return row?.at ?? null;
  }

  // ---- orders --------------------------------------------------------------------------------

  async insertOrder(q: Queryable, o: NewOrder): Promise<OrderRow> {
    const row = await orderRows.one(
      q,
      `INSERT INTO dual_orders (user_id, product_id, type, currency_id, quote_id, invest_currency_id, num, share_price, amount, apr,
         linked_price, days, maturity_at, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'purchased', $14, $14)
       RETURNING ${ORDER_COLUMNS}`,
      [
        o.user_id,
        o.product_id,
        o.type,
        o.currency_id,
        o.quote_id,
        o.invest_currency_id,
        o.num,
        o.share_price,
        o.amount,
        o.apr,
        o.linked_price,
        o.days,
        o.maturity_at,
        o.created_at,
      ],
    );
    return row!;
  }

  async order(id: number, q: Queryable = this.db): Promise<OrderRow | null> {
    const row = await orderRows.one(q, `SELECT ${ORDER_COLUMNS} FROM dual_orders WHERE id = $1`, [id]);
    return row ?? null;
  }

  async lockOrder(q: Queryable, id: number): Promise<OrderRow | null> {
    const row = await orderRows.one(q, `SELECT ${ORDER_COLUMNS} FROM dual_orders WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  /**
   * A user's positions, newest first. `purchased` and `settling` are asked by what the user sees:
   * a position past its maturity and not yet settled is settling, whatever the row says.
   */
  async page(
    userId: number,
    status: DualOrderStatus | undefined,
    now: number,
    page: { page: number; limit: number },
  ): Promise<Page<OrderRow>> {
    const [filter, params]: [string, (string | number)[]] =
      status === 'purchased'
        ? [`AND status = 'purchased' AND maturity_at > $2`, [userId, now]]
        : status === 'settling'
          ? [`AND (status = 'settling' OR (status = 'purchased' AND maturity_at <= $2))`, [userId, now]]
          : status
            ? ['AND status = $2', [userId, status]]
            : ['', [userId]];
    return paginate(
      this.db,
      { select: ORDER_COLUMNS, from: `FROM dual_orders WHERE user_id = $1 ${filter}`, orderBy: 'id DESC', params },
      page,
      orderRows.check,
    );
  }

  /** Orders still to settle whose maturity is at or before `now` (the engine's work), oldest first. */
  async due(now: number, limit: number): Promise<OrderRow[]> {
    return orderRows.all(
      this.db,
      `SELECT ${ORDER_COLUMNS} FROM dual_orders WHERE status IN ('purchased', 'settling') AND maturity_at <= $1
       ORDER BY maturity_at, id LIMIT $2`,
      [now, limit],
    );
  }

  /** Marks the orders matured by `now` as settling (what the user sees between maturity and the settlement). */
  async markSettling(now: number): Promise<void> {
    await this.db.query(`UPDATE dual_orders SET status = 'settling', updated_at = $1 WHERE status = 'purchased' AND maturity_at <= $1`, [
      now,
    ]);
  }

  /** Records the settlement of a locked order still to settle. */
  async settle(
    q: Queryable,
    id: number,
    s:
      | { status: 'success'; settle_price: string; settle_price_at: number; payout_currency_id: number; payout_amount: string; now: number }
      | { status: 'fail'; fail_reason: string; now: number },
  ): Promise<OrderRow> {
    const row = await orderRows.one(
      q,
      `UPDATE dual_orders SET status = $2, settle_price = $3, settle_price_at = $4, payout_currency_id = $5, payout_amount = $6,
         fail_reason = $7, settled_at = $8, updated_at = $8
       WHERE id = $1 AND status IN ('purchased', 'settling') RETURNING ${ORDER_COLUMNS}`,
      s.status === 'success'
        ? [id, 'success', s.settle_price, s.settle_price_at, s.payout_currency_id, s.payout_amount, null, s.now]
        : [id, 'fail', null, null, null, null, s.fail_reason, s.now],
    );
    if (!row) throw new Error(`dual order ${id} is already settled`);
    return row;
  }

  /** A user's positions before settlement (the finance tab). */
  async openOrders(userId: number): Promise<OrderRow[]> {
    return orderRows.all(this.db, `SELECT ${ORDER_COLUMNS} FROM dual_orders WHERE user_id = $1 AND status IN ('purchased', 'settling')`, [
      userId,
    ]);
  }

  /** Every settled order (success or fail), by id after `after` (the auditor). */
  async settledAfter(after: number, limit: number, only: readonly number[] | null = null): Promise<OrderRow[]> {
    const params: SqlValue[] = [after, limit];
    const among = onlyRows('id', only, params);
    return orderRows.all(
      this.db,
      `SELECT ${ORDER_COLUMNS} FROM dual_orders WHERE id > $1 AND status IN ('success', 'fail')${among} ORDER BY id LIMIT $2`,
      params,
    );
  }
}
