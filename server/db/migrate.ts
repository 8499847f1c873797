import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Key of the PostgreSQL advisory lock that keeps two nodes from migrating at once. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies every `NNN_name.sql` not applied yet, in order, all in one transaction (DDL is
 * transactional in PostgreSQL), under an advisory lock so two nodes never migrate at once.
 * Returns the names applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  const sources = await Promise.all(files.map((f) => readFile(path.join(MIGRATIONS_DIR, f), 'utf8')));
  return db.tx(async (q) => {
    if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await q.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
    const done = new Set((await q.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const applied: string[] = [];
    for (const [i, file] of files.entries()) {
      const version = Number(file.slice(0, 3));
      if (done.has(version)) continue;
      await q.exec(sources[i] ?? '');
      await q.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [version, file, Date.now()]);
      applied.push(file);
    }
    return applied;
  });
}
