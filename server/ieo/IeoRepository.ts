/**
 * The one owner of `ieo_projects` and `ieo_orders` (migration 011): every SQL string naming them
 * lives here (a token's `currencies` row is the market area's: MarketSource.listCurrency). Amounts are written as decimal strings
 * computed by the domain formulas (domain/ieo/formulas.ts) and read back through checked row
 * readers (server/db/rows.ts) as normalised decimal strings.
 */
import type { Page } from '../../domain/api/envelope';
import type { IeoOrderStatus } from '../../domain/ieo/types';
import { onlyRows } from '../audit/scope';
import type { Queryable, SqlValue } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';

const PROJECT_COLUMNS = `p.id, p.name, p.token_id, p.pay_currency_id, p.price,
  p.total, p.subscribed, p.min_amount, p.max_amount,
  p.starts_at, p.ends_at, p.lock_days, p.unlock_at, p.whitepaper, p.website, p.description, p.remainder,
  p.computed_at, p.allocated_at, p.created_at`;
const PROJECT_FROM = 'FROM ieo_projects p';

const ORDER_COLUMNS = `id, user_id, project_id, amount, price, paid, passed,
  refunded, status, allocated_at, released_at, created_at, updated_at`;

export interface ProjectRow {
  id: number;
  name: string;
  token_id: number;
  pay_currency_id: number;
  price: string;
  total: string;
  subscribed: string;
  min_amount: string;
  max_amount: string;
  starts_at: number;
  ends_at: number;
  lock_days: number;
  unlock_at: number;
  whitepaper: string;
  website: string;
  description: string;
  remainder: string | null;
  computed_at: number | null;
  allocated_at: number | null;
  created_at: number;
}

export interface OrderRow {
  id: number;
  user_id: number;
  project_id: number;
  amount: string;
  price: string;
  paid: string;
  passed: string | null;
  refunded: string | null;
  status: IeoOrderStatus;
  allocated_at: number | null;
  released_at: number | null;
  created_at: number;
  updated_at: number;
}

export type NewProject = Omit<ProjectRow, 'id' | 'token_id' | 'subscribed' | 'remainder' | 'computed_at' | 'allocated_at'>;

const projectRows = rowReader<ProjectRow>('ieo_projects', {
  id: 'int',
  name: 'text',
  token_id: 'int',
  pay_currency_id: 'int',
  price: 'decimal',
  total: 'decimal',
  subscribed: 'decimal',
  min_amount: 'decimal',
  max_amount: 'decimal',
  starts_at: 'int',
  ends_at: 'int',
  lock_days: 'int',
  unlock_at: 'int',
  whitepaper: 'text',
  website: 'text',
  description: 'text',
  remainder: 'decimal?',
  computed_at: 'int?',
  allocated_at: 'int?',
  created_at: 'int',
});

const orderRows = rowReader<OrderRow>('ieo_orders', {
  id: 'int',
  user_id: 'int',
  project_id: 'int',
  amount: 'decimal',
  price: 'decimal',
  paid: 'decimal',
  passed: 'decimal?',
  refunded: 'decimal?',
  status: 'text',
  allocated_at: 'int?',
  released_at: 'int?',
  created_at: 'int',
  updated_at: 'int',
});

export class IeoRepository {
  constructor(private readonly db: Queryable) {}

  // ---- projects ------------------------------------------------------------------------------

  async projects(q: Queryable = this.db): Promise<ProjectRow[]> {
    return projectRows.all(q, `SELECT ${PROJECT_COLUMNS} ${PROJECT_FROM} ORDER BY p.starts_at DESC, p.id DESC`);
  }

  async project(id: number, q: Queryable = this.db): Promise<ProjectRow | null> {
    const row = await projectRows.one(q, `SELECT ${PROJECT_COLUMNS} ${PROJECT_FROM} WHERE p.id = $1`, [id]);
    return row ?? null;
  }

