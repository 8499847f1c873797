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
 * A runner that joins a transaction the caller already holds instead of starting one: a service
 * called inside another's transaction (copy trading opens and closes a follower's position inside
 * the copy's). What a service does before it starts a transaction of its own (the market's
 * `record`, which writes outside any transaction) is then the caller's to do first.
 */
export function joining(q: Queryable, afterCommit: AfterCommit): TxRunner {
  const run: TxRunner = (fn) => fn(q, afterCommit);
  JOINED.add(run);
  return run;
}

const JOINED = new WeakSet<TxRunner>();

/** True for a runner made by `joining`: its transaction is already open. */
export function isJoined(run: TxRunner): boolean {
  return JOINED.has(run);
}

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
