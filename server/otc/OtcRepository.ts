/**
 * The one owner of `otc_adverts` and `otc_orders` (migration 017): every SQL string naming them
 * lives here. Amounts are written as decimal strings computed by the domain formulas
 * (domain/otc/formulas.ts) and read back through checked row readers (server/db/rows.ts) as
 * normalised decimal strings.
 */
import type { Page } from '../../domain/api/envelope';
import type { OtcFiat, OtcSide, OtcState, OtcStateFilter } from '../../domain/otc/types';
import { onlyRows } from '../audit/scope';
import type { Queryable, SqlValue } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';

const ADVERT_COLUMNS = `a.id, a.merchant, a.side, a.fiat, a.price, a.min_fiat, a.max_fiat,
  a.payment_methods, a.payment_details, a.capacity, a.enabled, a.created_at,
  (SELECT COUNT(*)::int FROM otc_orders o WHERE o.advert_id = a.id AND o.state = 'completed') AS completed_orders`;

const ORDER_COLUMNS = `o.id, o.user_id, o.advert_id, o.side, o.merchant, o.fiat, o.price, o.fiat_amount,
  o.usdt_amount, o.state, o.pay_deadline, o.paid_at, o.completed_at, o.cancelled_at, o.cancelled_by,
  o.appeal_reason, o.appealed_at, o.created_at, o.updated_at`;

export interface AdvertRow {
  id: number;
  merchant: string;
  side: OtcSide;
  fiat: OtcFiat;
  price: string;
  min_fiat: string;
  max_fiat: string;
  payment_methods: string;
  payment_details: string;
  capacity: string | null;
  enabled: boolean;
  created_at: number;
  completed_orders: number;
}

export interface OrderRow {
  id: number;
  user_id: number;
  advert_id: number;
  side: OtcSide;
  merchant: string;
  fiat: OtcFiat;
  price: string;
  fiat_amount: string;
  usdt_amount: string;
  state: OtcState;
  pay_deadline: number | null;
  paid_at: number | null;
  completed_at: number | null;
  cancelled_at: number | null;
  cancelled_by: 'user' | 'operator' | 'timeout' | null;
  appeal_reason: string | null;
  appealed_at: number | null;
  created_at: number;
  updated_at: number;
}

export type NewAdvert = Omit<AdvertRow, 'id' | 'completed_orders'>;

const advertRows = rowReader<AdvertRow>('otc_adverts', {
  id: 'int',
  merchant: 'text',
  side: 'text',
  fiat: 'text',
  price: 'decimal',
  min_fiat: 'decimal',
  max_fiat: 'decimal',
  payment_methods: 'text',
  payment_details: 'text',
  capacity: 'decimal?',
  enabled: 'bool',
  created_at: 'int',
  completed_orders: 'int',
});

const orderRows = rowReader<OrderRow>('otc_orders', {
  id: 'int',
  user_id: 'int',
  advert_id: 'int',
  side: 'text',
  merchant: 'text',
  fiat: 'text',
  price: 'decimal',
  fiat_amount: 'decimal',
  usdt_amount: 'decimal',
  state: 'text',
  pay_deadline: 'int?',
  paid_at: 'int?',
  completed_at: 'int?',
  cancelled_at: 'int?',
  cancelled_by: 'text?',
  appeal_reason: 'text?',
  appealed_at: 'int?',
  created_at: 'int',
  updated_at: 'int',
});

/** The SQL condition of a state filter on `o` (`$n` is the state when one is named). */
function stateWhere(filter: OtcStateFilter | 'appealed', n: number): { sql: string; params: string[] } {
  if (filter === 'all') return { sql: 'TRUE', params: [] };
  if (filter === 'open') return { sql: `o.state IN ('pending_payment', 'paid', 'pending_release')`, params: [] };
  if (filter === 'appealed') return { sql: `o.appealed_at IS NOT NULL`, params: [] };
  return { sql: `o.state = $${n}`, params: [filter] };
}

export class OtcRepository {
  constructor(private readonly db: Queryable) {}

  // ---- adverts -------------------------------------------------------------------------------

