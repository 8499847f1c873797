import { PGlite } from '@electric-sql/pglite';
import { runAfterCommit, type Db, type Queryable, type SqlValue } from './db';
import { COLUMN_PARSERS } from './parsers';

/**
 * Passed with every query. (A `parsers` option given to the constructor was ignored, as was every
 * option given after an undefined data directory; see `openPglite`. Its own INT8 parser happened
 * to answer numbers, so only NUMERIC showed it. Per query it holds whatever the constructor does.)
 */
const QUERY_OPTIONS = { parsers: { ...COLUMN_PARSERS } };

/**
 * A `Queryable` on PGlite or on one of its transactions. `pending` collects the transaction's
 * after-commit callbacks; without it (no transaction) they run at once.
 */
function wrap(q: { query: PGlite['query']; exec: PGlite['exec'] }, pending: (() => unknown)[] | null = null): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlValue[] = []) {
      const result = await q.query<T>(sql, params as unknown[], QUERY_OPTIONS);
      return result.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
    afterCommit(fn) {
      if (pending) pending.push(fn);
      else runAfterCommit(fn);
    },
  };
}

function toCsvField(value: SqlValue): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface PgliteDb extends Db {
  /** The database files as a tarball; `openPglite(null, blob)` opens a copy in ~1 s (tests). */
  dump(): Promise<Blob>;
}

/** Opens PGlite in `dataDir` (created on first use), or in memory when `dataDir` is null. */
export async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<PgliteDb> {
  // One options object: given as a second argument after an undefined `dataDir`, this PGlite
  // ignores the options, so `loadDataDir` opened an empty database (tests/server/database.test.ts).
  const pg = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await pg.waitReady;
  return {
    kind: 'pglite',
    ...wrap(pg),
    async tx(fn) {
      const pending: (() => unknown)[] = [];
      // PGlite commits when the callback resolves and rolls back when it throws.
      const result = await pg.transaction((t) => fn(wrap(t, pending)));
      for (const callback of pending) runAfterCommit(callback);
      return result;
    },
    async insertMany(table, columns, rows) {
      if (rows.length === 0) return;
      const csv = rows.map((r) => r.map(toCsvField).join(',')).join('\n');
      await pg.query(`COPY ${table} (${columns.join(',')}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
        blob: new Blob([csv]),
      });
    },
    dump: async () => (await pg.dumpDataDir('none')) as Blob,
    close: () => pg.close(),
  };
}
