import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir/pg`. */
export async function openDb(options: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = path.join(options.dataDir, 'pg');
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}