  async adverts(filter: { side?: OtcSide; fiat?: OtcFiat; enabledOnly?: boolean } = {}, q: Queryable = this.db): Promise<AdvertRow[]> {
    return advertRows.all(
      q,
      `SELECT ${ADVERT_COLUMNS} FROM otc_adverts a
       WHERE ($1::text IS NULL OR a.side = $1) AND ($2::text IS NULL OR a.fiat = $2) AND (NOT $3::boolean OR a.enabled)
       ORDER BY a.side, a.fiat, CASE WHEN a.side = 'buy' THEN a.price ELSE -a.price END, a.id`,
      [filter.side ?? null, filter.fiat ?? null, filter.enabledOnly ?? false],
    );
  }

  async advert(id: number, q: Queryable = this.db): Promise<AdvertRow | null> {
    const row = await advertRows.one(q, `SELECT ${ADVERT_COLUMNS} FROM otc_adverts a WHERE a.id = $1`, [id]);
    return row ?? null;
  }

  /** Locks an advert (an order takes or gives back its capacity under this lock). */
  async lockAdvert(q: Queryable, id: number): Promise<AdvertRow | null> {
    const [locked] = await q.query<{ id: number }>('SELECT id FROM otc_adverts WHERE id = $1 FOR UPDATE', [id]);
    return locked ? this.advert(id, q) : null;
  }

  async countAdverts(q: Queryable = this.db): Promise<number> {
    const [row] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM otc_adverts');
    return row?.n ?? 0;
  }

