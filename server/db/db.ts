/**
 * The database interface: one SQL dialect (PostgreSQL), two engines. PGlite runs embedded in
 * `DATA_DIR/pg` by default; `DATABASE_URL` selects a real PostgreSQL through `pg`.
 * Both drivers parse columns alike (server/db/parsers.ts): NUMERIC arrives as a normalised decimal
 * string ("0.0100" → "0.01", never a float), BIGINT as a JS number (ids, ms times, counts), a
 * `::text` cast as the database's text. Rows are read through checked row readers (server/db/rows.ts).
 */
export type SqlValue = string | number | boolean | null | bigint | Uint8Array;

export interface Queryable {
  /** Runs one statement with `$1…` parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` once the work done through this handle is durable: inside `tx`, right after
   * COMMIT (in the order registered, before `tx` resolves), and never when the transaction
   * rolls back or is retried; outside a transaction, at once. For side effects the outside
   * world sees — socket pushes, notifications — so a rolled-back change never announces
   * itself. `fn` is not awaited; a throw or a rejection is logged and does not undo the commit.
   */
  afterCommit(fn: () => unknown): void;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction: committed when it resolves, rolled back when it throws.
   * On PostgreSQL a serialization failure or deadlock retries the whole function.
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Bulk-inserts rows (COPY on PGlite, batched INSERT on PostgreSQL). */
  insertMany(table: string, columns: readonly string[], rows: readonly (readonly SqlValue[])[]): Promise<void>;
  close(): Promise<void>;
}

/** Postgres error codes worth a retry of the whole transaction. */
export const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
/** Unique violation: a second attempt at something that must happen once. */
export const UNIQUE_VIOLATION = '23505';

/** Runs a callback registered with `afterCommit`, so one failing side effect cannot stop the next. */
export function runAfterCommit(fn: () => unknown): void {
  try {
    const result = fn();
    if (result instanceof Promise) result.catch((error: unknown) => console.error('afterCommit callback failed', error));
  } catch (error) {
    console.error('afterCommit callback failed', error);
  }
}

/** The SQLSTATE of a database error, if it has one. */
export function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}
