import type { Db, Queryable } from '../db/db';
import { rowReader } from '../db/rows';

export interface WatchlistRow {
  pair_id: number;
  created_at: number;
}

const watchRows = rowReader<WatchlistRow>('watchlist', { pair_id: 'int', created_at: 'int' });

const countRows = rowReader<{ n: number }>('watchlist', { n: 'int' });

/** The `watchlist` table: the pairs each user starred. */
export class WatchlistRepository {
  constructor(private readonly db: Db) {}

  /** The user's starred pairs, newest first. */
  async list(userId: number, q: Queryable = this.db): Promise<WatchlistRow[]> {
    return watchRows.all(q, 'SELECT pair_id, created_at FROM watchlist WHERE user_id = $1 ORDER BY id DESC', [userId]);
  }

  async count(userId: number, q: Queryable): Promise<number> {
    const row = await countRows.one(q, 'SELECT COUNT(*) AS n FROM watchlist WHERE user_id = $1', [userId]);
    return row?.n ?? 0;
  }

  async has(userId: number, pairId: number, q: Queryable): Promise<boolean> {
    const rows = await q.query('SELECT 1 FROM watchlist WHERE user_id = $1 AND pair_id = $2', [userId, pairId]);
    return rows.length > 0;
  }

  /** Stars a pair; a pair already starred stays as it was. */
  async add(userId: number, pairId: number, at: number, q: Queryable): Promise<void> {
    await q.query('INSERT INTO watchlist (user_id, pair_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (user_id, pair_id) DO NOTHING', [
      userId,
      pairId,
      at,
    ]);
  }

  /** Unstars a pair; one not starred is no change. */
  async remove(userId: number, pairId: number, q: Queryable = this.db): Promise<void> {
    await q.query('DELETE FROM watchlist WHERE user_id = $1 AND pair_id = $2', [userId, pairId]);
  }
}
