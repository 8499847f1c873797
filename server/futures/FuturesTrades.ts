/**
 * The rows of `futures_trades` (migration 006): one trade through its whole life, entrusted order
 * to closed position. Amounts and prices are written as decimal strings computed by the domain
 * formulas and read back through a checked row reader (server/db/rows.ts) as normalised decimal
 * strings, never as floats. FuturesRepository (the area's one repository) builds on this class.
 */
import type { Page } from '../../domain/api/envelope';
import type { Decimal } from '../../domain/decimal';
import type { CloseReason, FuturesSide, FuturesStatus, FuturesTrade } from '../../domain/futures/types';
import type { Queryable } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';

// NUMERIC columns (prices included) come back normalised by the drivers' parser, as the trade's
// views have always shown them. open_ts and close_ts are the tick times of the fill and the close.
/** The trade's own columns. */
const OWN_COLUMNS = `id, user_id, match_id, symbol, side, kind, status, share, number, multiple,
  target_price, open_price, quote_usdt, margin, fee, overnight_fee, target_profit_price,
  stop_loss_price, profit, close_price, close_reason, created_at, opened_at, closed_at, updated_at`;
export const TRADE_COLUMNS = `${OWN_COLUMNS},
  (SELECT f.tick_ts FROM futures_settlements f WHERE f.key = 'futures:' || futures_trades.id || ':fill') AS open_ts,
  (SELECT c.tick_ts FROM futures_settlements c WHERE c.key = 'futures:' || futures_trades.id || ':close') AS close_ts`;

/** A trade as stored, with its owner; a row always has both tick times (null until filled / closed). */
export interface TradeRow extends Omit<FuturesTrade, 'product' | 'open'> {
  user_id: number;
  open_ts: number | null;
  close_ts: number | null;
}

export const tradeRows = rowReader<TradeRow>('futures_trades', {
  id: 'int',
  user_id: 'int',
  match_id: 'int',
  symbol: 'text',
  side: 'text',
  kind: 'text',
  status: 'text',
  share: 'decimal',
  number: 'decimal',
  multiple: 'int',
  target_price: 'decimal?',
  open_price: 'decimal?',
  quote_usdt: 'decimal',
  margin: 'decimal',
  fee: 'decimal',
  overnight_fee: 'decimal',
  target_profit_price: 'decimal?',
  stop_loss_price: 'decimal?',
  profit: 'decimal?',
  close_price: 'decimal?',
  close_reason: 'text?',
  created_at: 'int',
  opened_at: 'int?',
  closed_at: 'int?',
  updated_at: 'int',
  open_ts: 'int?',
  close_ts: 'int?',
});

/** What a new order's size limits read of the user's live (open and entrusted) trades on a pair, and of the pair. */
export interface SizeLimits {
  /** Lots held, both sides. */
  held: Decimal;
  /** Σ value of the live trades on the order's side (`positionValue` at the open price, else the limit). */
  sideValue: Decimal;
  /** The platform's side of the pair (its running sums). */
  net: Decimal;
  /** The operator's cap, null: the default. */
  cap: string | null;
}
const ownerRows = rowReader<{ id: number; user_id: number }>('futures_trades', { id: 'int', user_id: 'int' });
const traderRows = rowReader<{ user_id: number }>('futures_trades', { user_id: 'int' });
const countRows = rowReader<{ n: number }>('futures_trades', { n: 'int' });

/** The wire form: `open` is true while the trade is live (entrusted or open). */
export function toTrade(row: TradeRow): FuturesTrade {
  const { user_id: _owner, ...rest } = row;
  return { ...rest, product: 'futures', open: row.status === 'entrusted' || row.status === 'open' };
}

export interface NewTrade {
  userId: number;
  matchId: number;
  symbol: string;
  side: FuturesSide;
  kind: 'market' | 'limit';
  status: 'entrusted' | 'open';
  share: string;
  number: string;
  multiple: number;
  targetPrice: string | null;
  openPrice: string | null;
  quoteUsdt: string;
  margin: string;
  fee: string;
  takeProfit: string | null;
  stopLoss: string | null;
  now: number;
}

/** What may change on a trade; absent fields stay. */
export interface TradeChange {
  status?: FuturesStatus;
  open_price?: string;
  margin?: string;
  fee?: string;
  overnight_fee?: string;
  target_profit_price?: string | null;
  stop_loss_price?: string | null;
  profit?: string;
  close_price?: string;
  close_reason?: CloseReason;
  opened_at?: number;
  closed_at?: number;
}