  async insertAdvert(q: Queryable, a: NewAdvert): Promise<number> {
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO otc_adverts (merchant, side, fiat, price, min_fiat, max_fiat, payment_methods, payment_details, capacity, enabled, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        a.merchant,
        a.side,
        a.fiat,
        a.price,
        a.min_fiat,
        a.max_fiat,
        a.payment_methods,
        a.payment_details,
        a.capacity,
        a.enabled,
        a.created_at,
      ],
    );
    return row!.id;
  }

  /** Turns an advert on or off; false when there is no such advert. */
  async setEnabled(q: Queryable, id: number, enabled: boolean): Promise<boolean> {
    const rows = await q.query<{ id: number }>('UPDATE otc_adverts SET enabled = $2 WHERE id = $1 RETURNING id', [id, enabled]);
    return rows.length > 0;
  }

  /** Adds `delta` (negative to take) to a buy advert's capacity; the CHECK refuses going below zero. */
  async addCapacity(q: Queryable, id: number, delta: string): Promise<void> {
    await q.query('UPDATE otc_adverts SET capacity = capacity + $2 WHERE id = $1 AND capacity IS NOT NULL', [id, delta]);
  }

  // ---- orders --------------------------------------------------------------------------------

  async insertOrder(
    q: Queryable,
    o: Pick<
      OrderRow,
      | 'user_id'
      | 'advert_id'
      | 'side'
      | 'merchant'
      | 'fiat'
      | 'price'
      | 'fiat_amount'
      | 'usdt_amount'
      | 'state'
      | 'pay_deadline'
      | 'created_at'
    >,
  ): Promise<OrderRow> {
    const row = await orderRows.one(
      q,
      `INSERT INTO otc_orders AS o (user_id, advert_id, side, merchant, fiat, price, fiat_amount, usdt_amount, state, pay_deadline, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING ${ORDER_COLUMNS}`,
      [o.user_id, o.advert_id, o.side, o.merchant, o.fiat, o.price, o.fiat_amount, o.usdt_amount, o.state, o.pay_deadline, o.created_at],
    );
    return row!;
  }

  async order(id: number, q: Queryable = this.db): Promise<OrderRow | null> {
    const row = await orderRows.one(q, `SELECT ${ORDER_COLUMNS} FROM otc_orders o WHERE o.id = $1`, [id]);
    return row ?? null;
  }

  async lockOrder(q: Queryable, id: number): Promise<OrderRow | null> {
    const row = await orderRows.one(q, `SELECT ${ORDER_COLUMNS} FROM otc_orders o WHERE o.id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  /** Moves an order to `state` from one of `from`, setting the named time columns; null when it was not in `from`. */
  async transition(
    q: Queryable,
    id: number,
    from: readonly OtcState[],
    to: OtcState,
    now: number,
    extra: { paid?: boolean; completed?: boolean; cancelledBy?: 'user' | 'operator' | 'timeout' } = {},
  ): Promise<OrderRow | null> {
    // `from` is a list of the fixed state names (OTC_STATES), written into the SQL as literals.
    const states = from.map((f) => `'${f}'`).join(', ');
    const row = await orderRows.one(
      q,
      `UPDATE otc_orders o SET state = $2, updated_at = $3,
         paid_at = CASE WHEN $4::boolean THEN $3 ELSE paid_at END,
         completed_at = CASE WHEN $5::boolean THEN $3 ELSE completed_at END,
         cancelled_at = CASE WHEN $6::text IS NOT NULL THEN $3 ELSE cancelled_at END,
         cancelled_by = COALESCE($6::text, cancelled_by)
       WHERE o.id = $1 AND o.state IN (${states}) RETURNING ${ORDER_COLUMNS}`,
      [id, to, now, extra.paid ?? false, extra.completed ?? false, extra.cancelledBy ?? null],
    );
    return row ?? null;
  }

  async markAppealed(q: Queryable, id: number, reason: string, now: number): Promise<OrderRow | null> {
    const row = await orderRows.one(
      q,
      `UPDATE otc_orders o SET appeal_reason = $2, appealed_at = $3, updated_at = $3 WHERE o.id = $1 AND o.appealed_at IS NULL
       RETURNING ${ORDER_COLUMNS}`,
      [id, reason, now],
    );
    return row ?? null;
  }

  async page(userId: number, state: OtcStateFilter, page: { page: number; limit: number }): Promise<Page<OrderRow>> {
    const where = stateWhere(state, 2);
    return paginate(
      this.db,
      {
        select: ORDER_COLUMNS,
        from: `FROM otc_orders o WHERE o.user_id = $1 AND ${where.sql}`,
        orderBy: 'o.id DESC',
        params: [userId, ...where.params],
      },
      page,
      orderRows.check,
    );
  }

  /** The operator's list: appealed orders first (oldest appeal first), then the newest; at most `limit`. */
  async opsOrders(state: OtcStateFilter | 'appealed', limit = 200): Promise<OrderRow[]> {
    const where = stateWhere(state, 2);
    return orderRows.all(
      this.db,
      `SELECT ${ORDER_COLUMNS} FROM otc_orders o WHERE ${where.sql} ORDER BY (o.appealed_at IS NULL), o.appealed_at, o.id DESC LIMIT $1`,
      [limit, ...where.params],
    );
  }

  /** Every order, by id after `after` (the auditor). */
  async ordersAfter(after: number, limit: number, only: readonly number[] | null = null): Promise<OrderRow[]> {
    const params: SqlValue[] = [after, limit];
    const among = onlyRows('o.id', only, params);
    return orderRows.all(this.db, `SELECT ${ORDER_COLUMNS} FROM otc_orders o WHERE o.id > $1${among} ORDER BY o.id LIMIT $2`, params);
  }

  /** Buy orders unpaid at their deadline by `now` (the engine's work), oldest deadline first. */
  async due(now: number, limit: number): Promise<OrderRow[]> {
    return orderRows.all(
      this.db,
      `SELECT ${ORDER_COLUMNS} FROM otc_orders o WHERE o.state = 'pending_payment' AND o.pay_deadline <= $1 ORDER BY o.pay_deadline, o.id LIMIT $2`,
      [now, limit],
    );
  }

  /** The next deadline of an unpaid buy order after `now`, or null. */
  async nextDue(now: number): Promise<number | null> {
    const [row] = await this.db.query<{ at: number | null }>(
      `SELECT MIN(pay_deadline) AS at FROM otc_orders WHERE state = 'pending_payment' AND pay_deadline > $1`,
      [now],
    );
    return row?.at ?? null;
  }
}
