import { expect } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { Db } from '../../server/db/db';

/**
 * The ledger's invariants (docs/ARCHITECTURE.md "Ledger"): every operation in the journal sums
 * to zero per currency; every balance equals the sum of its journal and its last journal row
 * agrees; nothing is negative but the external accounts (custody, grants); so per currency all
 * balances together are zero, and the external accounts hold minus what came in: custody minus
 * approved deposits plus the arrival of completed withdrawals, grants minus the credits and what
 * coupons paid, issuance minus the IEO tokens allocated and left to the treasury; custody also
 * holds OTC merchants' USDT (reserved for buy orders out, settled sell orders in), counted with
 * the withdrawals.
 * `reconcile: false` skips that last comparison (for tests that post to the ledger directly).
 */
export async function expectLedgerInvariants(db: Db, options: { reconcile?: boolean } = {}): Promise<void> {
  const unbalanced = await db.query(
    `SELECT op_id, currency_id, SUM(delta_available + delta_frozen)::text AS total FROM journal
     GROUP BY op_id, currency_id HAVING SUM(delta_available + delta_frozen) <> 0`,
  );
  expect(unbalanced, 'operations whose journal rows do not sum to zero').toEqual([]);

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

  const negative = await db.query(
    `SELECT id FROM balances WHERE frozen < 0 OR (available < 0 AND COALESCE(platform NOT IN ('custody', 'grants', 'issuance'), TRUE))`,
  );
  expect(negative, 'negative balances outside the external accounts').toEqual([]);

  // IEO tokens (migration 011) enter from `issuance`: minus every token allocated or left to the treasury.
  const [ieo] = await db.query<{ has: boolean }>(`SELECT to_regclass('ieo_orders') IS NOT NULL AS has`);
  const issuedSql = ieo?.has
    ? `COALESCE((SELECT SUM(available) FROM balances WHERE currency_id = c.id AND platform = 'issuance'), 0)::text AS issuance,
       (COALESCE((SELECT SUM(o.passed) FROM ieo_orders o JOIN ieo_projects p ON p.id = o.project_id WHERE p.token_id = c.id AND o.status <> 'subscribed'), 0)
        + COALESCE((SELECT SUM(remainder) FROM ieo_projects WHERE token_id = c.id AND allocated_at IS NOT NULL), 0))::text AS issued`
    : `'0' AS issuance, '0' AS issued`;
  // OTC (migration 017) moves merchants' USDT through custody: a buy order's reserve takes it out
  // until it is returned (cancelled, expired), a settled sell order puts the user's USDT in.
  const [otc] = await db.query<{ has: boolean }>(`SELECT to_regclass('otc_orders') IS NOT NULL AS has`);
  const otcSql = otc?.has
    ? `(COALESCE((SELECT SUM(usdt_amount) FROM otc_orders WHERE side = 'sell' AND state = 'completed'), 0)
        - COALESCE((SELECT SUM(usdt_amount) FROM otc_orders WHERE side = 'buy' AND state IN ('pending_payment', 'paid', 'completed')), 0))`
    : '0';
  // Coupons (migration 019) pay fees and deposit bonuses from `grants`: minus every coupon use.
  const [rewards] = await db.query<{ has: boolean }>(`SELECT to_regclass('coupon_uses') IS NOT NULL AS has`);
  const couponSql = rewards?.has
    ? `COALESCE((SELECT SUM(amount) FROM coupon_uses WHERE currency_id = c.id), 0)::text AS coupons`
    : `'0' AS coupons`;
  const rows = await db.query<{
    currency_id: number;
    total: string;
    custody: string;
    grants: string;
    deposits: string;
    withdrawn: string;
    credits: string;
    issuance: string;
    issued: string;
    coupons: string;
  }>(
    `SELECT c.id AS currency_id,
       COALESCE((SELECT SUM(available + frozen) FROM balances WHERE currency_id = c.id), 0)::text AS total,
       COALESCE((SELECT SUM(available) FROM balances WHERE currency_id = c.id AND platform = 'custody'), 0)::text AS custody,
       COALESCE((SELECT SUM(available) FROM balances WHERE currency_id = c.id AND platform = 'grants'), 0)::text AS grants,
       COALESCE((SELECT SUM(amount) FROM deposits WHERE currency_id = c.id AND status = 'approved'), 0)::text AS deposits,
       (COALESCE((SELECT SUM(arrival) FROM withdrawals WHERE currency_id = c.id AND status = 'completed'), 0)
        + CASE WHEN c.name = 'USDT' THEN ${otcSql} ELSE 0 END)::text AS withdrawn,
       COALESCE((SELECT SUM(amount) FROM credits WHERE currency_id = c.id), 0)::text AS credits,
       ${issuedSql},
       ${couponSql}
     FROM currencies c`,
  );
  const same = (a: string, b: Decimal) => (new Decimal(a).eq(b) ? 'equal' : `${a} ≠ ${b.toFixed()}`);
  for (const r of rows) {
    expect(same(r.total, new Decimal(0)), `currency ${r.currency_id}: all balances sum to zero`).toBe('equal');
    if (options.reconcile === false) continue;
    expect(
      same(r.custody, new Decimal(r.withdrawn).minus(r.deposits)),
      `currency ${r.currency_id}: custody = −(deposits − withdrawn)`,
    ).toBe('equal');
    expect(
      same(r.grants, new Decimal(r.credits).plus(r.coupons).neg()),
      `currency ${r.currency_id}: grants = −(credits + coupon uses)`,
    ).toBe('equal');
    expect(same(r.issuance, new Decimal(r.issued).neg()), `currency ${r.currency_id}: issuance = −tokens issued`).toBe('equal');
  }
}
