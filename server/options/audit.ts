/**
 * The options auditor (docs/OPTIONS.md "Audit"): every settled option is re-derived from
 * its stored inputs (direction, open price, stake, ratio) and the deciding price with the same
 * domain formulas that settled it, and checked against the stored market record and the ledger:
 *
 * - result, payout and profit recompute (optionResult, settleOption);
 * - the open price and the close price lie within the recorded bar of their moments;
 * - a tick decision is at or after the expiry, and no later than TICK_GRACE_MS after it; a record
 *   decision is either the pair's last trade before the expiry (between the open and the expiry,
 *   with no recorded trade in any whole minute after it and before the expiry's minute: a quiet
 *   pair past the grace) or exactly `prices.lastPriceAt(symbol, expires_at)` (after a restart: the
 *   open of the expiry's one-minute bar, or the close of the last bar before a quiet minute);
 * - the ledger's settlement operation moved exactly that: the stake out of frozen and the payout
 *   into available of the user's options account.
 */
import type { AuditMismatch, AuditSection } from '../../domain/audit/types';
import { Decimal } from '../../domain/decimal';
import { optionResult, settleOption } from '../../domain/options/formulas';
import type { Currency } from '../../domain/market/types';
import type { AuditContext } from '../audit/registry';
import { auditScope } from '../audit/scope';
import type { Balances } from '../ledger/Balances';
import type { OptionRow, OptionsRepository } from './OptionsRepository';
import { MICRO } from './OptionsService';
import { TICK_GRACE_MS } from './settings';

const BATCH = 500;

export function createOptionsAuditor(deps: { repo: OptionsRepository; balances: Balances; currencies: readonly Currency[] }) {
  /** The settlement journal rows of a user's options account, by option id. */
  const settlementsOf = async (userId: number): Promise<Map<number, { available: Decimal; frozen: Decimal }>> => {
    const byId = new Map<number, { available: Decimal; frozen: Decimal }>();
    for (let page = 1; ; page++) {
      const rows = await deps.balances.journal(userId, { account: MICRO, kind: 'options_settle' }, { page, limit: 1000 }, (r) => r);
      for (const r of rows.data) {
        if (r.ref_type !== 'options' || r.ref_id === null) continue;
        const seen = byId.get(r.ref_id) ?? { available: new Decimal(0), frozen: new Decimal(0) };
        byId.set(r.ref_id, { available: seen.available.plus(r.delta_available), frozen: seen.frozen.plus(r.delta_frozen) });
      }
      if (page * 1000 >= rows.total) return byId;
    }
  };

  const check = async (ctx: AuditContext, o: OptionRow, ledger: Map<number, { available: Decimal; frozen: Decimal }>) => {
    const issues: string[] = [];
    const differ = (name: string, stored: string | null, recomputed: string) => {
      if (stored === null || !new Decimal(stored).eq(recomputed)) issues.push(`${name} ${stored} stored, ${recomputed} recomputed`);
    };
    const decimals = deps.currencies.find((c) => c.id === o.currency_id)?.decimals ?? 8;
    const result = optionResult(o.direction, o.open_price, o.close_price!);
    if (o.result !== result) issues.push(`result ${o.result} stored, ${result} recomputed`);
    const { payout, profit } = settleOption(result, o.stake, o.ratio, decimals);
    differ('payout', o.payout, payout.toFixed());
    differ('profit', o.profit, profit.toFixed());
    if (o.expires_at !== o.open_ts + o.seconds * 1000) issues.push(`expiry ${o.expires_at} is not open time + ${o.seconds} s`);
    const open = await ctx.prices.check(o.symbol, o.open_ts, o.open_price);
    if (open) issues.push(`open ${open}`);
    const close = await ctx.prices.check(o.symbol, o.close_ts!, o.close_price!);
    if (close) issues.push(`close ${close}`);
    if (o.decided_by === 'tick') {
      if (o.close_ts! < o.expires_at) issues.push(`decided at ${o.close_ts}, before its expiry ${o.expires_at}`);
      else if (o.close_ts! - o.expires_at > TICK_GRACE_MS)
        issues.push(`decided ${o.close_ts! - o.expires_at} ms after its expiry by a tick`);
    } else {
      // The last trade before the expiry (a quiet pair past the grace), or after a restart the record's price at it.
      const lastTrade =
        o.close_ts! <= o.expires_at && o.close_ts! >= o.open_ts && (await ctx.prices.quietBetween(o.symbol, o.close_ts!, o.expires_at));
      if (!lastTrade) {
        const recorded = await ctx.prices.lastPriceAt(o.symbol, o.expires_at);
        if (!recorded) issues.push('no recorded price at its expiry');
        else if (!new Decimal(recorded.price).eq(o.close_price!) || recorded.ts !== o.close_ts) {
          issues.push(`close ${o.close_price} at ${o.close_ts} stored, the record says ${recorded.price} at ${recorded.ts}`);
        }
      }
    }
    const moved = ledger.get(o.id);
    if (!moved) issues.push('no settlement in the ledger');
    else {
      if (!moved.available.eq(payout)) issues.push(`ledger paid ${moved.available.toFixed()}, payout ${payout.toFixed()} recomputed`);
      if (!moved.frozen.eq(new Decimal(o.stake).neg())) issues.push(`ledger released ${moved.frozen.neg().toFixed()}, stake ${o.stake}`);
    }
    return issues;
  };

  return {
    kind: 'options',
    async audit(ctx: AuditContext): Promise<AuditSection> {
      const mismatches: AuditMismatch[] = [];
      const ledgers = new Map<number, Map<number, { available: Decimal; frozen: Decimal }>>();
      let settled = 0;
      const only = await auditScope(ctx, 'options');
      for (let after = 0; ;) {
        const rows = await deps.repo.settledAfter(after, BATCH, only);
        if (!rows.length) break;
        for (const o of rows) {
          settled++;
          let ledger = ledgers.get(o.user_id);
          if (!ledger) ledgers.set(o.user_id, (ledger = await settlementsOf(o.user_id)));
          const issues = await check(ctx, o, ledger);
          if (issues.length) mismatches.push({ kind: 'options', id: o.id, detail: issues.join('; ') });
        }
        after = rows[rows.length - 1]!.id;
      }
      return { kind: 'options', settled, mismatches };
    },
  };
}
