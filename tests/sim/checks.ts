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
import { futuresFullViolations, futuresStepViolations, type FuturesCheckState } from './futuresChecks';
import { ledgerViolations, stepRead, type OnceRow } from './ledgerChecks';
import { foreignRows, lookers } from './restChecks';
import type { SimUser } from './types';
import type { World } from './world';

export interface CheckState {
  /** The last journal row the step checks have seen. */
  journalId: number;
  /** Each once-per-thing settlement seen so far (`kind ref_type ref_id`) and the operation that made it. */
  once: Map<string, { op: string; key: string }>;
  futures: FuturesCheckState;
}

export function newCheckState(): CheckState {
  return { journalId: 0, once: new Map(), futures: { marks: null } };
}

/** Wall time of a named part of the checks (the run's `--verbose` breakdown). */
export type Timed = <T>(phase: string, work: () => Promise<T>) => Promise<T>;
const untimed: Timed = (_phase, work) => work();

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

/** A second operation for a thing that settles once, among `rows` (remembered in `state.once` as they come). */
function secondSettlements(state: CheckState, rows: readonly OnceRow[]): Found[] {
  const found: Found[] = [];
  for (const r of rows) {
    const thing = `${r.kind} ${r.ref_type} ${r.ref_id}`;
    const first = state.once.get(thing);
    if (!first) state.once.set(thing, { op: r.op, key: r.key });
    else if (first.op !== r.op)
      found.push({
        kind: 'settled twice',
        message: `${r.kind} happened more than once for ${r.ref_type} ${r.ref_id} (operations ${[first.key, r.key].sort().join(', ')})`,
      });
  }
  return found;
}

/**
 * The checks after a step, on what the step wrote: each reads the journal rows after the last
 * step's (`state`), so a step costs what it did, not the length of the run. The ledger's rules,
 * the once-per-thing rows and where the next step starts are one statement (`stepRead`).
 */
export async function stepChecks(world: World, state: CheckState, init = false, timed: Timed = untimed): Promise<Found[]> {
  const since = init ? 0 : state.journalId;
  const read = await timed('step: ledger', () => stepRead(world.currentDb, since, ONCE_PER_REF));
  // The next step starts after the newest row this read saw: a row written while the checks run
  // (none: the engines are idle by now) is looked at by the next step, never skipped.
  state.journalId = read.through;
  const settledTwice = secondSettlements(state, read.once);
  // The run's first read takes in the template's settlements; the template is not under test.
  if (init) return [];
  const found: Found[] = read.violations.map((message) => ({ kind: 'ledger', message }));
  found.push(...settledTwice);
  found.push(...(await timed('step: futures', () => futuresStepViolations(world, state.futures))));
  return found;
}

export async function fullChecks(
  world: World,
  http: Http,
  watchers: ChannelWatcher[],
  users: readonly SimUser[],
  round: number,
  timed: Timed = untimed,
  /** Audit only what the ledger moved money for after this journal row (the last checkpoint's `through`); null: everything. */
  auditAfter: number | null = null,
): Promise<{ violations: Found[]; audited: { settled: number; mismatches: number; through: number | null } }> {
  const db = world.currentDb;
  const violations: Found[] = (await timed('checkpoint: ledger', () => ledgerViolations(db))).map((message) => ({
    kind: 'ledger',
    message,
  }));
  violations.push(...(await timed('checkpoint: futures', () => futuresFullViolations(world))));
  const audit = await timed('checkpoint: audit', () => http.ops<AuditReport>('/audit', auditAfter === null ? {} : { after: auditAfter }));
  let audited: { settled: number; mismatches: number; through: number | null } = { settled: 0, mismatches: 0, through: null };
  if (!isOk(audit)) violations.push({ kind: 'audit', message: `the audit did not run: HTTP ${audit.status}` });
  else {
    const report = audit.body.message;
    audited = { settled: report.settled, mismatches: report.mismatches, through: report.through };
    for (const section of report.sections)
      for (const m of section.mismatches) violations.push({ kind: 'audit', message: `${m.kind} #${m.id}: ${m.detail}` });
  }
  const now = world.clock.now();
  await timed('checkpoint: due', async () => {
    for (const due of DUE_CHECKS)
      for (const message of await due((sql, params) => db.query(sql, params), now)) violations.push({ kind: 'not settled', message });
  });
  await timed('checkpoint: channels', async () => {
    for (const w of watchers) {
      for (const message of await w.compare()) violations.push({ kind: 'channel', message });
      for (const message of await w.foreignItems((sql, params) => db.query(sql, params))) violations.push({ kind: 'channel', message });
    }
  });
  const looking = lookers(
    users,
    watchers.map((w) => w.user),
    round,
  );
  for (const message of await timed('checkpoint: privacy', () => foreignRows(http, (sql, params) => db.query(sql, params), looking, now)))
    violations.push({ kind: 'privacy', message });
  return { violations, audited };
}
