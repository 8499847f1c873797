/**
 * The loans auditor (docs/LOANS.md "Audit"; part of `npm run audit`): every loan's history is
 * replayed from its borrow with the domain formulas that moved it, and checked against the row
 * and the ledger:
 *
 * - the borrow paid the user the amount borrowed from the treasury and took the first collateral
 *   into escrow;
 * - each interest day is one day's interest on the principal outstanding then (`dailyInterest`),
 *   days 1 … days_accrued, each once;
 * - each repayment splits interest first, then principal (`repayAllocation`), and its legs took
 *   the amount from the user and gave the interest to the fees and the principal to the treasury;
 * - each top-up moved its amount into escrow;
 * - the row's principal, interest, paid sums and collateral are the replay's; a repaid loan
 *   released its whole collateral; a liquidated one split it as `liquidationSplit` says at the
 *   recorded price, with the shortfall (if any) paid by the insurance account.
 */
import type { AuditMismatch, AuditSection } from '../../domain/audit/types';
import type { AuditContext } from '../audit/registry';
import { auditScope } from '../audit/scope';
import { Decimal } from '../../domain/decimal';
import { dailyInterest, liquidationSplit, repayAllocation } from '../../domain/loans/formulas';
import { LOAN_COIN, loanTerms } from '../../domain/loans/terms';
import type { Db } from '../db/db';
import { fundEmptied, holderName, type Holder, type Ledger, type PostedOperation } from '../ledger/Ledger';
import type { LoanRow, LoansRepository } from './LoansRepository';
import { COIN } from './LoansService';

const BATCH = 200;

function delta(op: PostedOperation | undefined, holder: Holder, currencyId: number): Decimal {
  const name = holderName(holder);
  return (op?.legs ?? [])
    .filter((l) => holderName(l.holder) === name && l.currencyId === currencyId)
    .reduce((sum, l) => sum.plus(l.available), new Decimal(0));
}

function platformDelta(op: PostedOperation | undefined, platform: string, currencyId: number): Decimal {
  return (op?.legs ?? [])
    .filter((l) => 'platform' in l.holder && l.holder.platform === platform && l.currencyId === currencyId)
    .reduce((sum, l) => sum.plus(l.available), new Decimal(0));
}