  /** Locks a project (a subscription's checks and the `subscribed` update; the allocation's read). */
  async lockProject(q: Queryable, id: number): Promise<ProjectRow | null> {
    const row = await projectRows.one(q, `SELECT ${PROJECT_COLUMNS} ${PROJECT_FROM} WHERE p.id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async countProjects(q: Queryable = this.db): Promise<number> {
    const [row] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM ieo_projects');
    return row?.n ?? 0;
  }

  async insertProject(q: Queryable, tokenId: number, p: NewProject): Promise<number> {
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO ieo_projects (name, token_id, pay_currency_id, price, total, min_amount, max_amount, starts_at, ends_at, lock_days,
         unlock_at, whitepaper, website, description, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        p.name,
        tokenId,
        p.pay_currency_id,
        p.price,
        p.total,
        p.min_amount,
        p.max_amount,
        p.starts_at,
        p.ends_at,
        p.lock_days,
        p.unlock_at,
        p.whitepaper,
        p.website,
        p.description,
        p.created_at,
      ],
    );
    return row!.id;
  }

  async addSubscribed(q: Queryable, id: number, amount: string): Promise<void> {
    await q.query('UPDATE ieo_projects SET subscribed = subscribed + $2 WHERE id = $1', [id, amount]);
  }

  async markComputed(q: Queryable, id: number, remainder: string, now: number): Promise<void> {
    await q.query('UPDATE ieo_projects SET computed_at = $2, remainder = $3 WHERE id = $1 AND computed_at IS NULL', [id, now, remainder]);
  }

  async markAllocated(q: Queryable, id: number, now: number): Promise<void> {
    await q.query('UPDATE ieo_projects SET allocated_at = $2 WHERE id = $1 AND allocated_at IS NULL', [id, now]);
  }

  /** Projects with engine work by `now`: ended and not yet allocated, or with tokens to release. */
  async due(now: number): Promise<ProjectRow[]> {
    return projectRows.all(
      this.db,
      `SELECT ${PROJECT_COLUMNS} ${PROJECT_FROM}
       WHERE (p.ends_at <= $1 AND p.allocated_at IS NULL)
          OR (p.unlock_at <= $1 AND EXISTS (SELECT 1 FROM ieo_orders o WHERE o.project_id = p.id AND o.status = 'allocated'))
       ORDER BY p.ends_at, p.id`,
      [now],
    );
  }

  /** The next moment with engine work (an end or an unlock still ahead), or null. */
  async nextDue(now: number): Promise<number | null> {
    const [row] = await this.db.query<{ at: number | null }>(
      `SELECT MIN(t) AS at FROM (
         SELECT ends_at AS t FROM ieo_projects WHERE ends_at > $1 AND allocated_at IS NULL
         UNION ALL SELECT unlock_at FROM ieo_projects WHERE unlock_at > $1) s`,
      [now],
    );
    return row?.at ?? null;
  }

  // ---- orders --------------------------------------------------------------------------------

  /** Tokens a user has asked for in each project, by project id. */
  async subscribedBy(userId: number, q: Queryable = this.db): Promise<Map<number, string>> {
    const rows = await q.query<{ project_id: number; asked: string }>(
      'SELECT project_id, SUM(amount) AS asked FROM ieo_orders WHERE user_id = $1 GROUP BY project_id',
      [userId],
    );
    return new Map(rows.map((r) => [r.project_id, r.asked]));
  }

  async insertOrder(
    q: Queryable,
    o: Pick<OrderRow, 'user_id' | 'project_id' | 'amount' | 'price' | 'paid' | 'created_at'>,
  ): Promise<OrderRow> {
    const row = await orderRows.one(
      q,
      `INSERT INTO ieo_orders (user_id, project_id, amount, price, paid, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'subscribed', $6, $6) RETURNING ${ORDER_COLUMNS}`,
      [o.user_id, o.project_id, o.amount, o.price, o.paid, o.created_at],
    );
    return row!;
  }

  async order(id: number, q: Queryable = this.db): Promise<OrderRow | null> {
    const row = await orderRows.one(q, `SELECT ${ORDER_COLUMNS} FROM ieo_orders WHERE id = $1`, [id]);
    return row ?? null;
  }

  async lockOrder(q: Queryable, id: number): Promise<OrderRow | null> {
    const row = await orderRows.one(q, `SELECT ${ORDER_COLUMNS} FROM ieo_orders WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  /** Every order of a project, oldest first (the allocation's input). */
  async projectOrders(projectId: number, q: Queryable = this.db): Promise<OrderRow[]> {
    return orderRows.all(q, `SELECT ${ORDER_COLUMNS} FROM ieo_orders WHERE project_id = $1 ORDER BY id`, [projectId]);
  }

  /** Orders of a project in `status`, by id after `after` (the engine's batches). */
  async projectOrdersIn(projectId: number, status: IeoOrderStatus, after: number, limit: number): Promise<OrderRow[]> {
    return orderRows.all(
      this.db,
      `SELECT ${ORDER_COLUMNS} FROM ieo_orders WHERE project_id = $1 AND status = $2 AND id > $3 ORDER BY id LIMIT $4`,
      [projectId, status, after, limit],
    );
  }

  /** Writes an order's computed allocation (before any money moves). */
  async setAllocation(q: Queryable, id: number, passed: string, refunded: string): Promise<void> {
    await q.query(`UPDATE ieo_orders SET passed = $2, refunded = $3 WHERE id = $1 AND status = 'subscribed'`, [id, passed, refunded]);
  }

  async markOrderAllocated(q: Queryable, id: number, now: number): Promise<OrderRow> {
    const row = await orderRows.one(
      q,
      `UPDATE ieo_orders SET status = 'allocated', allocated_at = $2, updated_at = $2 WHERE id = $1 AND status = 'subscribed' AND passed IS NOT NULL
       RETURNING ${ORDER_COLUMNS}`,
      [id, now],
    );
    if (!row) throw new Error(`ieo order ${id} is not waiting for its allocation`);
    return row;
  }

  async markOrderReleased(q: Queryable, id: number, now: number): Promise<OrderRow> {
    const row = await orderRows.one(
      q,
      `UPDATE ieo_orders SET status = 'released', released_at = $2, updated_at = $2 WHERE id = $1 AND status = 'allocated'
       RETURNING ${ORDER_COLUMNS}`,
      [id, now],
    );
    if (!row) throw new Error(`ieo order ${id} is not allocated`);
    return row;
  }

  async page(userId: number, page: { page: number; limit: number }): Promise<Page<OrderRow>> {
    return paginate(
      this.db,
      { select: ORDER_COLUMNS, from: 'FROM ieo_orders WHERE user_id = $1', orderBy: 'id DESC', params: [userId] },
      page,
      orderRows.check,
    );
  }

  /** A user's orders still held: in escrow or with tokens locked (the finance tab). */
  async openOrders(userId: number): Promise<OrderRow[]> {
    return orderRows.all(this.db, `SELECT ${ORDER_COLUMNS} FROM ieo_orders WHERE user_id = $1 AND status <> 'released'`, [userId]);
  }

  /** Every order, by id after `after` (the auditor). */
  async ordersAfter(after: number, limit: number, only: readonly number[] | null = null): Promise<OrderRow[]> {
    const params: SqlValue[] = [after, limit];
    const among = onlyRows('id', only, params);
    return orderRows.all(this.db, `SELECT ${ORDER_COLUMNS} FROM ieo_orders WHERE id > $1${among} ORDER BY id LIMIT $2`, params);
  }
}
