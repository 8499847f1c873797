/**
 * The one owner of `lockming_products` and `lockming_orders` (migration 010): every SQL string
 * naming them lives here. Amounts are written as decimal strings computed by the domain formulas
 * (domain/lockming/formulas.ts) and read back through checked row readers (server/db/rows.ts) as
 * normalised decimal strings.
 */
import type { Page } from '../../domain/api/envelope';
import type { LockmingCategory, LockmingOrderStatus, LockmingRedemption } from '../../domain/lockming/types';
import { onlyRows } from '../audit/scope';
import type { Queryable, SqlValue } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';

const PRODUCT_COLUMNS = `id, category, currency_id, cycle_days, daily_rate, min_amount, user_limit, quota, sold, penalty_rate, on_sale,
  sort, created_at`;

const ORDER_COLUMNS = `id, user_id, product_id, currency_id, amount, daily_rate, cycle_days, penalty_rate, daily_yield, start_day,
  expires_at, days_paid, yield_paid, status, redemption, penalty, returned, redeemed_at, created_at, updated_at`;

export interface ProductRow {
  id: number;
  category: LockmingCategory;
  currency_id: number;
  cycle_days: number;
  daily_rate: string;
  min_amount: string;
  user_limit: string;
  quota: string;
  sold: string;
  penalty_rate: string;
  on_sale: boolean;
  sort: number;
  created_at: number;
}

export interface OrderRow {
  id: number;
  user_id: number;
  product_id: number;
  currency_id: number;
  amount: string;
  daily_rate: string;
  cycle_days: number;
  penalty_rate: string;
  daily_yield: string;
  start_day: number;
  expires_at: number;
  days_paid: number;
  yield_paid: string;
  status: LockmingOrderStatus;
  redemption: LockmingRedemption | null;
  penalty: string | null;
  returned: string | null;
  redeemed_at: number | null;
  created_at: number;
  updated_at: number;
}

export type NewProduct = Omit<ProductRow, 'id' | 'sold'>;

const productRows = rowReader<ProductRow>('lockming_products', {
  id: 'int',
  category: 'text',
  currency_id: 'int',
  cycle_days: 'int',
  daily_rate: 'decimal',
  min_amount: 'decimal',
  user_limit: 'decimal',
  quota: 'decimal',
  sold: 'decimal',
  penalty_rate: 'decimal',
  on_sale: 'bool',
  sort: 'int',
  created_at: 'int',
});

const orderRows = rowReader<OrderRow>('lockming_orders', {
  id: 'int',
  user_id: 'int',
  product_id: 'int',
  currency_id: 'int',
  amount: 'decimal',
  daily_rate: 'decimal',
  cycle_days: 'int',
  penalty_rate: 'decimal',
  daily_yield: 'decimal',
  start_day: 'int',
  expires_at: 'int',
  days_paid: 'int',
  yield_paid: 'decimal',
  status: 'text',
  redemption: 'text?',
  penalty: 'decimal?',
  returned: 'decimal?',
  redeemed_at: 'int?',
  created_at: 'int',
  updated_at: 'int',
});

/** What a user holds of one product: SUM over NUMERIC is NUMERIC. */
const holdingRows = rowReader<{ product_id: number; held: string }>('lockming_orders', { product_id: 'int', held: 'decimal' });

const countRows = rowReader<{ n: number }>('lockming_products', { n: 'int' });

/** MIN over BIGINT stays BIGINT; null when nothing is in progress. */
const nextDueRows = rowReader<{ at: number | null }>('lockming_orders', { at: 'int?' });

export class LockmingRepository {
  constructor(private readonly db: Queryable) {}

  // ---- products ------------------------------------------------------------------------------

  async products(category?: LockmingCategory, q: Queryable = this.db): Promise<ProductRow[]> {
    return productRows.all(
      q,
      `SELECT ${PRODUCT_COLUMNS} FROM lockming_products WHERE ($1::text IS NULL OR category = $1) ORDER BY sort, id`,
      [category ?? null],
    );
  }

  async countProducts(q: Queryable = this.db): Promise<number> {
    const row = await countRows.one(q, 'SELECT COUNT(*) AS n FROM lockming_products');
    return row?.n ?? 0;
  }

  async insertProduct(q: Queryable, p: NewProduct): Promise<ProductRow> {
    const row = await productRows.one(
      q,
      `INSERT INTO lockming_products (category, currency_id, cycle_days, daily_rate, min_amount, user_limit, quota, penalty_rate, on_sale, sort, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${PRODUCT_COLUMNS}`,
      [
        p.category,
        p.currency_id,
        p.cycle_days,
        p.daily_rate,
        p.min_amount,
        p.user_limit,
        p.quota,
        p.penalty_rate,
        p.on_sale,
        p.sort,
        p.created_at,
      ],
    );
    return row!;
  }

