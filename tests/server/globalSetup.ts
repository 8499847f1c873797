import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../../server/app';
import { systemClock } from '../../server/clock';
import type { Db } from '../../server/db/db';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { adminQuery, databaseUrl, templateDbName } from './database';
import { TEST_APP_OPTIONS } from './options';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite dump of the template database (unused with TEST_DATABASE_URL). */
    templatePath: string;
  }
}

/** Migrates and seeds one template database (market history included) for every test file to copy. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kestrel-test-'));
  const templatePath = path.join(dir, 'template.tar');
  const base = process.env.TEST_DATABASE_URL;
  const pglite = base ? null : await openPglite(null);
  const template = base ? templateDbName(base) : '';
  if (base) {
    await adminQuery(base, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await adminQuery(base, `CREATE DATABASE ${template}`);
  }
  const db: Db = pglite ?? (await openPostgres(databaseUrl(base!, template)));
  const app = await buildApp({ ...TEST_APP_OPTIONS, db, clock: systemClock, startMarket: false, dataDir: dir });
  await app.close();
  if (pglite) await writeFile(templatePath, Buffer.from(await (await pglite.dump()).arrayBuffer()));
  await db.close();
  project.provide('templatePath', templatePath);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (base) await adminQuery(base, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
