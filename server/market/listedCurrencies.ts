/**
 * Currencies listed at run time, beside the catalogue's (IEO tokens, created with their project):
 * the market area owns the `currencies` table, so their rows are written and read here. Each
 * node keeps them in the market source's one live `currencies` array, which wallets, balances,
 * amounts and the ledger's readers all share.
 */
import type { Currency } from '../../domain/market/types';
import type { Queryable } from '../db/db';
import { rowReader } from '../db/rows';

const currencyRows = rowReader<Currency>('currencies', { id: 'int', name: 'text', decimals: 'int', color: 'text?', is_legal: 'bool' });

/** Adds to `list` every stored currency it lacks (at start, and when another node listed one). */
export async function loadListed(db: Queryable, list: Currency[]): Promise<void> {
  const rows = await currencyRows.all(db, 'SELECT id, name, decimals, color, is_legal FROM currencies ORDER BY id');
  for (const row of rows) if (!list.some((c) => c.id === row.id)) list.push(row);
}

/**
 * Inserts a currency named `name` with the next free id at or above `minId`, inside the caller's
 * transaction; null when a currency of that name (any case) exists. Listing is serialised by a
 * transaction-scoped advisory lock, so two at once cannot take the same id.
 */
export async function insertListed(q: Queryable, name: string, decimals: number, minId: number): Promise<Currency | null> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtext('currencies:list'))`);
  const [taken] = await q.query<{ id: number }>('SELECT id FROM currencies WHERE upper(name) = upper($1)', [name]);
  if (taken) return null;
  const row = await currencyRows.one(
    q,
    `INSERT INTO currencies (id, name, decimals, color, is_legal)
     SELECT GREATEST(COALESCE(MAX(id), 0) + 1, $3), $1, $2, NULL, FALSE FROM currencies WHERE id >= $3
     RETURNING id, name, decimals, color, is_legal`,
    [name, decimals, minId],
  );
  return row!;
}
