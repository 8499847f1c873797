/**
 * The one owner of `lockming_products` and `lockming_orders` (migration 010): every SQL string
 * naming them lives here. Amounts are written as decimal strings computed by the domain formulas
 * (domain/lockming/formulas.ts) and read back as text.
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import type { LockmingCategory, LockmingOrderStatus, LockmingRedemption } from '../../domain/lockming/types';
import type { Queryable } from '../db/db';
import { paginate } from '../db/paginate';
import { norm, num } from '../db/columns';

const PRODUCT_COLUMNS = `id, category, currency_id, cycle_days, daily_rate::text AS daily_rate, min_amount::text AS min_amount,
  user_limit::text AS user_limit, quota::text AS quota, sold::text AS sold, penalty_rate::text AS penalty_rate, on_sale, sort, created_at`;

const ORDER_COLUMNS = `id, user_id, product_id, currency_id, amount::text AS amount, daily_rate::text AS daily_rate, cycle_days,
  penalty_rate::text AS penalty_rate, daily_yield::text AS daily_yield, start_day, expires_at, days_paid, yield_paid::text AS yield_paid,
  status, redemption, penalty::text AS penalty, returned::text AS returned, redeemed_at, created_at, updated_at`;

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

type RawProduct = { [K in keyof ProductRow]: ProductRow[K] extends number ? number | string : ProductRow[K] };
type RawOrder = { [K in keyof OrderRow]: OrderRow[K] extends number | null ? number | string | null : OrderRow[K] };

function toProduct(r: RawProduct): ProductRow {
  return {
    id: Number(r.id),
    category: r.category,
    currency_id: Number(r.currency_id),
    cycle_days: Number(r.cycle_days),
    daily_rate: norm(r.daily_rate)!,
    min_amount: norm(r.min_amount)!,
    user_limit: norm(r.user_limit)!,
    quota: norm(r.quota)!,
    sold: norm(r.sold)!,
    penalty_rate: norm(r.penalty_rate)!,
    on_sale: r.on_sale,
    sort: Number(r.sort),
    created_at: Number(r.created_at),
  };
}

function toOrder(r: RawOrder): OrderRow {
  return {
    id: Number(r.id),
    user_id: Number(r.user_id),
    product_id: Number(r.product_id),
    currency_id: Number(r.currency_id),
    amount: norm(r.amount)!,
    daily_rate: norm(r.daily_rate)!,
    cycle_days: Number(r.cycle_days),
    penalty_rate: norm(r.penalty_rate)!,
    daily_yield: norm(r.daily_yield)!,
    start_day: Number(r.start_day),
    expires_at: Number(r.expires_at),
    days_paid: Number(r.days_paid),
    yield_paid: norm(r.yield_paid)!,
    status: r.status,
    redemption: r.redemption,
    penalty: norm(r.penalty),
    returned: norm(r.returned),
    redeemed_at: num(r.redeemed_at),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

export class LockmingRepository {
  constructor(private readonly db: Queryable) {}

  // ---- products ------------------------------------------------------------------------------

  async products(category?: LockmingCategory, q: Queryable = this.db): Promise<ProductRow[]> {
    const rows = await q.query<RawProduct>(
      `SELECT ${PRODUCT_COLUMNS} FROM lockming_products WHERE ($1::text IS NULL OR category = $1) ORDER BY sort, id`,
      [category ?? null],
    );
    return rows.map(toProduct);
  }

  async countProducts(q: Queryable = this.db): Promise<number> {
    const [row] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM lockming_products');
    return Number(row?.n ?? 0);
  }

  async insertProduct(q: Queryable, p: NewProduct): Promise<ProductRow> {
    const [row] = await q.query<RawProduct>(
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
    return toProduct(row!);
  }

  /** Locks a product for a purchase (the quota check and the `sold` update in one transaction). */
  async lockProduct(q: Queryable, id: number): Promise<ProductRow | null> {
    const [row] = await q.query<RawProduct>(`SELECT ${PRODUCT_COLUMNS} FROM lockming_products WHERE id = $1 FOR UPDATE`, [id]);
    return row ? toProduct(row) : null;
  }

  async addSold(q: Queryable, id: number, amount: string): Promise<void> {
    await q.query('UPDATE lockming_products SET sold = sold + $2 WHERE id = $1', [id, amount]);
  }

  /** What a user holds of each product (orders in progress), by product id. */
  async holdings(userId: number, q: Queryable = this.db): Promise<Map<number, string>> {
    const rows = await q.query<{ product_id: number; held: string }>(
      `SELECT product_id, SUM(amount)::text AS held FROM lockming_orders WHERE user_id = $1 AND status = 'holding' GROUP BY product_id`,
      [userId],
    );
    return new Map(rows.map((r) => [Number(r.product_id), new Decimal(r.held).toFixed()]));
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
    const [row] = await q.query<RawOrder>(
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
    return toOrder(row!);
  }

  async order(id: number, q: Queryable = this.db): Promise<OrderRow | null> {
    const [row] = await q.query<RawOrder>(`SELECT ${ORDER_COLUMNS} FROM lockming_orders WHERE id = $1`, [id]);
    return row ? toOrder(row) : null;
  }

  async lockOrder(q: Queryable, id: number): Promise<OrderRow | null> {
    const [row] = await q.query<RawOrder>(`SELECT ${ORDER_COLUMNS} FROM lockming_orders WHERE id = $1 FOR UPDATE`, [id]);
    return row ? toOrder(row) : null;
  }

  async page(userId: number, status: LockmingOrderStatus | undefined, page: { page: number; limit: number }): Promise<Page<OrderRow>> {
    return paginate<RawOrder, OrderRow>(
      this.db,
      {
        select: ORDER_COLUMNS,
        from: `FROM lockming_orders WHERE user_id = $1 AND ($2::text IS NULL OR status = $2)`,
        orderBy: 'id DESC',
        params: [userId, status ?? null],
      },
      page,
      toOrder,
    );
  }

  /** Orders in progress with a yield due by `now` (the engine's work), oldest due first. */
  async due(now: number, limit: number): Promise<OrderRow[]> {
    const rows = await this.db.query<RawOrder>(
      `SELECT ${ORDER_COLUMNS} FROM lockming_orders
       WHERE status = 'holding' AND start_day + (days_paid + 1) * 86400000::bigint <= $1
       ORDER BY start_day + (days_paid + 1) * 86400000::bigint, id LIMIT $2`,
      [now, limit],
    );
    return rows.map(toOrder);
  }

  /** The earliest next due yield of the orders in progress (the engine's next wake-up), or null. */
  async nextDue(): Promise<number | null> {
    const [row] = await this.db.query<{ at: string | null }>(
      `SELECT MIN(start_day + (days_paid + 1) * 86400000::bigint)::text AS at FROM lockming_orders WHERE status = 'holding'`,
    );
    return row?.at ? Number(row.at) : null;
  }

  /** Records yields paid: days_paid moves to `daysPaid` (the row was locked and read at `from`). */
  async recordYields(q: Queryable, id: number, daysPaid: number, yieldPaid: string, now: number): Promise<OrderRow> {
    const [row] = await q.query<RawOrder>(
      `UPDATE lockming_orders SET days_paid = $2, yield_paid = $3, updated_at = $4 WHERE id = $1 AND status = 'holding' RETURNING ${ORDER_COLUMNS}`,
      [id, daysPaid, yieldPaid, now],
    );
    if (!row) throw new Error(`lockming order ${id} is not in progress`);
    return toOrder(row);
  }

  /** Records the redemption of an order in progress. */
  async redeem(
    q: Queryable,
    id: number,
    r: { redemption: LockmingRedemption; penalty: string; returned: string; now: number },
  ): Promise<OrderRow> {
    const [row] = await q.query<RawOrder>(
      `UPDATE lockming_orders SET status = 'redeemed', redemption = $2, penalty = $3, returned = $4, redeemed_at = $5, updated_at = $5
       WHERE id = $1 AND status = 'holding' RETURNING ${ORDER_COLUMNS}`,
      [id, r.redemption, r.penalty, r.returned, r.now],
    );
    if (!row) throw new Error(`lockming order ${id} is not in progress`);
    return toOrder(row);
  }

  /** A user's orders in progress (the finance tab). */
  async holdingOrders(userId: number): Promise<OrderRow[]> {
    const rows = await this.db.query<RawOrder>(`SELECT ${ORDER_COLUMNS} FROM lockming_orders WHERE user_id = $1 AND status = 'holding'`, [
      userId,
    ]);
    return rows.map(toOrder);
  }

  /** Every order with a payment (a yield or a redemption), by id after `after` (the auditor). */
  async paidAfter(after: number, limit: number): Promise<OrderRow[]> {
    const rows = await this.db.query<RawOrder>(
      `SELECT ${ORDER_COLUMNS} FROM lockming_orders WHERE id > $1 AND (days_paid > 0 OR status = 'redeemed') ORDER BY id LIMIT $2`,
      [after, limit],
    );
    return rows.map(toOrder);
  }
}
