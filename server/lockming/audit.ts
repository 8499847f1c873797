/**
 * The lockming auditor (docs/FINANCE.md "Audit"): every order with a payment is
 * re-derived from its stored terms with the domain formulas that paid it, and checked against
 * the ledger:
 *
 * - the day's yield recomputes (dailyYield), `yield_paid` is that × `days_paid`, and the dates
 *   follow from the purchase (start day, expiry);
 * - no yield was paid before it was due (`days_paid` ≤ the day boundaries passed), and a
 *   redemption paid every yield due at its moment first: all of them at expiry, those due by
 *   then for an early one, whose penalty recomputes (earlyPenalty) and whose return is the
 *   amount less it;
 * - the ledger moved exactly that in the user's coin account: Σ yields into available, the
 *   principal out of frozen, the return into available.
 */
import type { AuditMismatch, AuditSection } from '../../domain/audit/types';
import type { AuditContext } from '../audit/registry';
import { auditScope } from '../audit/scope';
import { Decimal } from '../../domain/decimal';
import { dailyYield, earlyPenalty, startDay, yieldsDue } from '../../domain/lockming/formulas';
import type { Currency } from '../../domain/market/types';
import { DAY_MS } from '../../domain/time';
import type { Clock } from '../clock';
import type { Balances } from '../ledger/Balances';
import type { LockmingRepository, OrderRow } from './LockmingRepository';
import { COIN } from './LockmingService';

const BATCH = 500;
const PAGE = 1000;

interface Moved {
  yieldAvailable: Decimal;
  redeemAvailable: Decimal;
  redeemFrozen: Decimal;
  redeemed: boolean;
}

export function createLockmingAuditor(deps: {
  repo: LockmingRepository;
  balances: Balances;
  currencies: readonly Currency[];
  clock: Clock;
}) {
  /** What the ledger moved for each of a user's lockming orders, by order id. */
  const movedOf = async (userId: number): Promise<Map<number, Moved>> => {
    const byId = new Map<number, Moved>();
    for (const kind of ['lockming_yield', 'lockming_redeem'] as const) {
      for (let page = 1; ; page++) {
        const rows = await deps.balances.journal(userId, { account: COIN, kind }, { page, limit: PAGE }, (r) => r);
        for (const r of rows.data) {
          if (r.ref_type !== 'lockming' || r.ref_id === null) continue;
          const id = r.ref_id;
          const m = byId.get(id) ?? {
            yieldAvailable: new Decimal(0),
            redeemAvailable: new Decimal(0),
            redeemFrozen: new Decimal(0),
            redeemed: false,
          };
          if (kind === 'lockming_yield') m.yieldAvailable = m.yieldAvailable.plus(r.delta_available);
          else {
            m.redeemAvailable = m.redeemAvailable.plus(r.delta_available);
            m.redeemFrozen = m.redeemFrozen.plus(r.delta_frozen);
            m.redeemed = true;
          }
          byId.set(id, m);
        }
        if (page * PAGE >= rows.total) break;
      }
    }
    return byId;
  };

  const check = (o: OrderRow, moved: Moved | undefined, now: number): string[] => {
    const issues: string[] = [];
    const differ = (name: string, stored: string | null, recomputed: Decimal) => {
      if (stored === null || !new Decimal(stored).eq(recomputed))
        issues.push(`${name} ${stored} stored, ${recomputed.toFixed()} recomputed`);
    };
    const decimals = deps.currencies.find((c) => c.id === o.currency_id)?.decimals ?? 8;
    const daily = dailyYield(o.amount, o.daily_rate, decimals);
    differ('daily yield', o.daily_yield, daily);
    differ('yield paid', o.yield_paid, daily.mul(o.days_paid));
    if (o.start_day !== startDay(o.created_at)) issues.push(`start day ${o.start_day} is not the purchase's day`);
    if (o.expires_at !== o.start_day + o.cycle_days * DAY_MS) issues.push(`expiry ${o.expires_at} is not start day + ${o.cycle_days} days`);
    const at = o.redeemed_at ?? now;
    const dueThen = yieldsDue(o.start_day, o.cycle_days, at);
    if (o.days_paid > dueThen) issues.push(`${o.days_paid} yields paid, only ${dueThen} due by ${at}`);
    const amount = new Decimal(o.amount);
    if (o.status === 'redeemed') {
      if (o.days_paid !== dueThen) issues.push(`redeemed with ${o.days_paid} yields paid, ${dueThen} were due`);
      if (o.redemption === 'expiry') {
        if (o.days_paid !== o.cycle_days) issues.push(`redeemed at expiry after ${o.days_paid} of ${o.cycle_days} days`);
        differ('penalty', o.penalty, new Decimal(0));
        differ('returned', o.returned, amount);
      } else {
        const penalty = earlyPenalty(amount, o.penalty_rate, o.cycle_days - o.days_paid, decimals);
        differ('penalty', o.penalty, penalty);
        differ('returned', o.returned, amount.minus(penalty));
      }
    }
    const yields = moved?.yieldAvailable ?? new Decimal(0);
    if (!yields.eq(o.yield_paid)) issues.push(`ledger paid ${yields.toFixed()} in yields, ${o.yield_paid} recorded`);
    if (o.status === 'redeemed') {
      if (!moved?.redeemed) issues.push('no redemption in the ledger');
      else {
        if (!moved.redeemFrozen.eq(amount.neg())) issues.push(`ledger released ${moved.redeemFrozen.neg().toFixed()}, amount ${o.amount}`);
        if (!moved.redeemAvailable.eq(o.returned ?? 0))
          issues.push(`ledger returned ${moved.redeemAvailable.toFixed()}, ${o.returned} recorded`);
      }
    } else if (moved?.redeemed) issues.push('a redemption in the ledger for an order in progress');
    return issues;
  };

  return {
    kind: 'lockming',
    async audit(ctx: AuditContext): Promise<AuditSection> {
      const mismatches: AuditMismatch[] = [];
      const ledgers = new Map<number, Map<number, Moved>>();
      const now = deps.clock.now();
      let settled = 0;
      const only = await auditScope(ctx, 'lockming');
      for (let after = 0; ;) {
        const rows = await deps.repo.paidAfter(after, BATCH, only);
        if (!rows.length) break;
        for (const o of rows) {
          settled++;
          let moved = ledgers.get(o.user_id);
          if (!moved) ledgers.set(o.user_id, (moved = await movedOf(o.user_id)));
          const issues = check(o, moved.get(o.id), now);
          if (issues.length) mismatches.push({ kind: 'lockming', id: o.id, detail: issues.join('; ') });
        }
        after = rows[rows.length - 1]!.id;
      }
      return { kind: 'lockming', settled, mismatches };
    },
  };
}
