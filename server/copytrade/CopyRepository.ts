/**
 * The one owner of `traders`, `follows`, `copies` and `trader_stats` (migration 014): every SQL
 * string naming them lives here; their row shapes and readers are in copyRows.ts. Futures trades
 * are read through the futures area's repository, users through the users area's.
 */
import type { Page } from '../../domain/api/envelope';
import type { FollowStatus, PositionVisibility } from '../../domain/copytrade/types';
import type { Queryable, SqlValue } from '../db/db';
import { paginate } from '../db/paginate';
import {
  COPY_COLUMNS,
  copyRows,
  FOLLOW_COLUMNS,
  followRows,
  STATS_COLUMNS,
  statsRows,
  TRADER_COLUMNS,
  traderRows,
  type CopyRow,
  type FollowRow,
  type StatsRow,
  type TraderRow,
} from './copyRows';

export type { CopyRow, FollowRow, StatsRow, TraderRow } from './copyRows';

export class CopyRepository {
  constructor(private readonly db: Queryable) {}

  // ---- traders -------------------------------------------------------------------------------

  async trader(userId: number, q: Queryable = this.db): Promise<TraderRow | null> {
    const row = await traderRows.one(q, `SELECT ${TRADER_COLUMNS} FROM traders WHERE user_id = $1`, [userId]);
    return row ?? null;
  }

  async lockTrader(q: Queryable, userId: number): Promise<TraderRow | null> {
    const row = await traderRows.one(q, `SELECT ${TRADER_COLUMNS} FROM traders WHERE user_id = $1 FOR UPDATE`, [userId]);
    return row ?? null;
  }

  /** A new application, or a rejected one made again. */
  async apply(q: Queryable, userId: number, now: number): Promise<TraderRow> {
    const row = await traderRows.one(
      q,
      `INSERT INTO traders (user_id, status, applied_at) VALUES ($1, 'pending', $2)
       ON CONFLICT (user_id) DO UPDATE SET status = 'pending', reason = NULL, decided_at = NULL, applied_at = $2 WHERE traders.status = 'rejected'
       RETURNING ${TRADER_COLUMNS}`,
      [userId, now],
    );
    return row!;
  }

  /** Decides a pending application; null when it was not pending. */
  async decide(
    q: Queryable,
    userId: number,
    status: 'approved' | 'rejected',
    reason: string | null,
    now: number,
  ): Promise<TraderRow | null> {
    const row = await traderRows.one(
      q,
      `UPDATE traders SET status = $2, reason = $3, decided_at = $4 WHERE user_id = $1 AND status = 'pending' RETURNING ${TRADER_COLUMNS}`,
      [userId, status, reason, now],
    );
    return row ?? null;
  }

  async setSettings(q: Queryable, userId: number, accepting: boolean, visibility: PositionVisibility): Promise<TraderRow> {
    const row = await traderRows.one(
      q,
      `UPDATE traders SET accepting = $2, visibility = $3 WHERE user_id = $1 RETURNING ${TRADER_COLUMNS}`,
      [userId, accepting, visibility],
    );
    return row!;
  }

  async traders(status?: TraderRow['status']): Promise<TraderRow[]> {
    return traderRows.all(
      this.db,
      `SELECT ${TRADER_COLUMNS} FROM traders WHERE ($1::text IS NULL OR status = $1) ORDER BY applied_at, user_id`,
      [status ?? null],
    );
  }

  async approvedIds(): Promise<number[]> {
    const rows = await this.db.query<{ user_id: number }>(`SELECT user_id FROM traders WHERE status = 'approved'`);
    return rows.map((r) => r.user_id);
  }

  // ---- statistics ----------------------------------------------------------------------------

  async stats(userId: number): Promise<StatsRow | null> {
    const row = await statsRows.one(this.db, `SELECT ${STATS_COLUMNS} FROM trader_stats WHERE user_id = $1`, [userId]);
    return row ?? null;
  }

  async allStats(): Promise<Map<number, StatsRow>> {
    const rows = await statsRows.all(this.db, `SELECT ${STATS_COLUMNS} FROM trader_stats`);
    return new Map(rows.map((r) => [r.user_id, r]));
  }

