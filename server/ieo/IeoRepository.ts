/**
 * The one owner of `ieo_projects` and `ieo_orders` (migration 011): every SQL string naming them
 * lives here (a token's `currencies` row is the market area's: MarketSource.listCurrency). Amounts are written as decimal strings
 * computed by the domain formulas (domain/ieo/formulas.ts) and read back as text.
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import type { IeoOrderStatus } from '../../domain/ieo/types';
import type { Queryable } from '../db/db';
import { paginate } from '../db/paginate';
import { norm, num } from '../db/columns';

const PROJECT_COLUMNS = `p.id, p.name, p.token_id, p.pay_currency_id, p.price::text AS price,
  p.total::text AS total, p.subscribed::text AS subscribed, p.min_amount::text AS min_amount, p.max_amount::text AS max_amount,
  p.starts_at, p.ends_at, p.lock_days, p.unlock_at, p.whitepaper, p.website, p.description, p.remainder::text AS remainder,
  p.computed_at, p.allocated_at, p.created_at`;
const PROJECT_FROM = 'FROM ieo_projects p';

const ORDER_COLUMNS = `id, user_id, project_id, amount::text AS amount, price::text AS price, paid::text AS paid, passed::text AS passed,
  refunded::text AS refunded, status, allocated_at, released_at, created_at, updated_at`;

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

type Raw<T> = { [K in keyof T]: T[K] extends number ? number | string : T[K] extends number | null ? number | string | null : T[K] };

function toProject(r: Raw<ProjectRow>): ProjectRow {
  return {
    id: Number(r.id),
    name: r.name,
    token_id: Number(r.token_id),
    pay_currency_id: Number(r.pay_currency_id),
    price: norm(r.price)!,
    total: norm(r.total)!,
    subscribed: norm(r.subscribed)!,
    min_amount: norm(r.min_amount)!,
    max_amount: norm(r.max_amount)!,
    starts_at: Number(r.starts_at),
    ends_at: Number(r.ends_at),
    lock_days: Number(r.lock_days),
    unlock_at: Number(r.unlock_at),
    whitepaper: r.whitepaper,
    website: r.website,
    description: r.description,
    remainder: norm(r.remainder),
    computed_at: num(r.computed_at),
    allocated_at: num(r.allocated_at),
    created_at: Number(r.created_at),
  };
}

function toOrder(r: Raw<OrderRow>): OrderRow {
  return {
    id: Number(r.id),
    user_id: Number(r.user_id),
    project_id: Number(r.project_id),
    amount: norm(r.amount)!,
    price: norm(r.price)!,
    paid: norm(r.paid)!,
    passed: norm(r.passed),
    refunded: norm(r.refunded),
    status: r.status,
    allocated_at: num(r.allocated_at),
    released_at: num(r.released_at),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

export class IeoRepository {
  constructor(private readonly db: Queryable) {}

  // ---- projects ------------------------------------------------------------------------------

  async projects(q: Queryable = this.db): Promise<ProjectRow[]> {
    const rows = await q.query<Raw<ProjectRow>>(`SELECT ${PROJECT_COLUMNS} ${PROJECT_FROM} ORDER BY p.starts_at DESC, p.id DESC`);
    return rows.map(toProject);
  }

  async project(id: number, q: Queryable = this.db): Promise<ProjectRow | null> {
    const [row] = await q.query<Raw<ProjectRow>>(`SELECT ${PROJECT_COLUMNS} ${PROJECT_FROM} WHERE p.id = $1`, [id]);
    return row ? toProject(row) : null;
  }

  /** Locks a project (a subscription's checks and the `subscribed` update; the allocation's read). */
  async lockProject(q: Queryable, id: number): Promise<ProjectRow | null> {
    const [row] = await q.query<Raw<ProjectRow>>(`SELECT ${PROJECT_COLUMNS} ${PROJECT_FROM} WHERE p.id = $1 FOR UPDATE`, [id]);
    return row ? toProject(row) : null;
  }

  async countProjects(q: Queryable = this.db): Promise<number> {
    const [row] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM ieo_projects');
    return Number(row?.n ?? 0);
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
    return Number(row!.id);
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
    const rows = await this.db.query<Raw<ProjectRow>>(
      `SELECT ${PROJECT_COLUMNS} ${PROJECT_FROM}
       WHERE (p.ends_at <= $1 AND p.allocated_at IS NULL)
          OR (p.unlock_at <= $1 AND EXISTS (SELECT 1 FROM ieo_orders o WHERE o.project_id = p.id AND o.status = 'allocated'))
       ORDER BY p.ends_at, p.id`,
      [now],
    );
    return rows.map(toProject);
  }

  /** The next moment with engine work (an end or an unlock still ahead), or null. */
  async nextDue(now: number): Promise<number | null> {
    const [row] = await this.db.query<{ at: string | null }>(
      `SELECT MIN(t)::text AS at FROM (
         SELECT ends_at AS t FROM ieo_projects WHERE ends_at > $1 AND allocated_at IS NULL
         UNION ALL SELECT unlock_at FROM ieo_projects WHERE unlock_at > $1) s`,
      [now],
    );
    return row?.at ? Number(row.at) : null;
  }

  // ---- orders --------------------------------------------------------------------------------

  /** Tokens a user has asked for in each project, by project id. */
  async subscribedBy(userId: number, q: Queryable = this.db): Promise<Map<number, string>> {
    const rows = await q.query<{ project_id: number; asked: string }>(
      'SELECT project_id, SUM(amount)::text AS asked FROM ieo_orders WHERE user_id = $1 GROUP BY project_id',
      [userId],
    );
    return new Map(rows.map((r) => [Number(r.project_id), new Decimal(r.asked).toFixed()]));
  }

  async insertOrder(
    q: Queryable,
    o: Pick<OrderRow, 'user_id' | 'project_id' | 'amount' | 'price' | 'paid' | 'created_at'>,
  ): Promise<OrderRow> {
    const [row] = await q.query<Raw<OrderRow>>(
      `INSERT INTO ieo_orders (user_id, project_id, amount, price, paid, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'subscribed', $6, $6) RETURNING ${ORDER_COLUMNS}`,
      [o.user_id, o.project_id, o.amount, o.price, o.paid, o.created_at],
    );
    return toOrder(row!);
  }

  async order(id: number, q: Queryable = this.db): Promise<OrderRow | null> {
    const [row] = await q.query<Raw<OrderRow>>(`SELECT ${ORDER_COLUMNS} FROM ieo_orders WHERE id = $1`, [id]);
    return row ? toOrder(row) : null;
  }

  async lockOrder(q: Queryable, id: number): Promise<OrderRow | null> {
    const [row] = await q.query<Raw<OrderRow>>(`SELECT ${ORDER_COLUMNS} FROM ieo_orders WHERE id = $1 FOR UPDATE`, [id]);
    return row ? toOrder(row) : null;
  }

  /** Every order of a project, oldest first (the allocation's input). */
  async projectOrders(projectId: number, q: Queryable = this.db): Promise<OrderRow[]> {
    const rows = await q.query<Raw<OrderRow>>(`SELECT ${ORDER_COLUMNS} FROM ieo_orders WHERE project_id = $1 ORDER BY id`, [projectId]);
    return rows.map(toOrder);
  }

  /** Orders of a project in `status`, by id after `after` (the engine's batches). */
  async projectOrdersIn(projectId: number, status: IeoOrderStatus, after: number, limit: number): Promise<OrderRow[]> {
    const rows = await this.db.query<Raw<OrderRow>>(
      `SELECT ${ORDER_COLUMNS} FROM ieo_orders WHERE project_id = $1 AND status = $2 AND id > $3 ORDER BY id LIMIT $4`,
      [projectId, status, after, limit],
    );
    return rows.map(toOrder);
  }

  /** Writes an order's computed allocation (before any money moves). */
  async setAllocation(q: Queryable, id: number, passed: string, refunded: string): Promise<void> {
    await q.query(`UPDATE ieo_orders SET passed = $2, refunded = $3 WHERE id = $1 AND status = 'subscribed'`, [id, passed, refunded]);
  }

  async markOrderAllocated(q: Queryable, id: number, now: number): Promise<OrderRow> {
    const [row] = await q.query<Raw<OrderRow>>(
      `UPDATE ieo_orders SET status = 'allocated', allocated_at = $2, updated_at = $2 WHERE id = $1 AND status = 'subscribed' AND passed IS NOT NULL
       RETURNING ${ORDER_COLUMNS}`,
      [id, now],
    );
    if (!row) throw new Error(`ieo order ${id} is not waiting for its allocation`);
    return toOrder(row);
  }

  async markOrderReleased(q: Queryable, id: number, now: number): Promise<OrderRow> {
    const [row] = await q.query<Raw<OrderRow>>(
      `UPDATE ieo_orders SET status = 'released', released_at = $2, updated_at = $2 WHERE id = $1 AND status = 'allocated'
       RETURNING ${ORDER_COLUMNS}`,
      [id, now],
    );
    if (!row) throw new Error(`ieo order ${id} is not allocated`);
    return toOrder(row);
  }

  async page(userId: number, page: { page: number; limit: number }): Promise<Page<OrderRow>> {
    return paginate<Raw<OrderRow>, OrderRow>(
      this.db,
      { select: ORDER_COLUMNS, from: 'FROM ieo_orders WHERE user_id = $1', orderBy: 'id DESC', params: [userId] },
      page,
      toOrder,
    );
  }

  /** A user's orders still held: in escrow or with tokens locked (the finance tab). */
  async openOrders(userId: number): Promise<OrderRow[]> {
    const rows = await this.db.query<Raw<OrderRow>>(`SELECT ${ORDER_COLUMNS} FROM ieo_orders WHERE user_id = $1 AND status <> 'released'`, [
      userId,
    ]);
    return rows.map(toOrder);
  }

  /** Every order, by id after `after` (the auditor). */
  async ordersAfter(after: number, limit: number): Promise<OrderRow[]> {
    const rows = await this.db.query<Raw<OrderRow>>(`SELECT ${ORDER_COLUMNS} FROM ieo_orders WHERE id > $1 ORDER BY id LIMIT $2`, [
      after,
      limit,
    ]);
    return rows.map(toOrder);
  }
}
