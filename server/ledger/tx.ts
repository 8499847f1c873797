import type { Db, Queryable } from '../db/db';

/** Registers work (a socket push, a notification) to run once the transaction has committed; dropped when it rolls back. */
export type AfterCommit = (fn: () => void) => void;

/**
 * Runs `fn` in one transaction, then the work it registered with `afterCommit`. Services that
 * move money take one of these instead of calling `db.tx`, so that the HTTP layer can record an
 * idempotency key in the same transaction (server/http/idempotency.ts).
 */
export type TxRunner = <T>(fn: (q: Queryable, afterCommit: AfterCommit) => Promise<T>) => Promise<T>;

/**
 * A `TxRunner` on `db`; `before` runs first inside each attempt (a retried transaction runs it
 * again, and forgets what the failed attempt registered).
 */
export function txRunner(db: Db, before?: (q: Queryable) => Promise<void>): TxRunner {
  return async (fn) => {
    let pending: (() => void)[] = [];
    const result = await db.tx(async (q) => {
      pending = [];
      if (before) await before(q);
      return fn(q, (work) => pending.push(work));
    });
    for (const work of pending) {
      try {
        work();
      } catch {
        // A push that fails must not turn a committed answer into an error; clients resync.
      }
    }
    return result;
  };
}
