import { createHash } from 'node:crypto';
import pg from 'pg';
import { RETRYABLE_SQLSTATES, runAfterCommit, sqlState, type Db, type Queryable, type SqlValue } from './db';
import { COLUMN_PARSERS } from './parsers';

const TX_ATTEMPTS = 5;
const INSERT_BATCH_ROWS = 1000;

/** Text-format results only (pg's default): the shared parsers first, pg's own for other types. */
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (format ?? 'text') === 'text' && COLUMN_PARSERS[oid]
      ? COLUMN_PARSERS[oid]
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A `Queryable` on the pool or on one transaction's client. `pending` collects the
 * transaction's after-commit callbacks; without it (no transaction) they run at once.
 */
function wrap(client: pg.Pool | pg.PoolClient, pending: (() => unknown)[] | null = null): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlValue[] = []) {
      const name = statementName(sql);
      const result = await client.query(
        name ? { name, text: sql, values: params as unknown[] } : { text: sql, values: params as unknown[] },
      );
      return result.rows as T[];
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which runs several statements.
      await client.query(sql);
    },
    afterCommit(fn) {
      if (pending) pending.push(fn);
      else runAfterCommit(fn);
    },
  };
}

/** Statements prepared by name on each connection, at most this many distinct texts (a bound on each server process's memory). */
const PREPARED_MAX = 400;
const prepared = new Map<string, string>();

/**
 * The name a statement is prepared under: the server parses and plans it once per connection
 * instead of on every call (the money paths' statements are long CTEs). The first `PREPARED_MAX`
 * distinct texts get one; texts built with a variable number of values after that run unnamed.
 */
function statementName(sql: string): string | undefined {
  const known = prepared.get(sql);
  if (known !== undefined || prepared.size >= PREPARED_MAX) return known;
  const name = `k${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;
  prepared.set(sql, name);
  return name;
}

/** What a connection's own `error` event does by default: say so; the pool drops the broken client. */
function logConnectionError(error: Error): void {
  console.error(`postgres: a connection failed and is dropped: ${error.message}`);
}

/**
 * Opens a pool on a PostgreSQL server. A connection the server ends outside a query (a restart,
 * an administrator, an idle timeout, a database dropped under a closing pool) emits `error` on its
 * client; without a listener Node would end the process. `onConnectionError` hears those; a query
 * on such a connection still fails as that query's own error.
 */
export async function openPostgres(connectionString: string, max = 10, onConnectionError = logConnectionError): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max, types: typeParsers });
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // Fail fast on a wrong URL instead of at the first request.
  await pool.query('select 1');
  const root = wrap(pool);
  return {
    kind: 'postgres',
    ...root,
    async tx(fn) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        // A fresh list per attempt: callbacks of a rolled-back attempt are dropped with it.
        const pending: (() => unknown)[] = [];
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client, pending));
          await client.query('COMMIT');
          client.release();
          for (const callback of pending) runAfterCommit(callback);
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          client.release();
          if (attempt < TX_ATTEMPTS && RETRYABLE_SQLSTATES.has(sqlState(error) ?? '')) continue;
          throw error;
        }
      }
    },
    async insertMany(table, columns, rows) {
      for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS) {
        const batch = rows.slice(i, i + INSERT_BATCH_ROWS);
        const params: SqlValue[] = [];
        const tuples = batch.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(',')})`);
        await pool.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuples.join(',')}`, params);
      }
    },
    close: () => pool.end(),
  };
}
