/**
 * The invariants (docs/SIMULATION.md "What is checked"). After every step, on what changed:
 * every new operation sums to zero per currency, every touched balance equals its journal and
 * is not negative, the ledger sums to zero per currency, and no settlement kind that happens
 * once per thing happened twice, and no futures account is past bankruptcy or left unliquidated
 * after the engine saw its tick (`futuresChecks.ts`). At each checkpoint, on everything: the external accounts
 * reconcile with deposits, withdrawals, credits, coupons and issuance; the settlement audit
 * (`npm run audit`) finds nothing; everything that should have settled by now has; and each
 * watched user's private channel equals the server's snapshot and never held another user's rows.
 */
import type { AuditReport } from '../../domain/audit/types';
import { DUE_CHECKS } from './actions';
import type { ChannelWatcher } from './channel';
import { isOk, type Http } from './http';
import { futuresFullViolations, futuresStepViolations } from './futuresChecks';
import { ledgerViolations } from './ledgerChecks';
import { foreignRows, lookers } from './restChecks';
import type { SimUser } from './types';
import type { World } from './world';

export interface CheckState {
  journalId: number;
  opId: number;
}

export interface Found {
  kind: string;
  message: string;
}

/**
 * Journal kinds that happen at most once per thing they name (`ref`): a second one is a double
 * settlement whatever its idempotency key says. (Kinds that repeat by design — overnight fees,
 * daily yields, partial fills, repayments — are not listed.)
 */
export const ONCE_PER_REF = [
  'deposit',
  // (`withdraw` is posted twice per withdrawal by design: the freeze, then the completion.)
  'withdraw_refund',
  'futures_order',
  'futures_cancel',
  'futures_open',
  'futures_close',
  'spot_order',
  'spot_cancel',
  'options_stake',
  'options_settle',
  'lockming_buy',
  'lockming_redeem',
  'ieo_pay',
  'ieo_allocate',
  'ieo_release',
  'dual_buy',
  'dual_settle',
  'nft_buy',
  'nft_pay',
  'nft_forfeit',
  'nft_box',
  'otc_reserve',
  'otc_release',
  'otc_return',
  'otc_escrow',
  'otc_settle',
  'otc_refund',
  'loan_borrow',
  'loan_release',
  'loan_liquidation',
] as const;

const maxId = async (world: World, table: string) =>
  Number((await world.currentDb.query<{ id: string }>(`SELECT COALESCE(MAX(id), 0)::text AS id FROM ${table}`))[0]!.id);

export async function stepChecks(world: World, state: CheckState, init = false): Promise<Found[]> {
  const db = world.currentDb;
  if (init) {
    state.journalId = await maxId(world, 'journal');
    state.opId = await maxId(world, 'ledger_ops');
    return [];
  }
  const found: Found[] = (await ledgerViolations(db, { sinceJournalId: state.journalId })).map((message) => ({ kind: 'ledger', message }));
  const twice = await db.query<{ kind: string; ref_type: string; ref_id: string; ops: string }>(
    `SELECT j.kind, j.ref_type, j.ref_id::text, string_agg(DISTINCT o.key, ', ') AS ops
     FROM journal j JOIN ledger_ops o ON o.id = j.op_id
     WHERE j.kind = ANY($1::text[]) AND j.ref_id IS NOT NULL
       AND (j.kind, j.ref_type, j.ref_id) IN (SELECT kind, ref_type, ref_id FROM journal WHERE id > $2 AND ref_id IS NOT NULL)
     GROUP BY j.kind, j.ref_type, j.ref_id HAVING COUNT(DISTINCT j.op_id) > 1`,
    [`{${ONCE_PER_REF.join(',')}}`, state.journalId],
  );
  for (const r of twice)
    found.push({ kind: 'settled twice', message: `${r.kind} happened more than once for ${r.ref_type} ${r.ref_id} (operations ${r.ops})` });
  found.push(...(await futuresStepViolations(world)));
  state.journalId = await maxId(world, 'journal');
  state.opId = await maxId(world, 'ledger_ops');
  return found;
}

export async function fullChecks(
  world: World,
  http: Http,
  watchers: ChannelWatcher[],
  users: readonly SimUser[],
  round: number,
): Promise<{ violations: Found[]; audited: { settled: number; mismatches: number } }> {
  const db = world.currentDb;
  const violations: Found[] = (await ledgerViolations(db)).map((message) => ({ kind: 'ledger', message }));
  violations.push(...(await futuresFullViolations(world)));
  const audit = await http.ops<AuditReport>('/audit');
  let audited = { settled: 0, mismatches: 0 };
  if (!isOk(audit)) violations.push({ kind: 'audit', message: `the audit did not run: HTTP ${audit.status}` });
  else {
    const report = audit.body.message;
    audited = { settled: report.settled, mismatches: report.mismatches };
    for (const section of report.sections)
      for (const m of section.mismatches) violations.push({ kind: 'audit', message: `${m.kind} #${m.id}: ${m.detail}` });
  }
  const now = world.clock.now();
  for (const due of DUE_CHECKS)
    for (const message of await due((sql, params) => db.query(sql, params), now)) violations.push({ kind: 'not settled', message });
  for (const w of watchers) {
    for (const message of await w.compare()) violations.push({ kind: 'channel', message });
    for (const message of await w.foreignItems((sql, params) => db.query(sql, params))) violations.push({ kind: 'channel', message });
  }
  const looking = lookers(
    users,
    watchers.map((w) => w.user),
    round,
  );
  for (const message of await foreignRows(http, (sql, params) => db.query(sql, params), looking, now))
    violations.push({ kind: 'privacy', message });
  return { violations, audited };
}
