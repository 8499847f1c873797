/**
 * The one owner of `spot_orders` and `spot_fills` (migration 008): every SQL string naming them
 * lives here. Amounts go in as decimal strings from the domain formulas and come back through
 * checked row readers (server/db/rows.ts) as normalised decimal strings.
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import type { SpotFill, SpotKind, SpotOrder, SpotSide, SpotStatus } from '../../domain/spot/types';
import { onlyRows } from '../audit/scope';
import type { Queryable, SqlValue } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';

const COLUMNS = `id, user_id, match_id, symbol, base_id, quote_id, side, kind, status, amount, target_price, fee_rate, frozen,
  avg_price, total, fee, received, deciding_price, deciding_ts, settlement_key, created_at, filled_at, cancelled_at, updated_at`;

/** An order as stored. */
export interface OrderRow {
  id: number;
  user_id: number;
  match_id: number;
  symbol: string;
  base_id: number;
  quote_id: number;
  side: SpotSide;
  kind: SpotKind;
  status: SpotStatus;
  amount: string;
  target_price: string | null;
  fee_rate: string;
  frozen: string;
  avg_price: string | null;
  total: string | null;
  fee: string;
  received: string | null;
  deciding_price: string | null;
  deciding_ts: number | null;
  settlement_key: string | null;
  created_at: number;
  filled_at: number | null;
  cancelled_at: number | null;
  updated_at: number;
  fills: SpotFill[];
}

/** An order's own columns; its fills come from `spot_fills`. */
type StoredOrder = Omit<OrderRow, 'fills'>;

const orderRows = rowReader<StoredOrder>('spot_orders', {
  id: 'int',
  user_id: 'int',
  match_id: 'int',
  symbol: 'text',
  base_id: 'int',
  quote_id: 'int',
  side: 'text',
  kind: 'text',
  status: 'text',
  amount: 'decimal',
  target_price: 'decimal?',
  fee_rate: 'decimal',
  frozen: 'decimal',
  avg_price: 'decimal?',
  total: 'decimal?',
  fee: 'decimal',
  received: 'decimal?',
  deciding_price: 'decimal?',
  deciding_ts: 'int?',
  settlement_key: 'text?',
  created_at: 'int',
  filled_at: 'int?',
  cancelled_at: 'int?',
  updated_at: 'int',
});

const fillRows = rowReader<{ order_id: number; price: string; amount: string }>('spot_fills', {
  order_id: 'int',
  price: 'decimal',
  amount: 'decimal',
});

const traderRows = rowReader<{ user_id: number }>('spot_orders', { user_id: 'int' });

/** The order with `fills` (none until the caller loads them). */
function asOrder(row: StoredOrder, fills: SpotFill[] = []): OrderRow {
  return { ...row, fills };
}

/** The wire form; `currencies` names the fee's and the frozen funds' currency. */
export function toOrder(row: OrderRow, names: { base: string; quote: string }): SpotOrder {
  const feeCurrency = row.side === 'buy' ? names.base : names.quote;
  const frozenCurrency = row.side === 'buy' ? names.quote : names.base;
  return {
    id: row.id,
    product: 'spot',
    symbol: row.symbol,
    match_id: row.match_id,
    side: row.side,
    kind: row.kind,
    status: row.status,
    open: row.status === 'open',
    amount: row.amount,
    target_price: row.target_price,
    avg_price: row.avg_price,
    total: row.total,
    fee: row.fee,
    fee_currency: feeCurrency,
    frozen: row.status === 'open' ? row.frozen : '0',
    frozen_currency: frozenCurrency,
    fills: row.fills,
    deciding_price: row.deciding_price,
    deciding_ts: row.deciding_ts,
    created_at: row.created_at,
    filled_at: row.filled_at,
    cancelled_at: row.cancelled_at,
    updated_at: row.updated_at,
  };
}

export interface NewOrder {
  userId: number;
  matchId: number;
  symbol: string;
  baseId: number;
  quoteId: number;
  side: SpotSide;
  kind: SpotKind;
  amount: string;
  targetPrice: string | null;
  feeRate: string;
  frozen: string;
  now: number;
}

/** A fill's outcome written on the order. */
export interface FillRecord {
  key: string;
  fills: SpotFill[];
  avgPrice: string;
  total: string;
  fee: string;
  received: string;
  decidingPrice: string;
  decidingTs: number;
  now: number;
}

export class SpotRepository {
  constructor(private readonly db: Queryable) {}

  /** Which of `userIds` have traded here (the invite statistics' "traded", server/users addTradeSource). */
  async tradersAmong(userIds: number[]): Promise<number[]> {
    const rows = await traderRows.all(
      this.db,
      "SELECT DISTINCT user_id FROM spot_orders WHERE status = 'filled' AND user_id = ANY(string_to_array($1, ',')::bigint[])",
      [userIds.join(',')],
    );
    return rows.map((r) => r.user_id);
  }

  async insert(q: Queryable, o: NewOrder): Promise<OrderRow> {
    const row = await orderRows.one(
      q,
      `INSERT INTO spot_orders (user_id, match_id, symbol, base_id, quote_id, side, kind, status, amount, target_price, fee_rate, frozen,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $9, $10, $11, $12, $12) RETURNING ${COLUMNS}`,
      [o.userId, o.matchId, o.symbol, o.baseId, o.quoteId, o.side, o.kind, o.amount, o.targetPrice, o.feeRate, o.frozen, o.now],
    );
    return asOrder(row!);
  }

