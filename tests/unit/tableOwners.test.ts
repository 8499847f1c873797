/**
 * One repository per table: every table of the migrations has one owning area, which declares it
 * in `server/<area>/tables.ts`, and no other area's SQL names it. Another area reads it through
 * the owner's repository or service (docs/ARCHITECTURE.md, "Who owns which table").
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'server');

/** An area's declaration of the tables it owns: `server/<area>/tables.ts`. */
const TABLES_FILE = 'tables.ts';

/** table → the server folder that owns it, read from each area's own `tables.ts`. */
export const TABLE_OWNERS: Record<string, string> = {};
for (const area of readdirSync(SERVER, { withFileTypes: true }).filter((e) => e.isDirectory())) {
  const file = path.join(SERVER, area.name, TABLES_FILE);
  if (!existsSync(file)) continue;
  const { TABLES } = (await import(pathToFileURL(file).href)) as { TABLES: readonly string[] };
  for (const table of TABLES) {
    if (table in TABLE_OWNERS) throw new Error(`${table} is declared by server/${TABLE_OWNERS[table]}/ and server/${area.name}/`);
    TABLE_OWNERS[table] = area.name;
  }
}

/** The only exceptions: `file` may name `table` although its folder does not own it, and why. */
const ALLOWED: { file: string; table: string; why: string }[] = [
  { file: 'server/seed/seed.ts', table: 'settings', why: 'first-start site settings, written once before any area serves them' },
  {
    file: 'server/ledger/Balances.ts',
    table: 'users',
    why: 'lockUserAndRead takes the user row lock (by id, nothing read) and the balance in one round trip: a futures order, close and batch close',
  },
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

/** The source without comments, so prose about a table is not mistaken for SQL. */
function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Tables a piece of TypeScript names in SQL (upper-case keywords, as the code writes them) or in `insertMany`. */
export function tablesIn(source: string): Set<string> {
  const code = stripComments(source);
  const found = new Set<string>();
  const sql = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE|TRUNCATE)\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+|ONLY\s+)?"?([a-z_][a-z0-9_]*)"?/g;
  for (const m of code.matchAll(sql)) if (m[1]! in TABLE_OWNERS) found.add(m[1]!);
  for (const m of code.matchAll(/insertMany\(\s*['"`]([a-z_][a-z0-9_]*)['"`]/g)) found.add(m[1]!);
  return found;
}

describe('one repository per table', () => {
  it('gives every table of the migrations an owner', () => {
    const dir = path.join(SERVER, 'db/migrations');
    const created = new Set<string>();
    for (const file of readdirSync(dir)) {
      for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/gi))
        created.add(m[1]!);
    }
    expect(created.size).toBeGreaterThan(20);
    expect([...created].filter((t) => !(t in TABLE_OWNERS))).toEqual([]);
  });

  it('finds SQL table names, and ignores them in comments', () => {
    expect([...tablesIn("db.query('SELECT a FROM balances b JOIN currencies c ON c.id = b.currency_id')")]).toEqual([
      'balances',
      'currencies',
    ]);
    expect([...tablesIn('q.query(`UPDATE\n  users SET x = 1`)')]).toEqual(['users']);
    expect([...tablesIn("// reads FROM balances\n/* INSERT INTO users */ const a = 'the balances';")]).toEqual([]);
    expect([...tablesIn("await this.db.insertMany('klines', COLUMNS, rows)")]).toEqual(['klines']);
  });

  it("names each table only in its owner's folder (server/<area>/)", () => {
    const leaks: string[] = [];
    for (const file of filesUnder(SERVER)) {
      const rel = path.relative(ROOT, file).split(path.sep).join('/');
      const folder = rel.split('/')[1]!;
      for (const table of tablesIn(readFileSync(file, 'utf8'))) {
        if (TABLE_OWNERS[table] === folder) continue;
        if (ALLOWED.some((a) => a.file === rel && a.table === table)) continue;
        leaks.push(`${rel} names ${table} (owned by server/${TABLE_OWNERS[table]}/)`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('refuses a leak: a second area reading another area’s table is caught', () => {
    const leaked = tablesIn("const rows = await db.query('SELECT available FROM balances WHERE user_id = $1', [id]);");
    expect([...leaked].filter((t) => TABLE_OWNERS[t] !== 'funds')).toEqual(['balances']);
  });
});