  /** Writes these traders' figures, one statement for all of them. */
  async saveStats(stats: readonly StatsRow[]): Promise<void> {
    if (!stats.length) return;
    const params: SqlValue[] = [];
    const tuples = stats.map((s) => {
      const at = params.length;
      params.push(
        s.user_id,
        s.followers,
        s.total_pnl,
        s.accuracy,
        s.closed_trades,
        s.ror_7d,
        s.ror_30d,
        JSON.stringify(s.equity),
        s.computed_at,
      );
      return `($${at + 1}::bigint, $${at + 2}::int, $${at + 3}::numeric, $${at + 4}::numeric, $${at + 5}::int, $${at + 6}::numeric, $${at + 7}::numeric, $${at + 8}::text, $${at + 9}::bigint)`;
    });
    await this.db.query(
      `INSERT INTO trader_stats (user_id, followers, total_pnl, accuracy, closed_trades, ror_7d, ror_30d, equity, computed_at)
       VALUES ${tuples.join(', ')}
       ON CONFLICT (user_id) DO UPDATE SET followers = excluded.followers, total_pnl = excluded.total_pnl, accuracy = excluded.accuracy,
         closed_trades = excluded.closed_trades, ror_7d = excluded.ror_7d, ror_30d = excluded.ror_30d, equity = excluded.equity,
         computed_at = excluded.computed_at`,
      params,
    );
  }

  async followerCount(traderId: number): Promise<number> {
    return (await this.followerCounts([traderId])).get(traderId) ?? 0;
  }

  /** How many follow each of these traders now (0 for none). */
  async followerCounts(traderIds: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>(traderIds.map((id) => [id, 0]));
    if (!traderIds.length) return counts;
    const rows = await this.db.query<{ trader_id: number; n: number }>(
      `SELECT trader_id, COUNT(*)::int AS n FROM follows
       WHERE trader_id = ANY(string_to_array($1, ',')::bigint[]) AND status = 'following' GROUP BY trader_id`,
      [traderIds.join(',')],
    );
    for (const row of rows) counts.set(row.trader_id, row.n);
    return counts;
  }

  // ---- follows -------------------------------------------------------------------------------

  async follow(id: number, q: Queryable = this.db): Promise<FollowRow | null> {
    const row = await followRows.one(q, `SELECT ${FOLLOW_COLUMNS} FROM follows WHERE id = $1`, [id]);
    return row ?? null;
  }

