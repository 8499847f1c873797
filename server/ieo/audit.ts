/**
 * The IEO auditor (docs/FINANCE.md "IEO"): every subscription is re-derived from its
 * stored terms with the domain formulas that paid it, and checked against the ledger:
 *
 * - what it paid recomputes (`subscriptionCost`), and the pay operation moved exactly that from
 *   the subscriber's coin account;
 * - for a project whose allocation was computed, `allocate` over all its stored orders gives each
 *   order's passed amount and refund again, and their sum with the remainder is the issuance;
 * - an allocated order's operation returned the refund, credited the passed tokens frozen, and
 *   kept exactly the payment less the refund; a released order's tokens moved to available.
 */
import type { AuditMismatch, AuditSection } from '../../domain/audit/types';
import { Decimal } from '../../domain/decimal';
import { allocate, subscriptionCost, type Allocation } from '../../domain/ieo/formulas';
import type { Currency } from '../../domain/market/types';
import type { AuditContext } from '../audit/registry';
import { auditScope } from '../audit/scope';
import type { Db } from '../db/db';
import type { Ledger, PostedOperation } from '../ledger/Ledger';
import type { IeoRepository, OrderRow, ProjectRow } from './IeoRepository';
import { COIN } from './IeoService';

const BATCH = 500;

export function createIeoAuditor(deps: { repo: IeoRepository; ledger: Ledger; db: Db; currencies: readonly Currency[] }) {
  /** What one operation moved in a user's coin account of a currency: available and frozen. */
  const userDelta = (op: PostedOperation | undefined, userId: number, currencyId: number) => {
    let available = new Decimal(0);
    let frozen = new Decimal(0);
    for (const leg of op?.legs ?? [])
      if ('userId' in leg.holder && leg.holder.userId === userId && leg.holder.account === COIN && leg.currencyId === currencyId) {
        available = available.plus(leg.available);
        frozen = frozen.plus(leg.frozen);
      }
    return { available, frozen };
  };
  const treasuryDelta = (op: PostedOperation | undefined, currencyId: number) =>
    (op?.legs ?? [])
      .filter((l) => 'platform' in l.holder && l.holder.platform === 'treasury' && l.currencyId === currencyId)
      .reduce((sum, l) => sum.plus(l.available), new Decimal(0));

  const check = (o: OrderRow, p: ProjectRow, a: Allocation | undefined, ops: Map<string, PostedOperation>): string[] => {
    const issues: string[] = [];
    const payDecimals = deps.currencies.find((c) => c.id === p.pay_currency_id)?.decimals ?? 6;
    const cost = subscriptionCost(o.amount, o.price, payDecimals);
    if (!cost.eq(o.paid)) issues.push(`paid ${o.paid} stored, ${cost.toFixed()} recomputed`);
    if (!new Decimal(o.price).eq(p.price)) issues.push(`price ${o.price}, the project's is ${p.price}`);
    const pay = userDelta(ops.get(`ieo:${o.id}:pay`), o.user_id, p.pay_currency_id);
    if (!pay.available.eq(new Decimal(o.paid).neg())) issues.push(`ledger took ${pay.available.neg().toFixed()}, paid ${o.paid}`);
    if (p.computed_at !== null) {
      if (!a) issues.push('no allocation recomputed');
      else {
        if (o.passed === null || !a.passed.eq(o.passed)) issues.push(`passed ${o.passed} stored, ${a.passed.toFixed()} recomputed`);
        if (o.refunded === null || !a.refund.eq(o.refunded)) issues.push(`refund ${o.refunded} stored, ${a.refund.toFixed()} recomputed`);
      }
    }
    const allocated = ops.get(`ieo:${o.id}:allocate`);
    if (o.status === 'subscribed') {
      if (allocated) issues.push('an allocation in the ledger for an order waiting for one');
      return issues;
    }
    const back = userDelta(allocated, o.user_id, p.pay_currency_id);
    if (!back.available.eq(o.refunded ?? 0)) issues.push(`ledger refunded ${back.available.toFixed()}, ${o.refunded} recorded`);
    const kept = new Decimal(o.paid).minus(o.refunded ?? 0);
    if (!treasuryDelta(allocated, p.pay_currency_id).eq(kept))
      issues.push(`treasury kept ${treasuryDelta(allocated, p.pay_currency_id).toFixed()}, ${kept.toFixed()} due`);
    const tokens = userDelta(allocated, o.user_id, p.token_id);
    if (!tokens.frozen.eq(o.passed ?? 0) || !tokens.available.isZero())
      issues.push(`ledger credited ${tokens.frozen.toFixed()} frozen / ${tokens.available.toFixed()} available tokens, passed ${o.passed}`);
    const release = userDelta(ops.get(`ieo:${o.id}:release`), o.user_id, p.token_id);
    const released = new Decimal(o.status === 'released' ? (o.passed ?? 0) : 0);
    if (!release.available.eq(released) || !release.frozen.eq(released.neg()))
      issues.push(`ledger released ${release.available.toFixed()} tokens, ${released.toFixed()} due`);
    if (o.status === 'released' && o.released_at !== null && o.released_at < p.unlock_at) issues.push('released before the unlock');
    return issues;
  };

  return {
    kind: 'ieo',
    async audit(ctx: AuditContext): Promise<AuditSection> {
      const mismatches: AuditMismatch[] = [];
      const projects = new Map((await deps.repo.projects()).map((p) => [p.id, p]));
      const allocations = new Map<number, Map<number, Allocation>>();
      // An incremental audit: the orders money moved for in its window, and their projects' allocations.
      const only = await auditScope(ctx, 'ieo');
      const onlyProjects = only && new Set((await deps.repo.ordersAfter(0, only.length, only)).map((o) => o.project_id));
      for (const p of projects.values()) {
        if (p.computed_at === null || (onlyProjects && !onlyProjects.has(p.id))) continue;
        const payDecimals = deps.currencies.find((c) => c.id === p.pay_currency_id)?.decimals ?? 6;
        const tokenDecimals = deps.currencies.find((c) => c.id === p.token_id)?.decimals ?? 0;
        const { allocations: list, remainder } = allocate(
          await deps.repo.projectOrders(p.id),
          p.total,
          p.price,
          tokenDecimals,
          payDecimals,
        );
        allocations.set(p.id, new Map(list.map((a) => [a.id, a])));
        if (!remainder.eq(p.remainder ?? 0))
          mismatches.push({ kind: 'ieo', id: p.id, detail: `project remainder ${p.remainder} stored, ${remainder.toFixed()} recomputed` });
      }
      let settled = 0;
      for (let after = 0; ;) {
        const rows = await deps.repo.ordersAfter(after, BATCH, only);
        if (!rows.length) break;
        const keys = rows.flatMap((o) => [`ieo:${o.id}:pay`, `ieo:${o.id}:allocate`, `ieo:${o.id}:release`]);
        const ops = await deps.ledger.operations(deps.db, keys);
        for (const o of rows) {
          const p = projects.get(o.project_id)!;
          settled++;
          const issues = check(o, p, allocations.get(p.id)?.get(o.id), ops);
          if (issues.length) mismatches.push({ kind: 'ieo', id: o.id, detail: issues.join('; ') });
        }
        after = rows[rows.length - 1]!.id;
      }
      return { kind: 'ieo', settled, mismatches };
    },
  };
}
