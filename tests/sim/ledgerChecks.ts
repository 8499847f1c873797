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
}

/** The external accounts (and the platform's recorded loss), which hold minus what came in and may be negative. */
export const MAY_BE_NEGATIVE = ['custody', 'grants', 'issuance', 'bad_debt'] as const;

const has = async (db: Queryable, table: string) =>
  (await db.query<{ has: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS has`, [table]))[0]?.has === true;

/** The rules in the order `stepRead` reports them. */
const STEP_RULES = ['unbalanced', 'chain', 'stale', 'negative', 'total'] as const;

/** A once-per-thing settlement among the new rows: the thing (`kind ref_type ref_id`) and the operation that made it. */
export interface OnceRow {
  kind: string;
  ref_type: string;
  ref_id: string;
  op: string;
  key: string;
}

/** What the simulation reads of the journal after a step, in one statement. */
export interface StepRead {
  /** The broken rules, as sentences; none when the new rows are sound. */
  violations: string[];
  /** The new rows of the `once` kinds, one per thing and operation, oldest operation first. */
  once: OnceRow[];
  /** The newest journal row the statement saw (`since` when there was none): the next step's `since`. */
  through: number;
}

/**
 * The ledger's rules over what was written after journal row `since`, in one statement that
 * starts from the new rows and reaches the rest by index, so a step costs what it wrote, not
 * the length of the history:
 *
 * - every operation with a new row sums to zero per currency (all its rows, old and new);
 * - every new row continues its balance's chain: its "after" values are the previous row's
 *   plus its own deltas (zero before a balance's first row). Checked link by link from the
 *   first row on (each step checks its own rows), this is "every balance equals the sum of its
 *   journal", and it also catches two rows whose errors cancel, which a sum cannot;
 * - every balance with a new row equals its last row, and is not negative (but the external accounts);
 * - per currency all balances together are zero.
 *
 * The same statement answers the new rows of the journal kinds in `once` (the simulation's
 * double-settlement check) and the newest row it saw, so a step's reads of the journal are one
 * round trip, all from one snapshot.
 */
export async function stepRead(db: Queryable, since: number, once: readonly string[] = []): Promise<StepRead> {
  type Row = {
    rule: (typeof STEP_RULES)[number] | 'once' | 'through';
    a: string;
    b: string | null;
    c: string | null;
    d: string | null;
    e: string | null;
  };
  const rows = await db.query<Row>(
    `WITH new AS MATERIALIZED (
       SELECT id, op_id, balance_id, delta_available, delta_frozen, available_after, frozen_after, kind, ref_type, ref_id FROM journal WHERE id > $1
     ),
     touched AS (SELECT DISTINCT balance_id FROM new)
     SELECT 'unbalanced' AS rule, o.op_id::text AS a, s.currency_id::text AS b, s.total::text AS c, NULL AS d, NULL AS e
     FROM (SELECT DISTINCT op_id FROM new) o
     CROSS JOIN LATERAL (
       SELECT currency_id, SUM(delta_available + delta_frozen) AS total FROM journal j WHERE j.op_id = o.op_id
       GROUP BY currency_id HAVING SUM(delta_available + delta_frozen) <> 0
     ) s
     UNION ALL
     SELECT 'chain', n.id::text, n.balance_id::text, NULL, NULL, NULL
     FROM new n
     LEFT JOIN LATERAL (
       SELECT p.available_after, p.frozen_after FROM journal p WHERE p.balance_id = n.balance_id AND p.id < n.id ORDER BY p.id DESC LIMIT 1
     ) prev ON TRUE
     WHERE n.available_after <> COALESCE(prev.available_after, 0) + n.delta_available
        OR n.frozen_after <> COALESCE(prev.frozen_after, 0) + n.delta_frozen
     UNION ALL
     SELECT 'stale', b.id::text, NULL, NULL, NULL, NULL
     FROM balances b JOIN touched t ON t.balance_id = b.id
     JOIN LATERAL (SELECT available_after, frozen_after FROM journal WHERE balance_id = b.id ORDER BY id DESC LIMIT 1) last ON TRUE
     WHERE last.available_after <> b.available OR last.frozen_after <> b.frozen
     UNION ALL
     SELECT 'negative', b.id::text, b.available::text, b.frozen::text, NULL, NULL
     FROM balances b JOIN touched t ON t.balance_id = b.id
     WHERE b.frozen < 0 OR (b.available < 0 AND COALESCE(b.platform <> ALL($2::text[]), TRUE))
     UNION ALL
     SELECT 'total', currency_id::text, SUM(available + frozen)::text, NULL, NULL, NULL FROM balances GROUP BY currency_id HAVING SUM(available + frozen) <> 0
     UNION ALL
     SELECT DISTINCT 'once', n.kind, n.ref_type, n.ref_id::text, n.op_id::text, o.key
     FROM new n JOIN ledger_ops o ON o.id = n.op_id WHERE n.kind = ANY($3::text[]) AND n.ref_id IS NOT NULL
     UNION ALL
     SELECT 'through', COALESCE(MAX(id), $1)::text, NULL, NULL, NULL, NULL FROM new`,
    [since, `{${MAY_BE_NEGATIVE.join(',')}}`, `{${once.join(',')}}`],
  );
  const say = {
    unbalanced: (r: Row) => `operation ${r.a} does not sum to zero in currency ${r.b} (${r.c})`,
    chain: (r: Row) => `journal row ${r.a} of balance ${r.b} does not continue its balance's previous row (after ≠ previous after + delta)`,
    stale: (r: Row) => `balance ${r.a} disagrees with its last journal row`,
    negative: (r: Row) => `balance ${r.a} is negative (available ${r.b}, frozen ${r.c})`,
    total: (r: Row) => `currency ${r.a}: all balances sum to ${r.b}, not zero`,
  };
  const broken = rows.filter((r): r is Row & { rule: (typeof STEP_RULES)[number] } => r.rule in say);
  return {
    violations: broken.sort((x, y) => STEP_RULES.indexOf(x.rule) - STEP_RULES.indexOf(y.rule)).map((r) => say[r.rule](r)),
    once: rows
      .filter((r) => r.rule === 'once')
      .map((r) => ({ kind: r.a, ref_type: r.b!, ref_id: r.c!, op: r.d!, key: r.e! }))
      .sort((x, y) => Number(x.op) - Number(y.op)),
    through: Number(rows.find((r) => r.rule === 'through')!.a),
  };
}