  async lockFollow(q: Queryable, id: number): Promise<FollowRow | null> {
    const row = await followRows.one(q, `SELECT ${FOLLOW_COLUMNS} FROM follows WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  /** The follower's active follow of a trader, locked. */
  async lockActive(q: Queryable, followerId: number, traderId: number): Promise<FollowRow | null> {
    const row = await followRows.one(
      q,
      `SELECT ${FOLLOW_COLUMNS} FROM follows WHERE follower_id = $1 AND trader_id = $2 AND status = 'following' FOR UPDATE`,
      [followerId, traderId],
    );
    return row ?? null;
  }

  async insertFollow(
    q: Queryable,
    f: Pick<FollowRow, 'follower_id' | 'trader_id' | 'type' | 'number' | 'max_margin' | 'stop_loss' | 'daily_limit' | 'created_at'>,
  ): Promise<FollowRow> {
    const row = await followRows.one(
      q,
      `INSERT INTO follows (follower_id, trader_id, type, number, max_margin, stop_loss, daily_limit, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'following', $8, $8) RETURNING ${FOLLOW_COLUMNS}`,
      [f.follower_id, f.trader_id, f.type, f.number, f.max_margin, f.stop_loss, f.daily_limit, f.created_at],
    );
    return row!;
  }

  async editFollow(
    q: Queryable,
    id: number,
    f: Pick<FollowRow, 'type' | 'number' | 'max_margin' | 'stop_loss' | 'daily_limit'>,
    now: number,
  ): Promise<FollowRow> {
    const row = await followRows.one(
      q,
      `UPDATE follows SET type = $2, number = $3, max_margin = $4, stop_loss = $5, daily_limit = $6, updated_at = $7 WHERE id = $1
       RETURNING ${FOLLOW_COLUMNS}`,
      [id, f.type, f.number, f.max_margin, f.stop_loss, f.daily_limit, now],
    );
    return row!;
  }

  async cancelFollow(q: Queryable, id: number, reason: 'user' | 'stop_loss', now: number): Promise<FollowRow | null> {
    const row = await followRows.one(
      q,
      `UPDATE follows SET status = 'cancelled', cancel_reason = $2, cancelled_at = $3, updated_at = $3 WHERE id = $1 AND status = 'following'
       RETURNING ${FOLLOW_COLUMNS}`,
      [id, reason, now],
    );
    return row ?? null;
  }

  async followsOf(followerId: number, status?: FollowStatus): Promise<FollowRow[]> {
    return followRows.all(
      this.db,
      `SELECT ${FOLLOW_COLUMNS} FROM follows WHERE follower_id = $1 AND ($2::text IS NULL OR status = $2) ORDER BY id DESC`,
      [followerId, status ?? null],
    );
  }

  /** The active follows of a trader made before `before` (a position opened later is not theirs to copy before they followed). */
  async activeFollowers(traderId: number, before: number): Promise<FollowRow[]> {
    return followRows.all(
      this.db,
      `SELECT ${FOLLOW_COLUMNS} FROM follows WHERE trader_id = $1 AND status = 'following' AND created_at <= $2 ORDER BY id`,
      [traderId, before],
    );
  }

  async activeFollows(): Promise<FollowRow[]> {
    return followRows.all(this.db, `SELECT ${FOLLOW_COLUMNS} FROM follows WHERE status = 'following' ORDER BY id`);
  }

  /**
   * The active follows with a copy stop-loss whose P&L can still move: with a copy not yet marked
   * closed (`markClosed`). The others' P&L is realised and was checked before their last copy was
   * marked (the sweep checks first, then marks only what closed before the check).
   */
  async guardedFollows(): Promise<FollowRow[]> {
    return followRows.all(
      this.db,
      `SELECT ${FOLLOW_COLUMNS} FROM follows f WHERE status = 'following' AND stop_loss IS NOT NULL
         AND EXISTS (SELECT 1 FROM copies c WHERE c.follow_id = f.id AND c.outcome = 'copied' AND c.closed_at IS NULL)
       ORDER BY id`,
    );
  }

  // ---- copies --------------------------------------------------------------------------------

  /** Records what a trader order did for a follow, once: null when it was recorded before. */
  async insertCopy(q: Queryable, c: Omit<CopyRow, 'id' | 'self_held'>): Promise<CopyRow | null> {
    const row = await copyRows.one(
      q,
      `INSERT INTO copies (follow_id, follower_id, trader_id, trader_trade_id, outcome, skip_reason, trade_id, symbol, side, multiple, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (follow_id, trader_trade_id) DO NOTHING RETURNING ${COPY_COLUMNS}`,
      [
        c.follow_id,
        c.follower_id,
        c.trader_id,
        c.trader_trade_id,
        c.outcome,
        c.skip_reason,
        c.trade_id,
        c.symbol,
        c.side,
        c.multiple,
        c.created_at,
      ],
    );
    return row ?? null;
  }

  async copyOf(followId: number, traderTradeId: number, q: Queryable = this.db): Promise<CopyRow | null> {
    const row = await copyRows.one(q, `SELECT ${COPY_COLUMNS} FROM copies WHERE follow_id = $1 AND trader_trade_id = $2`, [
      followId,
      traderTradeId,
    ]);
    return row ?? null;
  }

  /**
   * Of these futures trades, what is already decided for the sweep: each `follow_id:trader_trade_id`
   * recorded (copied or skipped), and each trade that is itself a copy (never passed on). Two
   * queries for the whole sweep instead of two per follow and trade.
   */
  async recordedFor(tradeIds: readonly number[]): Promise<{ recorded: Set<string>; copies: Set<number> }> {
    if (!tradeIds.length) return { recorded: new Set(), copies: new Set() };
    const ids = tradeIds.join(',');
    const [recorded, copies] = await Promise.all([
      this.db.query<{ follow_id: number; trader_trade_id: number }>(
        "SELECT follow_id, trader_trade_id FROM copies WHERE trader_trade_id = ANY(string_to_array($1, ',')::bigint[])",
        [ids],
      ),
      this.db.query<{ trade_id: number }>("SELECT trade_id FROM copies WHERE trade_id = ANY(string_to_array($1, ',')::bigint[])", [ids]),
    ]);
    return {
      recorded: new Set(recorded.map((r) => `${r.follow_id}:${r.trader_trade_id}`)),
      copies: new Set(copies.map((r) => r.trade_id)),
    };
  }

  async copyByTrade(tradeId: number, q: Queryable = this.db): Promise<CopyRow | null> {
    const row = await copyRows.one(q, `SELECT ${COPY_COLUMNS} FROM copies WHERE trade_id = $1`, [tradeId]);
    return row ?? null;
  }

  async lockCopyByTrade(q: Queryable, tradeId: number): Promise<CopyRow | null> {
    const row = await copyRows.one(q, `SELECT ${COPY_COLUMNS} FROM copies WHERE trade_id = $1 FOR UPDATE`, [tradeId]);
    return row ?? null;
  }

  async setSelfHeld(q: Queryable, id: number): Promise<CopyRow> {
    const row = await copyRows.one(q, `UPDATE copies SET self_held = TRUE WHERE id = $1 RETURNING ${COPY_COLUMNS}`, [id]);
    return row!;
  }

  /** The copies a trader order made (its close closes those still copying). */
  async copiesOfTraderTrade(traderTradeId: number): Promise<CopyRow[]> {
    return copyRows.all(this.db, `SELECT ${COPY_COLUMNS} FROM copies WHERE trader_trade_id = $1 AND outcome = 'copied' ORDER BY id`, [
      traderTradeId,
    ]);
  }

  /** A follow's copies (its P&L, its stop-loss). */
  async copiesOfFollow(followId: number): Promise<CopyRow[]> {
    return copyRows.all(this.db, `SELECT ${COPY_COLUMNS} FROM copies WHERE follow_id = $1 AND outcome = 'copied' ORDER BY id`, [followId]);
  }

  /** The copies of several follows at once (the sweep's stop-loss reads every guarded follow's together). */
  async copiesOfFollows(followIds: readonly number[]): Promise<CopyRow[]> {
    if (!followIds.length) return [];
    return copyRows.all(
      this.db,
      `SELECT ${COPY_COLUMNS} FROM copies WHERE follow_id = ANY($1::bigint[]) AND outcome = 'copied' ORDER BY follow_id, id`,
      [`{${followIds.join(',')}}`],
    );
  }

  /** Copies a follow made since `since` (the daily limit). */
  async copiedSince(q: Queryable, followId: number, since: number): Promise<number> {
    const [row] = await q.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM copies WHERE follow_id = $1 AND outcome = 'copied' AND created_at >= $2`,
      [followId, since],
    );
    return row?.n ?? 0;
  }

  /** The copies still open: copied, not self-held, their own trade not seen closed (`markClosed`). */
  async copying(): Promise<CopyRow[]> {
    return copyRows.all(
      this.db,
      `SELECT ${COPY_COLUMNS} FROM copies WHERE outcome = 'copied' AND NOT self_held AND closed_at IS NULL ORDER BY id`,
    );
  }

  /** Marks copies whose own futures trade has closed: the sweep stops reading them. */
  async markClosed(ids: readonly number[], now: number): Promise<void> {
    if (!ids.length) return;
    await this.db.query("UPDATE copies SET closed_at = $2 WHERE id = ANY(string_to_array($1, ',')::bigint[]) AND closed_at IS NULL", [
      ids.join(','),
      now,
    ]);
  }

  async page(followerId: number, page: { page: number; limit: number }): Promise<Page<CopyRow>> {
    return paginate(
      this.db,
      { select: COPY_COLUMNS, from: 'FROM copies WHERE follower_id = $1', orderBy: 'id DESC', params: [followerId] },
      page,
      copyRows.check,
    );
  }

  /** All of a follower's copies, newest first (the lists filter by the trades' state). */
  async copiesOf(followerId: number): Promise<CopyRow[]> {
    return copyRows.all(this.db, `SELECT ${COPY_COLUMNS} FROM copies WHERE follower_id = $1 ORDER BY id DESC`, [followerId]);
  }
}