export type TradeStatusFilter = FuturesStatus | 'history';

/** The trade rows' queries: placing, locking, changing and listing trades. */
export class FuturesTrades {
  constructor(protected readonly db: Queryable) {}

  /**
   * Places a trade. With `fill` (an order that fills as placed) its fill's settlement row
   * (`futures:<id>:fill`, at the deciding mark and its tick, with the trade's margin and fee) is
   * written by the same statement, and the row comes back with that tick as its open time.
   */
  async insert(q: Queryable, t: NewTrade, fill?: { price: string; tickTs: number }): Promise<TradeRow> {
    const params = [
      t.userId,
      t.matchId,
      t.symbol,
      t.side,
      t.kind,
      t.status,
      t.share,
      t.number,
      t.multiple,
      t.targetPrice,
      t.openPrice,
      t.quoteUsdt,
      t.margin,
      t.fee,
      t.takeProfit,
      t.stopLoss,
      t.now,
      t.status === 'open' ? t.now : null,
    ];
    const insert = `INSERT INTO futures_trades (user_id, match_id, symbol, side, kind, status, share, number, multiple, target_price, open_price,
         quote_usdt, margin, fee, target_profit_price, stop_loss_price, created_at, opened_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $17)`;
    if (!fill) return (await tradeRows.one(q, `${insert} RETURNING ${TRADE_COLUMNS}`, params))!;
    const row = await tradeRows.one(
      q,
      `WITH t AS (${insert} RETURNING ${OWN_COLUMNS}),
         s AS (INSERT INTO futures_settlements (trade_id, user_id, kind, key, price, tick_ts, margin, fee, profit, insurance, bad_debt, created_at)
               SELECT id, user_id, 'fill', 'futures:' || id || ':fill', $19::numeric, $20::bigint, margin, fee, 0, 0, 0, $17 FROM t)
       SELECT ${OWN_COLUMNS}, $20::bigint AS open_ts, NULL::bigint AS close_ts FROM t`,
      [...params, fill.price, fill.tickTs],
    );
    return row!;
  }

  async byId(id: number, q: Queryable = this.db): Promise<TradeRow | null> {
    return (await tradeRows.one(q, `SELECT ${TRADE_COLUMNS} FROM futures_trades WHERE id = $1`, [id])) ?? null;
  }

  /** Locks one trade for its change; null when it does not exist. */
  async lock(q: Queryable, id: number): Promise<TradeRow | null> {
    return (await tradeRows.one(q, `SELECT ${TRADE_COLUMNS} FROM futures_trades WHERE id = $1 FOR UPDATE`, [id])) ?? null;
  }

  /** Locks a user's live trades of a status (optionally one side), oldest first. */
  async lockLive(q: Queryable, userId: number, status: 'open' | 'entrusted', side?: FuturesSide): Promise<TradeRow[]> {
    return tradeRows.all(
      q,
      `SELECT ${TRADE_COLUMNS} FROM futures_trades WHERE user_id = $1 AND status = $2 AND ($3::text IS NULL OR side = $3) ORDER BY id FOR UPDATE`,
      [userId, status, side ?? null],
    );
  }

  /** How many trades of the user are live (open or entrusted). */
  async countLive(q: Queryable, userId: number): Promise<number> {
    const row = await countRows.one(q, `SELECT COUNT(*) AS n FROM futures_trades WHERE user_id = $1 AND status IN ('open', 'entrusted')`, [
      userId,
    ]);
    return row?.n ?? 0;
  }

  async update(q: Queryable, id: number, change: TradeChange, now: number): Promise<TradeRow> {
    const entries = Object.entries(change).filter(([, v]) => v !== undefined);
    const sets = entries.map(([k], i) => `${k} = $${i + 3}`);
    const row = await tradeRows.one(
      q,
      `UPDATE futures_trades SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1 RETURNING ${TRADE_COLUMNS}`,
      [id, now, ...entries.map(([, v]) => v as string | number | null)],
    );
    return row!;
  }

  /** A user's live trades of a status, optionally on one pair, oldest first. */
  async live(userId: number, status: 'open' | 'entrusted', matchId?: number, q: Queryable = this.db): Promise<TradeRow[]> {
    return tradeRows.all(
      q,
      `SELECT ${TRADE_COLUMNS} FROM futures_trades WHERE user_id = $1 AND status = $2 AND ($3::int IS NULL OR match_id = $3) ORDER BY id`,
      [userId, status, matchId ?? null],
    );
  }

