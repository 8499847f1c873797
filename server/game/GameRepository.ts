/**
 * The one owner of `game_points`, `game_grants` and `game_rounds` (migration 022): every SQL
 * string naming them lives here. Points are whole numbers (BIGINT, read as numbers); prices are
 * NUMERIC, read back through checked row readers (server/db/rows.ts) as normalised decimal strings.
 */
import type { Page } from '../../domain/api/envelope';
import type { GameDecider, GameDirection, GameResult, GameRoundStatus } from '../../domain/game/types';
import type { Queryable } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';

const COLUMNS = `id, user_id, match_id, symbol, direction, stake, status, open_price, open_ts, closes_at,
  close_price, close_ts, decided_by, result, returned, net, created_at, settled_at`;

export interface GameRoundRow {
  id: number;
  user_id: number;
  match_id: number;
  symbol: string;
  direction: GameDirection;
  stake: number;
  status: GameRoundStatus;
  open_price: string;
  open_ts: number;
  closes_at: number;
  close_price: string | null;
  close_ts: number | null;
  decided_by: GameDecider | null;
  result: GameResult | null;
  returned: number | null;
  net: number | null;
  created_at: number;
  settled_at: number | null;
}

const roundRows = rowReader<GameRoundRow>('game_rounds', {
  id: 'int',
  user_id: 'int',
  match_id: 'int',
  symbol: 'text',
  direction: 'text',
  stake: 'int',
  status: 'text',
  open_price: 'decimal',
  open_ts: 'int',
  closes_at: 'int',
  close_price: 'decimal?',
  close_ts: 'int?',
  decided_by: 'text?',
  result: 'text?',
  returned: 'int?',
  net: 'int?',
  created_at: 'int',
  settled_at: 'int?',
});

const pointRows = rowReader<{ points: number }>('game_points', { points: 'int' });

const grantRows = rowReader<{ amount: number }>('game_grants', { amount: 'int' });

export interface LeaderRow {
  user_id: number;
  won: number;
  rounds: number;
}

/** SUM over BIGINT is NUMERIC, so the query casts it back to BIGINT to read a number. */
const leaderRows = rowReader<LeaderRow>('game_rounds', { user_id: 'int', won: 'int', rounds: 'int' });

export interface NewRound {
  userId: number;
  matchId: number;
  symbol: string;
  direction: GameDirection;
  stake: number;
  openPrice: string;
  openTs: number;
  closesAt: number;
  now: number;
}

export interface RoundSettlement {
  closePrice: string;
  closeTs: number;
  decidedBy: GameDecider;
  result: GameResult;
  returned: number;
  net: number;
  now: number;
}

export class GameRepository {
  constructor(private readonly db: Queryable) {}

  // ---- points ---------------------------------------------------------------------------------

  async points(userId: number, q: Queryable = this.db): Promise<number> {
    const row = await pointRows.one(q, 'SELECT points FROM game_points WHERE user_id = $1', [userId]);
    return row?.points ?? 0;
  }

  /** Locks (creating at 0 when missing) the user's points row; answers the points. */
  async lockPoints(q: Queryable, userId: number, now: number): Promise<number> {
    await q.query('INSERT INTO game_points (user_id, points, updated_at) VALUES ($1, 0, $2) ON CONFLICT (user_id) DO NOTHING', [
      userId,
      now,
    ]);
    const row = await pointRows.one(q, 'SELECT points FROM game_points WHERE user_id = $1 FOR UPDATE', [userId]);
    return row!.points;
  }

  /** Adds `delta` (negative: takes) to the user's points; the CHECK refuses a negative result. */
  async addPoints(q: Queryable, userId: number, delta: number, now: number): Promise<number> {
    const row = await pointRows.one(q, 'UPDATE game_points SET points = points + $2, updated_at = $3 WHERE user_id = $1 RETURNING points', [
      userId,
      delta,
      now,
    ]);
    return row!.points;
  }

  /** Records the day's grant; false when that day was granted already. */
  async grant(q: Queryable, userId: number, day: number, amount: number, now: number): Promise<boolean> {
    const rows = await q.query(
      'INSERT INTO game_grants (user_id, day, amount, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, day) DO NOTHING RETURNING day',
      [userId, day, amount, now],
    );
    return rows.length > 0;
  }

  async grantedOn(userId: number, day: number, q: Queryable = this.db): Promise<number> {
    const row = await grantRows.one(q, 'SELECT amount FROM game_grants WHERE user_id = $1 AND day = $2', [userId, day]);
    return row?.amount ?? 0;
  }

  // ---- rounds ---------------------------------------------------------------------------------

  async insert(q: Queryable, r: NewRound): Promise<GameRoundRow> {
    const row = await roundRows.one(
      q,
      `INSERT INTO game_rounds (user_id, match_id, symbol, direction, stake, status, open_price, open_ts, closes_at, created_at)
       VALUES ($1, $2, $3, $4, $5, 'open', $6, $7, $8, $9) RETURNING ${COLUMNS}`,
      [r.userId, r.matchId, r.symbol, r.direction, r.stake, r.openPrice, r.openTs, r.closesAt, r.now],
    );
    return row!;
  }

  async byId(id: number, q: Queryable = this.db): Promise<GameRoundRow | null> {
    const row = await roundRows.one(q, `SELECT ${COLUMNS} FROM game_rounds WHERE id = $1`, [id]);
    return row ?? null;
  }

  async lock(q: Queryable, id: number): Promise<GameRoundRow | null> {
    const row = await roundRows.one(q, `SELECT ${COLUMNS} FROM game_rounds WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async openOf(userId: number, q: Queryable = this.db): Promise<GameRoundRow | null> {
    const row = await roundRows.one(q, `SELECT ${COLUMNS} FROM game_rounds WHERE user_id = $1 AND status = 'open'`, [userId]);
    return row ?? null;
  }

  /** Records a round's settlement; null when it was settled already. */
  async settle(q: Queryable, id: number, s: RoundSettlement): Promise<GameRoundRow | null> {
    const row = await roundRows.one(
      q,
      `UPDATE game_rounds SET status = 'settled', close_price = $2, close_ts = $3, decided_by = $4, result = $5, returned = $6,
         net = $7, settled_at = $8
       WHERE id = $1 AND status = 'open' RETURNING ${COLUMNS}`,
      [id, s.closePrice, s.closeTs, s.decidedBy, s.result, s.returned, s.net, s.now],
    );
    return row ?? null;
  }

  /** Every open round (the engine's working set). */
  async allOpen(): Promise<GameRoundRow[]> {
    return roundRows.all(this.db, `SELECT ${COLUMNS} FROM game_rounds WHERE status = 'open' ORDER BY closes_at, id`);
  }

  async page(userId: number, page: { page: number; limit: number }): Promise<Page<GameRoundRow>> {
    return paginate(
      this.db,
      { select: COLUMNS, from: 'FROM game_rounds WHERE user_id = $1', orderBy: 'id DESC', params: [userId] },
      page,
      roundRows.check,
    );
  }

  /** The top `limit` players by net points of rounds settled at or after `since`. */
  async leaders(since: number, limit: number): Promise<LeaderRow[]> {
    return leaderRows.all(
      this.db,
      `SELECT user_id, SUM(net)::bigint AS won, COUNT(*) AS rounds FROM game_rounds
       WHERE status = 'settled' AND settled_at >= $1 GROUP BY user_id ORDER BY SUM(net) DESC, MIN(id) LIMIT $2`,
      [since, limit],
    );
  }
}
