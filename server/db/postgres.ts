import pg from 'pg';
import { RETRYABLE_SQLSTATES, sqlState, type Db, type Queryable, type SqlValue } from './db';

const INT8_OID = 20;
const TX_ATTEMPTS = 5;
const INSERT_BATCH_ROWS = 1000;

const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlValue[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which runs several statements.
      await client.query(sql);
    },
  };
}

/** Opens a pool on a PostgreSQL server. */
export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max, types: typeParsers });
  // Fail fast on a wrong URL instead of at the first request.
  await pool.query('select 1');
  const root = wrap(pool);
  return {
    kind: 'postgres',
    ...root,
    async tx(fn) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          if (attempt < TX_ATTEMPTS && RETRYABLE_SQLSTATES.has(sqlState(error) ?? '')) continue;
          throw error;
        } finally {
          client.release();
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