  /** Every live trade (the engine's working set). */
  async allLive(): Promise<TradeRow[]> {
    return tradeRows.all(this.db, `SELECT ${TRADE_COLUMNS} FROM futures_trades WHERE status IN ('open', 'entrusted') ORDER BY id`);
  }

  /** Open positions opened before `before` that have no settlement of `kind` yet (the overnight fee's candidates). */
  async openWithout(kind: string, before: number): Promise<{ id: number; user_id: number }[]> {
    return ownerRows.all(
      this.db,
      `SELECT t.id, t.user_id FROM futures_trades t
       WHERE t.status = 'open' AND t.opened_at < $2
         AND NOT EXISTS (SELECT 1 FROM futures_settlements s WHERE s.trade_id = t.id AND s.kind = $1)
       ORDER BY t.id`,
      [kind, before],
    );
  }

  /** One page of a user's trades: a status, or `history` (closed and cancelled), newest first. */
  async page(
    userId: number,
    status: TradeStatusFilter,
    matchId: number | undefined,
    page: { page: number; limit: number },
  ): Promise<Page<TradeRow>> {
    const statuses = status === 'history' ? ['closed', 'cancelled'] : [status];
    return paginate(
      this.db,
      {
        select: TRADE_COLUMNS,
        from: `FROM futures_trades WHERE user_id = $1 AND status = ANY($2::text[]) AND ($3::int IS NULL OR match_id = $3)`,
        orderBy: 'COALESCE(closed_at, updated_at) DESC, id DESC',
        params: [userId, `{${statuses.join(',')}}`, matchId ?? null],
      },
      page,
      tradeRows.check,
    );
  }

  /** A user's closed positions (closed after `since`), oldest first (copy trading's statistics). */
  async closedOf(userId: number, since = 0): Promise<TradeRow[]> {
    return tradeRows.all(
      this.db,
      `SELECT ${TRADE_COLUMNS} FROM futures_trades WHERE user_id = $1 AND status = 'closed' AND closed_at > $2 ORDER BY closed_at, id`,
      [userId, since],
    );
  }

  /** Each of these users' closed positions, oldest first (copy trading's hourly statistics, one read for many traders). */
  async closedOfUsers(userIds: readonly number[]): Promise<Map<number, TradeRow[]>> {
    const byUser = new Map<number, TradeRow[]>(userIds.map((id) => [id, []]));
    if (!userIds.length) return byUser;
    const rows = await tradeRows.all(
      this.db,
      `SELECT ${TRADE_COLUMNS} FROM futures_trades WHERE user_id = ANY(string_to_array($1, ',')::bigint[]) AND status = 'closed'
       ORDER BY user_id, closed_at, id`,
      [userIds.join(',')],
    );
    for (const row of rows) byUser.get(row.user_id)?.push(row);
    return byUser;
  }

  /** Trades by id (copy trading's copies and the trades they copy). */
  async byIds(ids: readonly number[], q: Queryable = this.db): Promise<Map<number, TradeRow>> {
    if (!ids.length) return new Map();
    const rows = await tradeRows.all(q, `SELECT ${TRADE_COLUMNS} FROM futures_trades WHERE id = ANY(string_to_array($1, ',')::bigint[])`, [
      ids.join(','),
    ]);
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Open positions of `userIds` opened at or after `since` (the mirror's sweep). */
  async openOf(userIds: readonly number[], since: number): Promise<TradeRow[]> {
    if (!userIds.length) return [];
    return tradeRows.all(
      this.db,
      `SELECT ${TRADE_COLUMNS} FROM futures_trades WHERE status = 'open' AND opened_at >= $2 AND user_id = ANY(string_to_array($1, ',')::bigint[]) ORDER BY opened_at, id`,
      [userIds.join(','), since],
    );
  }

  /** Which of these users have opened a position (the invite statistics' "traded"). */
  async tradersAmong(userIds: number[]): Promise<number[]> {
    const rows = await traderRows.all(
      this.db,
      "SELECT DISTINCT user_id FROM futures_trades WHERE opened_at IS NOT NULL AND user_id = ANY(string_to_array($1, ',')::bigint[])",
      [userIds.join(',')],
    );
    return rows.map((r) => r.user_id);
  }
}
