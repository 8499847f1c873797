/**
 * The spot auditor (kind `spot`, docs/SPOT.md "Audit"): for every filled order, recomputes from
 * the stored fills and inputs (side, amount, limit price, fee rate, the pair's decimals) with the
 * same domain formulas the fill used — total, average price, fee, received — and checks the
 * deciding price: a limit fill's crosses the limit and no fill is worse than the limit; a fill by
 * the engine (after the order was placed) is one fill at `limitFillPrice(side, limit, deciding
 * price)`, recomputed; the price is within the recorded bar at the tick time (`prices.check`); a
 * market fill's deciding price is in the record too, and its fills add up to the amount.
 */
import type { AuditMismatch, AuditSection } from '../../domain/audit/types';
import { Decimal } from '../../domain/decimal';
import { limitCrossed, limitFillPrice, settleFills } from '../../domain/spot/formulas';
import type { AuditContext, Auditor } from '../audit/registry';
import { auditScope } from '../audit/scope';
import type { MarketSource } from '../market/MarketSource';
import type { OrderRow, SpotRepository } from './SpotRepository';
import { spotSettings } from './settings';

const BATCH = 500;

export function spotAuditor(repo: SpotRepository, market: MarketSource): Auditor {
  return {
    kind: 'spot',
    async audit(ctx: AuditContext): Promise<AuditSection> {
      const mismatches: AuditMismatch[] = [];
      let settled = 0;
      let after = 0;
      const only = await auditScope(ctx, 'spot');
      for (;;) {
        const rows = await repo.filled(after, BATCH, only);
        if (!rows.length) break;
        for (const row of rows) {
          settled++;
          for (const detail of await auditOrder(row, market, ctx)) mismatches.push({ kind: 'spot', id: row.id, detail });
        }
        after = rows[rows.length - 1]!.id;
      }
      return { kind: 'spot', settled, mismatches };
    },
  };
}

/** What is wrong with one filled order (empty when it recomputes). */
export async function auditOrder(row: OrderRow, market: MarketSource, ctx: AuditContext): Promise<string[]> {
  const issues: string[] = [];
  const pair = market.pairs.find((p) => p.id === row.match_id);
  if (!pair) return [`pair ${row.match_id} unknown`];
  const scale = { ...spotSettings(pair, market.currencies), fee_rate: row.fee_rate };
  if (!row.fills.length) return ['no fills stored'];
  const s = settleFills(row.side, row.fills, scale);
  const same = (name: string, stored: string | null, recomputed: Decimal) => {
    if (stored === null || !new Decimal(stored).eq(recomputed)) issues.push(`${name} ${stored} stored, ${recomputed.toFixed()} recomputed`);
  };
  if (!s.amount.eq(row.amount)) issues.push(`fills add up to ${s.amount.toFixed()}, amount ${row.amount}`);
  same('total', row.total, s.total);
  same('avg_price', row.avg_price, s.avgPrice);
  same('fee', row.fee, s.fee);
  same('received', row.received, s.received);
  if (row.deciding_price === null || row.deciding_ts === null) return [...issues, 'no deciding price'];
  if (row.kind === 'limit') {
    const limit = row.target_price!;
    if (!limitCrossed(row.side, limit, row.deciding_price)) {
      issues.push(`deciding price ${row.deciding_price} does not cross the ${row.side} limit ${limit}`);
    }
    // No fill worse than the limit (a buy's at or below it, a sell's at or above it).
    for (const f of row.fills) if (!limitCrossed(row.side, limit, f.price)) issues.push(`fill at ${f.price} worse than the limit ${limit}`);
    // Filled by the engine after it was placed: one fill at the better of the limit and the
    // deciding price. Filled as it was placed: the book's levels within the limit (the book is
    // not recorded: checked as a market order's), or that same one fill.
    const expected = limitFillPrice(row.side, limit, row.deciding_price);
    const single = row.fills.length === 1 && new Decimal(row.fills[0]!.price).eq(expected);
    if (row.filled_at !== row.created_at && !single) {
      const stored = row.fills.map((f) => f.price).join(', ');
      issues.push(`limit fill at ${stored}, ${expected.toFixed()} recomputed from the deciding price`);
    }
  }
  const outside = await ctx.prices.check(row.symbol, row.deciding_ts, row.deciding_price);
  if (outside) issues.push(outside);
  return issues;
}