  /** Locks a product for a purchase (the quota check and the `sold` update in one transaction). */
  async lockProduct(q: Queryable, id: number): Promise<ProductRow | null> {
    const row = await productRows.one(q, `SELECT ${PRODUCT_COLUMNS} FROM lockming_products WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async addSold(q: Queryable, id: number, amount: string): Promise<void> {
    await q.query('UPDATE lockming_products SET sold = sold + $2 WHERE id = $1', [id, amount]);
  }

  /** What a user holds of each product (orders in progress), by product id. */
  async holdings(userId: number, q: Queryable = this.db): Promise<Map<number, string>> {
    const rows = await holdingRows.all(
      q,
      `SELECT product_id, SUM(amount) AS held FROM lockming_orders WHERE user_id = $1 AND status = 'holding' GROUP BY product_id`,
      [userId],
    );
    return new Map(rows.map((r) => [r.product_id, r.held]));
  }

  // ---- orders --------------------------------------------------------------------------------

  async insertOrder(
    q: Queryable,
    o: Pick<
      OrderRow,
      | 'user_id'
      | 'product_id'
      | 'currency_id'
      | 'amount'
      | 'daily_rate'
      | 'cycle_days'
      | 'penalty_rate'
      | 'daily_yield'
      | 'start_day'
      | 'expires_at'
      | 'created_at'
    >,
  ): Promise<OrderRow> {
    const row = await orderRows.one(
      q,
      `INSERT INTO lockming_orders (user_id, product_id, currency_id, amount, daily_rate, cycle_days, penalty_rate, daily_yield,
         start_day, expires_at, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'holding', $11, $11)
       RETURNING ${ORDER_COLUMNS}`,
      [
        o.user_id,
        o.product_id,
        o.currency_id,
        o.amount,
        o.daily_rate,
        o.cycle_days,
        o.penalty_rate,
        o.daily_yield,
        o.start_day,
        o.expires_at,
        o.created_at,
      ],
    );
    return row!;
  }

  async order(id: number, q: Queryable = this.db): Promise<OrderRow | null> {
    const row = await orderRows.one(q, `SELECT ${ORDER_COLUMNS} FROM lockming_orders WHERE id = $1`, [id]);
    return row ?? null;
  }

  async lockOrder(q: Queryable, id: number): Promise<OrderRow | null> {
    const row = await orderRows.one(q, `SELECT ${ORDER_COLUMNS} FROM lockming_orders WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async page(userId: number, status: LockmingOrderStatus | undefined, page: { page: number; limit: number }): Promise<Page<OrderRow>> {
    return paginate(
      this.db,
      {
        select: ORDER_COLUMNS,
        from: `FROM lockming_orders WHERE user_id = $1 AND ($2::text IS NULL OR status = $2)`,
        orderBy: 'id DESC',
        params: [userId, status ?? null],
      },
      page,
      orderRows.check,
    );
  }

  /** Orders in progress with a yield due by `now` (the engine's work), oldest due first. */
  async due(now: number, limit: number): Promise<OrderRow[]> {
    return orderRows.all(
      this.db,
      `SELECT ${ORDER_COLUMNS} FROM lockming_orders
       WHERE status = 'holding' AND start_day + (days_paid + 1) * 86400000::bigint <= $1
       ORDER BY start_day + (days_paid + 1) * 86400000::bigint, id LIMIT $2`,
      [now, limit],
    );
  }

  /** The earliest next due yield of the orders in progress (the engine's next wake-up), or null. */
  async nextDue(): Promise<number | null> {
    const row = await nextDueRows.one(
      this.db,
      `SELECT MIN(start_day + (days_paid + 1) * 86400000::bigint) AS at FROM lockming_orders WHERE status = 'holding'`,
    );
    return row?.at ?? null;
  }

  /** Records yields paid: days_paid moves to `daysPaid` (the row was locked and read at `from`). */
  async recordYields(q: Queryable, id: number, daysPaid: number, yieldPaid: string, now: number): Promise<OrderRow> {
    const row = await orderRows.one(
      q,
      `UPDATE lockming_orders SET days_paid = $2, yield_paid = $3, updated_at = $4 WHERE id = $1 AND status = 'holding' RETURNING ${ORDER_COLUMNS}`,
      [id, daysPaid, yieldPaid, now],
    );
    if (!row) throw new Error(`lockming order ${id} is not in progress`);
    return row;
  }

  /** Records the redemption of an order in progress. */
  async redeem(
    q: Queryable,
    id: number,
    r: { redemption: LockmingRedemption; penalty: string; returned: string; now: number },
  ): Promise<OrderRow> {
    const row = await orderRows.one(
      q,
      `UPDATE lockming_orders SET status = 'redeemed', redemption = $2, penalty = $3, returned = $4, redeemed_at = $5, updated_at = $5
       WHERE id = $1 AND status = 'holding' RETURNING ${ORDER_COLUMNS}`,
      [id, r.redemption, r.penalty, r.returned, r.now],
    );
    if (!row) throw new Error(`lockming order ${id} is not in progress`);
    return row;
  }

  /** A user's orders in progress (the finance tab). */
  async holdingOrders(userId: number): Promise<OrderRow[]> {
    return orderRows.all(this.db, `SELECT ${ORDER_COLUMNS} FROM lockming_orders WHERE user_id = $1 AND status = 'holding'`, [userId]);
  }

  /** Every order with a payment (a yield or a redemption), by id after `after` (the auditor). */
  async paidAfter(after: number, limit: number, only: readonly number[] | null = null): Promise<OrderRow[]> {
    const params: SqlValue[] = [after, limit];
    const among = onlyRows('id', only, params);
    return orderRows.all(
      this.db,
      `SELECT ${ORDER_COLUMNS} FROM lockming_orders WHERE id > $1 AND (days_paid > 0 OR status = 'redeemed')${among} ORDER BY id LIMIT $2`,
      params,
    );
  }
}
