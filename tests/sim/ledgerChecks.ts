/**
 * The ledger's invariants as plain checks (docs/LEDGER.md "Ledger"), shared by the server
 * tests (`tests/server/invariants.ts`) and the simulation: each answers the broken rules as
 * sentences, an empty list when the ledger is sound.
 *
 * - every operation in the journal sums to zero per currency;
 * - every balance equals the sum of its journal, and its last journal row agrees;
 * - nothing is negative but the external accounts (custody, grants, issuance);
 * - per currency all balances together are zero, and the external accounts hold minus what came
 *   in: custody minus approved deposits plus the arrival of completed withdrawals (and OTC
 *   merchants' USDT: reserved for buy orders out, settled sell orders in), grants minus the
 *   credits and what coupons paid, issuance minus the IEO tokens allocated and left to the
 *   treasury (`reconcile`, on by default).
 */
import { Decimal } from '../../domain/decimal';
import type { Queryable } from '../../server/db/db';

export interface LedgerCheckOptions {
  /** Compare the external accounts with deposits, withdrawals, credits, coupons and issuance (default true). */
  reconcile?: boolean;
  /**
   * Only what changed after this journal row id: the operations and balances it touched (the
   * simulation checks every step this way; the external reconciliation is skipped then).
   */
  sinceJournalId?: number;
}

