import { PGlite, types } from '@electric-sql/pglite';
import type { Db, Queryable, SqlValue } from './db';

const parsers = { [types.INT8]: (value: string) => Number(value) };

function wrap(q: { query: PGlite['query']; exec: PGlite['exec'] }): Queryable {
  return {
    async query<T>(sql: string, params: readonly SqlValue[] = []) {
      const result = await q.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
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
  const pg = new PGlite(dataDir ?? undefined, { parsers, ...(loadDataDir ? { loadDataDir } : {}) });
  await pg.waitReady;
  return {
    kind: 'pglite',
    ...wrap(pg),
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
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