/** The ledger's rules over what was written after journal row `since` (`stepRead`'s violations). */
export async function stepViolations(db: Queryable, since: number): Promise<string[]> {
  return (await stepRead(db, since)).violations;
}

/**
 * Every rule over the whole ledger (the checkpoints; the server tests' `expectLedgerInvariants`);
 * after each step the simulation checks what the step wrote with `stepViolations`.
 */
export async function ledgerViolations(db: Queryable, options: LedgerCheckOptions = {}): Promise<string[]> {
  const found: string[] = [];

  const unbalanced = await db.query<{ op_id: string; currency_id: number; total: string }>(
    `SELECT op_id::text, currency_id, SUM(delta_available + delta_frozen)::text AS total FROM journal
     GROUP BY op_id, currency_id HAVING SUM(delta_available + delta_frozen) <> 0`,
  );
  for (const r of unbalanced) found.push(`operation ${r.op_id} does not sum to zero in currency ${r.currency_id} (${r.total})`);

  const drift = await db.query<{ id: string }>(
    `SELECT b.id::text FROM balances b
     LEFT JOIN (SELECT balance_id, SUM(delta_available) AS a, SUM(delta_frozen) AS f FROM journal GROUP BY balance_id) j ON j.balance_id = b.id
     WHERE b.available <> COALESCE(j.a, 0) OR b.frozen <> COALESCE(j.f, 0)`,
  );
  for (const r of drift) found.push(`balance ${r.id} differs from the sum of its journal`);

  const stale = await db.query<{ id: string }>(
    `SELECT b.id::text FROM balances b JOIN LATERAL (SELECT available_after, frozen_after FROM journal WHERE balance_id = b.id ORDER BY id DESC LIMIT 1) last ON TRUE
     WHERE last.available_after <> b.available OR last.frozen_after <> b.frozen`,
  );
  for (const r of stale) found.push(`balance ${r.id} disagrees with its last journal row`);

  const negative = await db.query<{ id: string; available: string; frozen: string }>(
    `SELECT b.id::text, b.available::text, b.frozen::text FROM balances b
     WHERE b.frozen < 0 OR (b.available < 0 AND COALESCE(b.platform <> ALL($1::text[]), TRUE))`,
    [`{${MAY_BE_NEGATIVE.join(',')}}`],
  );
  for (const r of negative) found.push(`balance ${r.id} is negative (available ${r.available}, frozen ${r.frozen})`);

  if (options.reconcile === false) {
    // Per currency the whole ledger sums to zero.
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