const has = async (db: Queryable, table: string) =>
  (await db.query<{ has: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS has`, [table]))[0]?.has === true;

export async function ledgerViolations(db: Queryable, options: LedgerCheckOptions = {}): Promise<string[]> {
  const found: string[] = [];
  const since = options.sinceJournalId;
  const recent = since === undefined ? '' : `WHERE op_id IN (SELECT op_id FROM journal WHERE id > ${Number(since)})`;
  const touched = since === undefined ? '' : `AND b.id IN (SELECT balance_id FROM journal WHERE id > ${Number(since)})`;

  const unbalanced = await db.query<{ op_id: string; currency_id: number; total: string }>(
    `SELECT op_id::text, currency_id, SUM(delta_available + delta_frozen)::text AS total FROM journal ${recent}
     GROUP BY op_id, currency_id HAVING SUM(delta_available + delta_frozen) <> 0`,
  );
  for (const r of unbalanced) found.push(`operation ${r.op_id} does not sum to zero in currency ${r.currency_id} (${r.total})`);

  const sums =
    since === undefined
      ? 'journal'
      : `(SELECT * FROM journal WHERE balance_id IN (SELECT balance_id FROM journal WHERE id > ${Number(since)}))`;
  const drift = await db.query<{ id: string }>(
    `SELECT b.id::text FROM balances b
     LEFT JOIN (SELECT balance_id, SUM(delta_available) AS a, SUM(delta_frozen) AS f FROM ${sums} s GROUP BY balance_id) j ON j.balance_id = b.id
     WHERE (b.available <> COALESCE(j.a, 0) OR b.frozen <> COALESCE(j.f, 0)) ${touched}`,
  );
  for (const r of drift) found.push(`balance ${r.id} differs from the sum of its journal`);

  const stale = await db.query<{ id: string }>(
    `SELECT b.id::text FROM balances b JOIN LATERAL (SELECT available_after, frozen_after FROM journal WHERE balance_id = b.id ORDER BY id DESC LIMIT 1) last ON TRUE
     WHERE (last.available_after <> b.available OR last.frozen_after <> b.frozen) ${touched}`,
  );
  for (const r of stale) found.push(`balance ${r.id} disagrees with its last journal row`);

  const negative = await db.query<{ id: string; available: string; frozen: string }>(
    `SELECT b.id::text, b.available::text, b.frozen::text FROM balances b
     WHERE (b.frozen < 0 OR (b.available < 0 AND COALESCE(b.platform NOT IN ('custody', 'grants', 'issuance', 'bad_debt'), TRUE))) ${touched}`,
  );
  for (const r of negative) found.push(`balance ${r.id} is negative (available ${r.available}, frozen ${r.frozen})`);

  if (since !== undefined || options.reconcile === false) {
    // Per currency the whole ledger sums to zero; cheap enough to check every time.
    const totals = await db.query<{ currency_id: number; total: string }>(
      `SELECT currency_id, SUM(available + frozen)::text AS total FROM balances GROUP BY currency_id HAVING SUM(available + frozen) <> 0`,
    );
    for (const r of totals) found.push(`currency ${r.currency_id}: all balances sum to ${r.total}, not zero`);
    return found;
  }

  const issuedSql = (await has(db, 'ieo_orders'))
    ? `COALESCE((SELECT SUM(available) FROM balances WHERE currency_id = c.id AND platform = 'issuance'), 0)::text AS issuance,
       (COALESCE((SELECT SUM(o.passed) FROM ieo_orders o JOIN ieo_projects p ON p.id = o.project_id WHERE p.token_id = c.id AND o.status <> 'subscribed'), 0)
        + COALESCE((SELECT SUM(remainder) FROM ieo_projects WHERE token_id = c.id AND allocated_at IS NOT NULL), 0))::text AS issued`
    : `'0' AS issuance, '0' AS issued`;
  const otcSql = (await has(db, 'otc_orders'))
    ? `(COALESCE((SELECT SUM(usdt_amount) FROM otc_orders WHERE side = 'sell' AND state = 'completed'), 0)
        - COALESCE((SELECT SUM(usdt_amount) FROM otc_orders WHERE side = 'buy' AND state IN ('pending_payment', 'paid', 'completed')), 0))`
    : '0';
  // The platform's recorded loss: every shortfall the insurance fund could not cover, as the
  // futures closes and loan liquidations stored it (docs/FUTURES.md "Trading rules").
  const badDebtSql =
    `COALESCE((SELECT SUM(available) FROM balances WHERE currency_id = c.id AND platform = 'bad_debt'), 0)::text AS bad_debt,
     (CASE WHEN c.name = 'USDT' THEN ` +
    ((await has(db, 'futures_settlements')) ? `COALESCE((SELECT SUM(bad_debt) FROM futures_settlements), 0)` : '0') +
    ' + ' +
    ((await has(db, 'loans')) ? `COALESCE((SELECT SUM(liq_bad_debt) FROM loans), 0)` : '0') +
    ` ELSE 0 END)::text AS recorded_bad_debt`;
  const couponSql = (await has(db, 'coupon_uses'))
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
    bad_debt: string;
    recorded_bad_debt: string;
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
       ${couponSql},
       ${badDebtSql}
     FROM currencies c`,
  );
  const differs = (a: string, b: Decimal) => (new Decimal(a).eq(b) ? null : `${a} ≠ ${b.toFixed()}`);
  for (const r of rows) {
    const total = differs(r.total, new Decimal(0));
    if (total) found.push(`currency ${r.currency_id}: all balances sum to zero (${total})`);
    const custody = differs(r.custody, new Decimal(r.withdrawn).minus(r.deposits));
    if (custody) found.push(`currency ${r.currency_id}: custody = −(deposits − withdrawn) (${custody})`);
    const grants = differs(r.grants, new Decimal(r.credits).plus(r.coupons).neg());
    if (grants) found.push(`currency ${r.currency_id}: grants = −(credits + coupon uses) (${grants})`);
    const issuance = differs(r.issuance, new Decimal(r.issued).neg());
    if (issuance) found.push(`currency ${r.currency_id}: issuance = −tokens issued (${issuance})`);
    const badDebt = differs(r.bad_debt, new Decimal(r.recorded_bad_debt).neg());
    if (badDebt) found.push(`currency ${r.currency_id}: bad_debt = −recorded shortfalls beyond the fund (${badDebt})`);
  }
  return found;
}
