/**
 * The benches' databases, on both engines a deployment may use: PGlite in memory (the embedded
 * default) and PostgreSQL (a scratch database next to the one `BENCH_DATABASE_URL` or
 * `TEST_DATABASE_URL` names, else CI's local server at 127.0.0.1:5432 when it answers), dropped
 * afterwards. A counting wrapper tells what a load cost the database: statements, transactions
 * and the time spent waiting for their answers.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable } from '../../server/db/db';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { adminQuery, databaseUrl } from '../../tests/server/database';

export type Engine = 'pglite' | 'postgres';

/** CI's PostgreSQL (trust auth), used when no URL is given and it answers. */
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/** The PostgreSQL server to bench on, or null when none answers (the PostgreSQL rows are then left out). */
export async function postgresBase(): Promise<string | null> {
  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || LOCAL_POSTGRES;
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return base;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh, empty database on `engine` (migrated by the app that opens it). */
export async function scratchDb(engine: Engine, base: string | null = null): Promise<{ db: Db; dispose(): Promise<void> }> {
  if (engine === 'pglite') {
    const db = await openPglite(null);
    return { db, dispose: () => db.close() };
  }
  if (!base) throw new Error('no PostgreSQL server to bench on');
  const name = `kestrel_bench_${randomBytes(5).toString('hex')}`;
  await adminQuery(base, `CREATE DATABASE ${name}`);
  const db = await openPostgres(databaseUrl(base, name));
  return {
    db,
    async dispose() {
      await db.close();
      await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export interface DbCounts {
  statements: number;
  transactions: number;
  /** Milliseconds spent waiting for statements' answers, summed (concurrent waits add up). */
  waitMs: number;
  /** The same by statement (its first words, whitespace folded), with the rows they answered. */
  bySql: Record<string, { n: number; rows: number; ms: number }>;
}

const sqlNames = new Map<string, string>();

/**
 * A statement's name in the breakdown: its first 90 characters, whitespace folded. Remembered by
 * text: folding every statement's text again cost the server ~2.5 % of its time under the order load.
 */
function sqlName(sql: string): string {
  let name = sqlNames.get(sql);
  if (name === undefined) {
    name = sql.replace(/\s+/g, ' ').trim().slice(0, 90);
    // A statement with its values in the text (the few built per call) would grow this forever.
    if (sqlNames.size < 10_000) sqlNames.set(sql, name);
  }
  return name;
}

/** `db` with every statement and transaction counted; `counts()` reads the totals so far. */
export function countingDb(db: Db): { db: Db; counts(): DbCounts } {
  const c: DbCounts = { statements: 0, transactions: 0, waitMs: 0, bySql: {} };
  const counted = (q: Queryable): Queryable => ({
    async query(sql, params) {
      c.statements++;
      const t0 = performance.now();
      const one = (c.bySql[sqlName(sql)] ??= { n: 0, rows: 0, ms: 0 });
      one.n++;
      try {
        const rows = await q.query<never>(sql, params);
        one.rows += rows.length;
        return rows;
      } finally {
        const ms = performance.now() - t0;
        c.waitMs += ms;
        one.ms += ms;
      }
    },
    exec: (sql) => q.exec(sql),
    afterCommit: (fn) => q.afterCommit(fn),
  });
  const wrapped: Db = {
    ...counted(db),
    kind: db.kind,
    tx(fn) {
      c.transactions++;
      return db.tx((q) => fn(counted(q)));
    },
    insertMany: (table, columns, rows) => db.insertMany(table, columns, rows),
    close: () => db.close(),
  };
  return { db: wrapped, counts: () => ({ ...c, bySql: structuredClone(c.bySql) }) };
}
