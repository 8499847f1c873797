/**
 * The database interface: one SQL dialect (PostgreSQL), two engines. PGlite runs embedded in
 * `DATA_DIR/pg` by default; `DATABASE_URL` selects a real PostgreSQL through `pg`.
 * NUMERIC arrives as a string (never a float); BIGINT as a JS number (ids and ms times only).
 */
export type SqlValue = string | number | boolean | null | bigint | Uint8Array;

export interface Queryable {
  /** Runs one statement with `$1…` parameters and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
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

/** The SQLSTATE of a database error, if it has one. */
export function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}
