/**
 * Test databases: a migrated, seeded template made once per run, copied per test file. PGlite by
 * default (copy = load a dump, ~1 s); PostgreSQL when TEST_DATABASE_URL is set (copy =
 * CREATE DATABASE … TEMPLATE).
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../server/db/db';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';

/**
 * The template's name, derived from the base database's, so two checkouts testing against one
 * PostgreSQL server (each with its own TEST_DATABASE_URL database) never drop each other's template.
 */
export function templateDbName(base: string): string {
  const name = new URL(base).pathname.replace(/^\//, '').replace(/[^a-z0-9_]/gi, '_') || 'test';
  return `kestrel_tpl_${name}`.toLowerCase();
}

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(base: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  db: Db;
  /** The copy's URL on PostgreSQL (another process may open it); null on PGlite. */
  url: string | null;
  /** Closes the connection and drops the copy. */
  dispose(): Promise<void>;
}

/** A fresh copy of the template for one test file. */
export async function openTestDatabase(templatePath: string): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const db = await openPglite(null, new Blob([await readFile(templatePath)]));
    return { db, url: null, dispose: () => db.close() };
  }
  const name = `kestrel_test_${randomBytes(6).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(base, `CREATE DATABASE ${name} TEMPLATE ${templateDbName(base)}`);
      break;
    } catch (error) {
      // Two files copying the template at the same instant: PostgreSQL refuses one; try again.
      if (attempt > 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  let disposing = false;
  // The pool's last connections may still be closing when the copy is dropped (WITH FORCE ends
  // them): expected then, a failure of the test before.
  const db = await openPostgres(databaseUrl(base, name), 20, (error) => {
    if (!disposing) throw error;
  });
  return {
    db,
    url: databaseUrl(base, name),
    async dispose() {
      disposing = true;
      await db.close();
      await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
