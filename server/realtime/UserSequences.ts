import type { Queryable } from '../db/db';

/**
 * Per-user sequence numbers of the private channel. Several nodes must share them (a user's
 * sockets may sit on any node, and a restart must not start the count over), so they sit
 * behind this interface: the database by default, memory for a single throwaway process.
 */
export interface UserSequences {
  /**
   * Advances the user's counter by `count` (default one), atomically, and returns the last number
   * of that block (1 first): the numbers `last - count + 1 … last` are the caller's alone.
   */
  next(userId: number, count?: number): Promise<number>;
  /** The last number handed out for the user; 0 before the first. */
  current(userId: number): Promise<number>;
}

/** The durable default: one row per user in `user_channel`, advanced by a whole block in one statement. */
export class DbUserSequences implements UserSequences {
  constructor(private readonly db: Queryable) {}

  async next(userId: number, count = 1): Promise<number> {
    const [row] = await this.db.query<{ seq: number }>(
      `INSERT INTO user_channel (user_id, seq) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET seq = user_channel.seq + $2 RETURNING seq`,
      [userId, count],
    );
    return row!.seq;
  }

  async current(userId: number): Promise<number> {
    const [row] = await this.db.query<{ seq: number }>('SELECT seq FROM user_channel WHERE user_id = $1', [userId]);
    return row?.seq ?? 0;
  }
}

/** In-process counters: lost on restart, not shared between nodes. For tests and tools. */
export class MemoryUserSequences implements UserSequences {
  private readonly seqs = new Map<number, number>();

  async next(userId: number, count = 1): Promise<number> {
    const seq = (this.seqs.get(userId) ?? 0) + count;
    this.seqs.set(userId, seq);
    return seq;
  }

  async current(userId: number): Promise<number> {
    return this.seqs.get(userId) ?? 0;
  }
}