  /** Marks an open order filled (once: the settlement key is unique) and stores its fills. */
  async fill(q: Queryable, id: number, f: FillRecord): Promise<OrderRow> {
    const row = await orderRows.one(
      q,
      `UPDATE spot_orders SET status = 'filled', settlement_key = $2, avg_price = $3, total = $4, fee = $5, received = $6,
         deciding_price = $7, deciding_ts = $8, filled_at = $9, updated_at = $9
       WHERE id = $1 AND status = 'open' RETURNING ${COLUMNS}`,
      [id, f.key, f.avgPrice, f.total, f.fee, f.received, f.decidingPrice, f.decidingTs, f.now],
    );
    if (!row) throw new Error(`spot order ${id} is not open`);
    const params = f.fills.flatMap((x, i) => [id, i + 1, x.price, x.amount]);
    const tuples = f.fills.map((_, i) => `($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4})`);
    await q.query(`INSERT INTO spot_fills (order_id, seq, price, amount) VALUES ${tuples.join(', ')}`, params);
    return asOrder(
      row,
      f.fills.map((x) => ({ price: new Decimal(x.price).toFixed(), amount: new Decimal(x.amount).toFixed() })),
    );
  }

  async cancel(q: Queryable, id: number, key: string, price: string, ts: number, now: number): Promise<OrderRow> {
    const row = await orderRows.one(
      q,
      `UPDATE spot_orders SET status = 'cancelled', settlement_key = $2, deciding_price = $3, deciding_ts = $4, cancelled_at = $5,
         updated_at = $5
       WHERE id = $1 AND status = 'open' RETURNING ${COLUMNS}`,
      [id, key, price, ts, now],
    );
    if (!row) throw new Error(`spot order ${id} is not open`);
    return asOrder(row);
  }

  async byId(id: number, q: Queryable = this.db): Promise<OrderRow | null> {
    const row = await orderRows.one(q, `SELECT ${COLUMNS} FROM spot_orders WHERE id = $1`, [id]);
    return row ? (await this.withFills([asOrder(row)], q))[0]! : null;
  }

  /** Locks one order for its change; null when it does not exist. */
  async lock(q: Queryable, id: number): Promise<OrderRow | null> {
    const row = await orderRows.one(q, `SELECT ${COLUMNS} FROM spot_orders WHERE id = $1 FOR UPDATE`, [id]);
    return row ? asOrder(row) : null;
  }

  /** A user's open orders, optionally on one pair, newest first. */
  async open(userId: number, matchId?: number, q: Queryable = this.db): Promise<OrderRow[]> {
    const rows = await orderRows.all(
      q,
      `SELECT ${COLUMNS} FROM spot_orders WHERE user_id = $1 AND status = 'open' AND ($2::int IS NULL OR match_id = $2) ORDER BY id DESC`,
      [userId, matchId ?? null],
    );
    return rows.map((r) => asOrder(r));
  }

  /** Every open order (the engine's working set). */
  async allOpen(): Promise<OrderRow[]> {
    const rows = await orderRows.all(this.db, `SELECT ${COLUMNS} FROM spot_orders WHERE status = 'open' ORDER BY id`);
    return rows.map((r) => asOrder(r));
  }

  /** One page of a user's orders, newest first, optionally of one pair and one status. */
  async page(
    userId: number,
    filter: { matchId?: number; status?: SpotStatus },
    page: { page: number; limit: number },
  ): Promise<Page<OrderRow>> {
    const result = await paginate(
      this.db,
      {
        select: COLUMNS,
        from: `FROM spot_orders WHERE user_id = $1 AND ($2::int IS NULL OR match_id = $2) AND ($3::text IS NULL OR status = $3)`,
        orderBy: 'id DESC',
        params: [userId, filter.matchId ?? null, filter.status ?? null],
      },
      page,
      (r) => asOrder(orderRows.check(r)),
    );
    return { ...result, data: await this.withFills(result.data) };
  }

  /** Every filled order, in id order, with its fills (the auditor), `limit` at a time after `afterId`. */
  async filled(afterId: number, limit: number, only: readonly number[] | null = null): Promise<OrderRow[]> {
    const params: SqlValue[] = [afterId, limit];
    const among = onlyRows('id', only, params);
    const rows = await orderRows.all(
      this.db,
      `SELECT ${COLUMNS} FROM spot_orders WHERE status = 'filled' AND id > $1${among} ORDER BY id LIMIT $2`,
      params,
    );
    return this.withFills(rows.map((r) => asOrder(r)));
  }

  private async withFills(rows: OrderRow[], q: Queryable = this.db): Promise<OrderRow[]> {
    const ids = rows.filter((r) => r.status === 'filled').map((r) => r.id);
    if (!ids.length) return rows;
    const fills = await fillRows.all(
      q,
      `SELECT order_id, price, amount FROM spot_fills
       WHERE order_id = ANY(string_to_array($1, ',')::bigint[]) ORDER BY order_id, seq`,
      [ids.join(',')],
    );
    const by = new Map<number, SpotFill[]>();
    for (const f of fills) {
      const list = by.get(f.order_id) ?? [];
      list.push({ price: f.price, amount: f.amount });
      by.set(f.order_id, list);
    }
    return rows.map((r) => ({ ...r, fills: by.get(r.id) ?? r.fills }));
  }
}
