/**
 * The OTC auditor (docs/OTC.md): every order is re-derived from its stored terms with the domain
 * formula that priced it, and checked against the ledger:
 *
 * - its two amounts agree at its price (`otcQuote` from the fiat, or from the USDT: the one the
 *   user typed is not stored, so either reading must give the other amount);
 * - the opening operation moved the USDT into escrow (buy: from custody; sell: from the user's coin
 *   account), and exactly the closing operation its state calls for exists and moved the USDT out
 *   (buy completed: to the user; cancelled / expired: back to custody; sell completed: to custody;
 *   cancelled: back to the user), none for an open order;
 * - an expired order was cancelled at or after its deadline, a paid one marked before it.
 */
import type { AuditMismatch, AuditSection } from '../../domain/audit/types';
import type { AuditContext } from '../audit/registry';
import { auditScope } from '../audit/scope';
import { Decimal } from '../../domain/decimal';
import { FIAT_DECIMALS } from '../../domain/fiat';
import { otcQuote } from '../../domain/otc/formulas';
import type { Currency } from '../../domain/market/types';
import type { Db } from '../db/db';
import type { Ledger, PostedOperation } from '../ledger/Ledger';
import type { OrderRow, OtcRepository } from './OtcRepository';
import { COIN } from './shared/money';

const BATCH = 500;

export function createOtcAuditor(deps: { repo: OtcRepository; ledger: Ledger; db: Db; currencies: readonly Currency[] }) {
  /** What an operation moved, per holder kind, in USDT. */
  const moved = (op: PostedOperation | undefined, usdtId: number, o: OrderRow) => {
    const sum = { user: new Decimal(0), escrow: new Decimal(0), custody: new Decimal(0) };
    for (const leg of op?.legs ?? []) {
      if (leg.currencyId !== usdtId) continue;
      const h = leg.holder;
      if ('userId' in h) {
        if (h.userId === o.user_id && h.account === COIN) sum.user = sum.user.plus(leg.available);
      } else if (h.platform === 'escrow') sum.escrow = sum.escrow.plus(leg.available);
      else if (h.platform === 'custody') sum.custody = sum.custody.plus(leg.available);
    }
    return sum;
  };

  const check = (o: OrderRow, ops: Map<string, PostedOperation>, usdt: Currency): string[] => {
    const issues: string[] = [];
    const amount = new Decimal(o.usdt_amount);
    const fiatDecimals = FIAT_DECIMALS[o.fiat];
    const fromFiat = otcQuote(o.side, 'fiat', o.fiat_amount, o.price, fiatDecimals, usdt.decimals);
    const fromUsdt = otcQuote(o.side, 'usdt', o.usdt_amount, o.price, fiatDecimals, usdt.decimals);
    if (!fromFiat.usdt.eq(amount) && !fromUsdt.fiat.eq(o.fiat_amount))
      issues.push(`amounts ${o.fiat_amount} ${o.fiat} / ${o.usdt_amount} USDT disagree at ${o.price}`);

    const expect = (key: string, want: { user?: Decimal; escrow: Decimal; custody?: Decimal } | null) => {
      const op = ops.get(`otc:${o.id}:${key}`);
      if (!want) {
        if (op) issues.push(`an operation ${key} in the ledger for a ${o.state} order`);
        return;
      }
      if (!op) return void issues.push(`no ${key} operation for a ${o.state} order`);
      const got = moved(op, usdt.id, o);
      if (!got.escrow.eq(want.escrow) || !got.user.eq(want.user ?? 0) || !got.custody.eq(want.custody ?? 0))
        issues.push(`${key} moved user ${got.user.toFixed()}, escrow ${got.escrow.toFixed()}, custody ${got.custody.toFixed()}`);
    };
    const returned = o.state === 'cancelled' || o.state === 'expired';
    if (o.side === 'buy') {
      expect('reserve', { escrow: amount, custody: amount.neg() });
      expect('release', o.state === 'completed' ? { escrow: amount.neg(), user: amount } : null);
      expect('return', returned ? { escrow: amount.neg(), custody: amount } : null);
      if (o.state === 'expired' && (o.cancelled_at === null || o.pay_deadline === null || o.cancelled_at < o.pay_deadline))
        issues.push('expired before its deadline');
      if (o.paid_at !== null && o.pay_deadline !== null && o.paid_at >= o.pay_deadline) issues.push('marked paid after its deadline');
    } else {
      expect('escrow', { escrow: amount, user: amount.neg() });
      expect('settle', o.state === 'completed' ? { escrow: amount.neg(), custody: amount } : null);
      expect('refund', returned ? { escrow: amount.neg(), user: amount } : null);
    }
    return issues;
  };

  return {
    kind: 'otc',
    async audit(ctx: AuditContext): Promise<AuditSection> {
      const mismatches: AuditMismatch[] = [];
      const usdt = deps.currencies.find((c) => c.name === 'USDT');
      if (!usdt) return { kind: 'otc', settled: 0, mismatches };
      let settled = 0;
      const only = await auditScope(ctx, 'otc');
      for (let after = 0; ;) {
        const rows = await deps.repo.ordersAfter(after, BATCH, only);
        if (!rows.length) break;
        const keys = rows.flatMap((o) =>
          (o.side === 'buy' ? ['reserve', 'release', 'return'] : ['escrow', 'settle', 'refund']).map((k) => `otc:${o.id}:${k}`),
        );
        const ops = await deps.ledger.operations(deps.db, keys);
        for (const o of rows) {
          settled++;
          const issues = check(o, ops, usdt);
          if (issues.length) mismatches.push({ kind: 'otc', id: o.id, detail: issues.join('; ') });
        }
        after = rows[rows.length - 1]!.id;
      }
      return { kind: 'otc', settled, mismatches };
    },
  };
}
