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
 * A `TxRunner` on `db`; `before` runs first inside each attempt. The registered work goes to the
 * transaction's own `afterCommit` (server/db), which runs it after COMMIT and forgets what a
 * rolled-back or retried attempt registered.
 */
export function txRunner(db: Db, before?: (q: Queryable) => Promise<void>): TxRunner {
  return (fn) =>
    db.tx(async (q) => {
      if (before) await before(q);
      return fn(q, (work) => q.afterCommit(work));
    });
}
