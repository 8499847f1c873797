/**
 * The dual auditor (docs/FINANCE.md "Dual investment"): every settled position is
 * re-derived from its stored terms and the market record with the domain formula that paid it,
 * and checked against the ledger:
 *
 * - the principal is num × share price, in the coin its type invests (the base coin for a call,
 *   the quote coin for a put), and nothing settled before its maturity;
 * - a success decided by exactly the recorded price at maturity (`prices.priceAt(symbol,
 *   maturity_at)`), and its payout (coin and amount) recomputes with dualPayout;
 * - a fail carries a reason and refunded the principal;
 * - the ledger moved exactly that in the user's coin account: the principal out of frozen, the
 *   payout (or the refund) into available, per currency.
 */
import type { AuditMismatch, AuditSection } from '../../domain/audit/types';
import { Decimal } from '../../domain/decimal';
import { dualInvestedCoin } from '../../domain/invest/formulas';
import type { AuditContext } from '../audit/registry';
import { auditScope } from '../audit/scope';
import type { Balances } from '../ledger/Balances';
import type { DualRepository, OrderRow } from './DualRepository';
import { COIN, type DualService } from './DualService';

const BATCH = 500;
const PAGE = 1000;

/** Per order id, per currency id: what the settlement moved in the user's coin account. */
type Moved = Map<number, Map<number, { available: Decimal; frozen: Decimal }>>;

export function createDualAuditor(deps: { repo: DualRepository; balances: Balances; service: DualService }) {
  const movedOf = async (userId: number): Promise<Moved> => {
    const byId: Moved = new Map();
    for (let page = 1; ; page++) {
      const rows = await deps.balances.journal(userId, { account: COIN, kind: 'dual_settle' }, { page, limit: PAGE }, (r) => r);
      for (const r of rows.data) {
        if (r.ref_type !== 'dual' || r.ref_id === null) continue;
        const id = r.ref_id;
        const byCurrency = byId.get(id) ?? new Map<number, { available: Decimal; frozen: Decimal }>();
        const seen = byCurrency.get(r.currency_id) ?? { available: new Decimal(0), frozen: new Decimal(0) };
        byCurrency.set(r.currency_id, {
          available: seen.available.plus(r.delta_available),
          frozen: seen.frozen.plus(r.delta_frozen),
        });
        byId.set(id, byCurrency);
      }
      if (page * PAGE >= rows.total) return byId;
    }
  };

  const check = async (ctx: AuditContext, o: OrderRow, moved: Moved): Promise<string[]> => {
    const issues: string[] = [];
    const amount = new Decimal(o.amount);
    if (!amount.eq(new Decimal(o.share_price).mul(o.num))) issues.push(`amount ${o.amount} is not ${o.num} × ${o.share_price}`);
    const investId = dualInvestedCoin(o.type) === 'base' ? o.currency_id : o.quote_id;
    if (o.invest_currency_id !== investId) issues.push(`a ${o.type} invests currency ${investId}, ${o.invest_currency_id} stored`);
    if (o.settled_at === null || o.settled_at < o.maturity_at)
      issues.push(`settled at ${o.settled_at}, before its maturity ${o.maturity_at}`);
    // What the user's coin account should have moved, per currency.
    const expected = new Map<number, { available: Decimal; frozen: Decimal }>();
    const add = (currencyId: number, available: Decimal, frozen: Decimal) => {
      const seen = expected.get(currencyId) ?? { available: new Decimal(0), frozen: new Decimal(0) };
      expected.set(currencyId, { available: seen.available.plus(available), frozen: seen.frozen.plus(frozen) });
    };
    add(o.invest_currency_id, new Decimal(0), amount.neg());
    if (o.status === 'success') {
      const recorded = await ctx.prices.priceAt(deps.service.symbolOf(o), o.maturity_at);
      if (!recorded) issues.push('no recorded price at its maturity');
      else if (!new Decimal(recorded.price).eq(o.settle_price!) || recorded.ts !== o.settle_price_at)
        issues.push(`settled at ${o.settle_price} (${o.settle_price_at}) stored, the record says ${recorded.price} at ${recorded.ts}`);
      const payout = deps.service.payoutOf(o, o.settle_price!);
      const payoutId = payout.coin === 'base' ? o.currency_id : o.quote_id;
      if (o.payout_currency_id !== payoutId) issues.push(`paid in currency ${o.payout_currency_id}, ${payoutId} recomputed`);
      if (!new Decimal(o.payout_amount!).eq(payout.amount))
        issues.push(`payout ${o.payout_amount} stored, ${payout.amount.toFixed()} recomputed`);
      add(payoutId, payout.amount, new Decimal(0));
    } else {
      if (!o.fail_reason) issues.push('failed without a reason');
      add(o.invest_currency_id, amount, new Decimal(0));
    }
    const actual = moved.get(o.id);
    if (!actual) issues.push('no settlement in the ledger');
    else
      for (const id of new Set([...expected.keys(), ...actual.keys()])) {
        const want = expected.get(id) ?? { available: new Decimal(0), frozen: new Decimal(0) };
        const got = actual.get(id) ?? { available: new Decimal(0), frozen: new Decimal(0) };
        if (!want.available.eq(got.available) || !want.frozen.eq(got.frozen))
          issues.push(
            `ledger moved ${got.available.toFixed()} available / ${got.frozen.toFixed()} frozen of currency ${id}, ` +
              `${want.available.toFixed()} / ${want.frozen.toFixed()} recomputed`,
          );
      }
    return issues;
  };

  return {
    kind: 'dual',
    async audit(ctx: AuditContext): Promise<AuditSection> {
      const mismatches: AuditMismatch[] = [];
      const ledgers = new Map<number, Moved>();
      let settled = 0;
      const only = await auditScope(ctx, 'dual');
      for (let after = 0; ;) {
        const rows = await deps.repo.settledAfter(after, BATCH, only);
        if (!rows.length) break;
        for (const o of rows) {
          settled++;
          let moved = ledgers.get(o.user_id);
          if (!moved) ledgers.set(o.user_id, (moved = await movedOf(o.user_id)));
          const issues = await check(ctx, o, moved);
          if (issues.length) mismatches.push({ kind: 'dual', id: o.id, detail: issues.join('; ') });
        }
        after = rows[rows.length - 1]!.id;
      }
      return { kind: 'dual', settled, mismatches };
    },
  };
}