export function createLoansAuditor(deps: { repo: LoansRepository; ledger: Ledger; db: Db }) {
  async function auditLoan(row: LoanRow): Promise<string[]> {
    const issues: string[] = [];
    const events = await deps.repo.events(row.id);
    const keys = [
      `loan:${row.id}:collateral`,
      `loan:${row.id}:borrow`,
      `loan:${row.id}:release`,
      `loan:${row.id}:liquidation`,
      ...events.flatMap((e) => (e.ledger_key ? [e.ledger_key] : [])),
    ];
    const ops = await deps.ledger.operations(deps.db, keys);
    const usdt = LOAN_COIN.id;
    const coin = row.currency_id;
    const user: Holder = { userId: row.user_id, account: COIN };
    const decimals = loanTerms(coin)?.decimals ?? 8;

    const borrowOp = ops.get(`loan:${row.id}:borrow`);
    if (!delta(borrowOp, user, usdt).eq(row.borrowed) || !platformDelta(borrowOp, 'treasury', usdt).eq(new Decimal(row.borrowed).neg()))
      issues.push(`borrow of ${row.borrowed} not paid from the treasury to the user`);
    let collateral = delta(ops.get(`loan:${row.id}:collateral`), user, coin).neg();
    let principal = new Decimal(row.borrowed);
    let interest = new Decimal(0);
    let interestPaid = new Decimal(0);
    let day = 0;
    for (const e of events) {
      const op = e.ledger_key ? ops.get(e.ledger_key) : undefined;
      if (e.kind === 'accrual') {
        day++;
        if (e.day !== day) issues.push(`interest day ${e.day} where day ${day} was due`);
        const due = dailyInterest(principal, row.daily_rate);
        if (!due.eq(e.amount)) issues.push(`day ${e.day}: interest ${e.amount} recorded, ${due.toFixed()} recomputed`);
        interest = interest.plus(e.amount);
      } else if (e.kind === 'repay') {
        const split = repayAllocation(e.amount, interest, principal);
        if (!split) {
          issues.push(`repayment #${e.id} of ${e.amount} exceeds the debt`);
          continue;
        }
        if (!split.interest.eq(e.interest ?? 0) || !split.principal.eq(e.principal ?? 0))
          issues.push(
            `repayment #${e.id}: split ${e.interest}/${e.principal}, ${split.interest.toFixed()}/${split.principal.toFixed()} recomputed`,
          );
        if (!delta(op, user, usdt).eq(new Decimal(e.amount).neg())) issues.push(`repayment #${e.id}: the user did not pay ${e.amount}`);
        if (!platformDelta(op, 'fees', usdt).eq(split.interest))
          issues.push(`repayment #${e.id}: fees got ${platformDelta(op, 'fees', usdt).toFixed()}`);
        if (!platformDelta(op, 'treasury', usdt).eq(split.principal))
          issues.push(`repayment #${e.id}: treasury got ${platformDelta(op, 'treasury', usdt).toFixed()}`);
        interest = interest.minus(split.interest);
        interestPaid = interestPaid.plus(split.interest);
        principal = principal.minus(split.principal);
      } else if (e.kind === 'collateral') {
        if (!platformDelta(op, 'escrow', coin).eq(e.amount)) issues.push(`top-up #${e.id} of ${e.amount} not in escrow`);
        collateral = collateral.plus(e.amount);
      }
    }
    if (day !== row.days_accrued) issues.push(`${row.days_accrued} interest days recorded, ${day} in the history`);
    if (!principal.eq(row.principal)) issues.push(`principal ${row.principal}, ${principal.toFixed()} replayed`);
    if (!interest.eq(row.interest)) issues.push(`interest ${row.interest}, ${interest.toFixed()} replayed`);
    if (!interestPaid.eq(row.interest_paid)) issues.push(`interest paid ${row.interest_paid}, ${interestPaid.toFixed()} replayed`);
    if (!collateral.eq(row.collateral)) issues.push(`collateral ${row.collateral}, ${collateral.toFixed()} replayed`);

    const release = ops.get(`loan:${row.id}:release`);
    const liquidation = ops.get(`loan:${row.id}:liquidation`);
    if (row.status === 'repaid') {
      if (!delta(release, user, coin).eq(row.collateral)) issues.push('the collateral was not released in full');
    } else if (release) issues.push(`a release in the ledger for a loan ${row.status}`);
    if (row.status === 'liquidated') {
      const debt = principal.plus(interest);
      if (!debt.eq(row.liq_debt!)) issues.push(`liquidated debt ${row.liq_debt}, ${debt.toFixed()} replayed`);
      const split = liquidationSplit(row.collateral, row.liq_price!, debt, row.liquidation_penalty, decimals);
      if (!split.taken.eq(row.liq_taken!) || !split.returned.eq(row.liq_returned!) || !split.shortfall.eq(row.liq_shortfall!))
        issues.push(
          `liquidation split ${row.liq_taken}/${row.liq_returned}/${row.liq_shortfall}, recomputed ${split.taken.toFixed()}/${split.returned.toFixed()}/${split.shortfall.toFixed()}`,
        );
      if (!platformDelta(liquidation, 'treasury', coin).eq(split.taken) || !delta(liquidation, user, coin).eq(split.returned))
        issues.push('the liquidation legs do not match the split');
      // The fund paid the shortfall as far as it held; the rest is bad debt (when there is any, the fund was emptied).
      const fromFund = platformDelta(liquidation, 'insurance', usdt).neg();
      const badDebt = platformDelta(liquidation, 'bad_debt', usdt).neg();
      if (!fromFund.plus(badDebt).eq(split.shortfall)) issues.push('the insurance and bad debt did not pay the shortfall');
      if (!badDebt.eq(row.liq_bad_debt)) issues.push(`bad debt ${row.liq_bad_debt} stored, ${badDebt.toFixed()} posted`);
      if (badDebt.gt(0) && !fundEmptied(liquidation, usdt)) issues.push('bad debt booked while the insurance fund held money');
    } else if (liquidation) issues.push(`a liquidation in the ledger for a loan ${row.status}`);
    return issues;
  }

  return {
    kind: 'loans',
    async audit(ctx: AuditContext): Promise<AuditSection> {
      const mismatches: AuditMismatch[] = [];
      let settled = 0;
      const only = await auditScope(ctx, 'loan');
      for (let after = 0; ;) {
        const loans = await deps.repo.after(after, BATCH, only);
        if (!loans.length) break;
        for (const row of loans) {
          settled++;
          const issues = await auditLoan(row);
          if (issues.length) mismatches.push({ kind: 'loan', id: row.id, detail: issues.join('; ') });
        }
        after = loans[loans.length - 1]!.id;
      }
      return { kind: 'loans', settled, mismatches };
    },
  };
}
