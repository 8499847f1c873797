/**
 * The test databases (`database.ts`): each file's copy holds the migrated, seeded template. On
 * PGlite the copy is a dump loaded back; for weeks it loaded nothing (PGlite ignored the dump
 * given after an undefined data directory), so every file migrated and seeded its own database.
 */
import { describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../server/db/pglite';
import { openTestDatabase } from './database';

describe('test databases', () => {
  it("copies the template: its tables, the seeded currencies and the market's history", async () => {
    const database = await openTestDatabase(inject('templatePath'));
    try {
      const [row] = await database.db.query<{ tables: number; currencies: number; bars: number }>(
        `SELECT (SELECT COUNT(*)::int FROM information_schema.tables WHERE table_schema = 'public') AS tables,
                (SELECT COUNT(*)::int FROM currencies) AS currencies,
                (SELECT COUNT(*)::int FROM klines) AS bars`,
      );
      expect(row!.tables).toBeGreaterThan(50);
      expect(row!.currencies).toBeGreaterThan(5);
      expect(row!.bars).toBeGreaterThan(1000);
    } finally {
      await database.dispose();
    }
  });

  it('opens a PGlite dump as a copy of the database it was taken from', async () => {
    const source = await openPglite(null);
    await source.exec(`CREATE TABLE kept (x INT); INSERT INTO kept VALUES (7)`);
    const copy = await openPglite(null, await source.dump());
    try {
      expect(await copy.query(`SELECT x FROM kept`)).toEqual([{ x: 7 }]);
    } finally {
      await Promise.all([source.close(), copy.close()]);
    }
  });
});
