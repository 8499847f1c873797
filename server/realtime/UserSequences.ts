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

/** Numbers a node alone reserves per user at a time (`ReservedUserSequences`). */
export const RESERVE_BLOCK = 1000;

/** What `ReservedUserSequences` holds of one user: the next number to hand out and the last one reserved. */
interface Reserved {
  next: number;
  end: number;
}

/**
 * The counters of a node alone: the database's row is advanced a block at a time (one statement
 * per `RESERVE_BLOCK` messages of a user, not one per message and its commit) and the numbers are
 * handed out from memory. The guarantees are the durable default's: a number is never handed out
 * twice (each block is taken atomically, so even a second process on the same database gets
 * others), and they only grow, across restarts too (a new process starts above everything
 * reserved before). A block taken right after the last one continues it, so a client sees
 * consecutive numbers; the rest of a block is skipped only when the process restarts (its sockets
 * reconnect and take a snapshot anyway) or when the user's entry is dropped to bound memory, after
 * `maxUsers` others were numbered since (an open socket of theirs sees a jump and resyncs).
 *
 * Not for several nodes sharing a user's channel: each would number from its own blocks. Calls for
 * one user must come one at a time (UserChannel's per-user queue does that).
 */
export class ReservedUserSequences implements UserSequences {
  private readonly users = new Map<number, Reserved>();
  /** The users' rows, advanced a block at a time. */
  private readonly rows: DbUserSequences;

  constructor(
    db: Queryable,
    private readonly block = RESERVE_BLOCK,
    private readonly maxUsers = 100_000,
  ) {
    this.rows = new DbUserSequences(db);
  }

  async next(userId: number, count = 1): Promise<number> {
    let r = this.users.get(userId);
    if (!r || r.next + count - 1 > r.end) {
      const want = count + this.block;
      const end = await this.rows.next(userId, want);
      const start = end - want + 1;
      // Right after the numbers held: they continue into the new block; otherwise start at it.
      r = r && r.end + 1 === start ? { next: r.next, end } : { next: start, end };
    }
    const last = r.next + count - 1;
    r.next = last + 1;
    // Most recently numbered last: the first in the map is the one dropped when it is full.
    this.users.delete(userId);
    this.users.set(userId, r);
    if (this.users.size > this.maxUsers) this.users.delete(this.users.keys().next().value!);
    return last;
  }

  async current(userId: number): Promise<number> {
    const r = this.users.get(userId);
    // Not held: everything reserved before may have been handed out; the next block starts above it.
    return r ? r.next - 1 : this.rows.current(userId);
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
