/**
 * The spot auditor (kind `spot`, docs/SPOT.md "Audit"): for every filled order, recomputes from
 * the stored fills and inputs (side, amount, limit price, fee rate, the pair's decimals) with the
 * same domain formulas the fill used — total, average price, fee, received — and checks the
 * deciding price: a limit fill's crosses the limit, one fill at the limit price for the whole
 * amount, and the price is within the recorded bar at the tick time (`prices.check`); a market
 * fill's deciding price is in the record too, and its fills add up to the amount.
 */
import type { AuditMismatch, AuditSection } from '../../domain/audit/types';
import { Decimal } from '../../domain/decimal';
import { limitCrossed, settleFills } from '../../domain/spot/formulas';
import type { AuditContext, Auditor } from '../audit/registry';
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
      for (;;) {
        const rows = await repo.filled(after, BATCH);
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
    if (row.fills.length !== 1 || !new Decimal(row.fills[0]!.price).eq(row.target_price!)) issues.push('limit fill not at its limit price');
    if (!limitCrossed(row.side, row.target_price!, row.deciding_price)) {
      issues.push(`deciding price ${row.deciding_price} does not cross the ${row.side} limit ${row.target_price}`);
    }
  }
  const outside = await ctx.prices.check(row.symbol, row.deciding_ts, row.deciding_price);
  if (outside) issues.push(outside);
  return issues;
}
