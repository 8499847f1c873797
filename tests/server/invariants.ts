import { expect } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { Db } from '../../server/db/db';

/**
 * The ledger's invariants (docs/ARCHITECTURE.md "Ledger"): every balance equals the sum of its
 * journal, each journal's last row agrees with its balance, nothing is negative, and per
 * currency all balances together equal what came in (approved deposits, credits) minus what
 * went out (completed withdrawals).
 */
export async function expectLedgerInvariants(db: Db): Promise<void> {
  const drift = await db.query(
    `SELECT b.id FROM balances b
     LEFT JOIN (SELECT balance_id, SUM(delta_available) AS a, SUM(delta_frozen) AS f FROM journal GROUP BY balance_id) j ON j.balance_id = b.id
     WHERE b.available <> COALESCE(j.a, 0) OR b.frozen <> COALESCE(j.f, 0)`,
  );
  expect(drift, 'balances that differ from their journal').toEqual([]);

  const stale = await db.query(
    `SELECT b.id FROM balances b JOIN LATERAL (SELECT available_after, frozen_after FROM journal WHERE balance_id = b.id ORDER BY id DESC LIMIT 1) last ON TRUE
     WHERE last.available_after <> b.available OR last.frozen_after <> b.frozen`,
  );
  expect(stale, 'balances whose last journal row disagrees').toEqual([]);

  const negative = await db.query('SELECT id FROM balances WHERE available < 0 OR frozen < 0');
  expect(negative).toEqual([]);

  const rows = await db.query<{ currency_id: number; held: string; inflow: string; outflow: string }>(
    `SELECT c.id AS currency_id,
       COALESCE((SELECT SUM(available + frozen) FROM balances WHERE currency_id = c.id), 0)::text AS held,
       (COALESCE((SELECT SUM(amount) FROM deposits WHERE currency_id = c.id AND status = 'approved'), 0)
        + COALESCE((SELECT SUM(amount) FROM credits WHERE currency_id = c.id), 0))::text AS inflow,
       COALESCE((SELECT SUM(arrival) FROM withdrawals WHERE currency_id = c.id AND status = 'completed'), 0)::text AS outflow
     FROM currencies c`,
  );
  for (const r of rows) {
    expect(new Decimal(r.held).toFixed(), `currency ${r.currency_id}: held = in − out`).toBe(
      new Decimal(r.inflow).minus(r.outflow).toFixed(),
    );
  }
}
