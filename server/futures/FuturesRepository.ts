/**
 * The one owner of `futures_trades`, `futures_settlements` (migration 006) and `futures_limits`:
 * every SQL string naming them lives here or in FuturesTrades.ts (the trade rows, which this class
 * extends). Amounts are written as decimal strings computed by the domain formulas and read back
 * through checked row readers (server/db/rows.ts) as normalised decimal strings, never as floats.
 */
import { Decimal } from '../../domain/decimal';
import type { FuturesSide } from '../../domain/futures/types';
import { onlyRows } from '../audit/scope';
import type { Queryable, SqlValue } from '../db/db';
import { rowReader } from '../db/rows';
import { FuturesTrades, TRADE_COLUMNS, tradeRows, type SizeLimits, type TradeRow } from './FuturesTrades';

export { toTrade, type SizeLimits, type NewTrade, type TradeChange, type TradeRow, type TradeStatusFilter } from './FuturesTrades';

// The mark price is cast to text so it keeps the pair's decimals as the market recorded them; the
// amounts come back normalised by the drivers' parser.
const SETTLEMENT_COLUMNS = `trade_id, kind, key, price::text AS price, tick_ts, margin, fee, profit, insurance, bad_debt`;
const AUDIT_SETTLEMENT_COLUMNS = `id, user_id, created_at, ${SETTLEMENT_COLUMNS}`;

export interface NewSettlement {
  tradeId: number;
  userId: number;
  kind: string;
  key: string;
  price: string;
  tickTs: number;
  margin?: string;
  fee?: string;
  profit?: string;
  insurance?: string;
  badDebt?: string;
  now: number;
}

export interface SettlementRow {
  trade_id: number;
  kind: string;
  key: string;
  price: string;
  tick_ts: number;
  margin: string;
  fee: string;
  profit: string;
  insurance: string;
  bad_debt: string;
}

/** A settlement row with its id, owner and time (the audit's view). */
export interface AuditSettlementRow extends SettlementRow {
  id: number;
  user_id: number;
  created_at: number;
}

const SETTLEMENT_SPEC = {
  trade_id: 'int',
  kind: 'text',
  key: 'text',
  price: 'decimal',
  tick_ts: 'int',
  margin: 'decimal',
  fee: 'decimal',
  profit: 'decimal',
  insurance: 'decimal',
  bad_debt: 'decimal',
} as const;

const settlementRows = rowReader<SettlementRow>('futures_settlements', SETTLEMENT_SPEC);
const auditSettlementRows = rowReader<AuditSettlementRow>('futures_settlements', {
  id: 'int',
  user_id: 'int',
  created_at: 'int',
  ...SETTLEMENT_SPEC,
});

interface FlowsRow {
  fees_in: string;
  fees_in_since: string;
  paid_out: string;
  paid_out_since: string;
  bad_debt_closes: number;
}

const flowsRows = rowReader<FlowsRow>('futures_settlements', {
  fees_in: 'decimal',
  fees_in_since: 'decimal',
  paid_out: 'decimal',
  paid_out_since: 'decimal',
  bad_debt_closes: 'int',
});

const sizeLimitRows = rowReader<{ net: string; cap: string | null; held: string; side_value: string }>('futures_trades', {
  net: 'decimal',
  cap: 'decimal?',
  held: 'decimal',
  side_value: 'decimal',
});
const exposureCheckRows = rowReader<{ match_id: number; kept: string; summed: string }>('futures_exposure', {
  match_id: 'int',
  kept: 'decimal',
  summed: 'decimal',
});
const capRows = rowReader<{ cap: string }>('futures_limits', { cap: 'decimal' });
const pairCapRows = rowReader<{ match_id: number; cap: string }>('futures_limits', { match_id: 'int', cap: 'decimal' });

export class FuturesRepository extends FuturesTrades {
  /**
   * What a new order's size limits read, in one round trip: the lots of the user's live trades on
   * the pair and the value of those on the order's side; the platform's side of the pair, Σ number
   * of live (open and entrusted) longs minus shorts in base units × quote_usdt (so × the mark gives
   * USDT; positive: the platform is short that much), from its running sums (migration 028) rather
   * than from every live trade; and the operator's cap (null: the default).
   */
  async sizeLimits(q: Queryable, userId: number, matchId: number, side: FuturesSide): Promise<SizeLimits> {
    // Summed here rather than read row by row: an order costs the same however many positions its
    // user holds. The value is `positionValue` (domain/futures/formulas.ts) of each trade at its
    // open price, else its limit, summed exactly in NUMERIC.
    const [r] = await sizeLimitRows.all(
      q,
      `SELECT (SELECT COALESCE(SUM(net), 0) FROM futures_exposure WHERE match_id = $2) AS net,
         (SELECT max_net_exposure FROM futures_limits WHERE match_id = $2) AS cap,
         COALESCE(SUM(share), 0) AS held,
         COALESCE(SUM(COALESCE(open_price, target_price) * number * quote_usdt) FILTER (WHERE side = $3), 0) AS side_value
       FROM futures_trades
       WHERE user_id = $1 AND match_id = $2 AND status IN ('open', 'entrusted')`,
      [userId, matchId, side],
    );
    return { held: new Decimal(r!.held), sideValue: new Decimal(r!.side_value), net: new Decimal(r!.net), cap: r!.cap };
  }

  /** The platform's net exposure of every pair, summed from the trades themselves (the audit's check of the running sums). */
  async exposureCheck(): Promise<{ match_id: number; kept: string; summed: string }[]> {
    return exposureCheckRows.all(
      this.db,
      `SELECT COALESCE(k.match_id, s.match_id) AS match_id, COALESCE(k.net, 0) AS kept, COALESCE(s.net, 0) AS summed
       FROM (SELECT match_id, SUM(net) AS net FROM futures_exposure GROUP BY match_id) k
       FULL JOIN (SELECT match_id, SUM(CASE WHEN side = 'long' THEN number ELSE -number END * quote_usdt) AS net
                  FROM futures_trades WHERE status IN ('open', 'entrusted') GROUP BY match_id) s ON s.match_id = k.match_id
       ORDER BY 1`,
    );
  }

  /** The operator's net exposure cap of a pair (USDT), or null for the default. */
  async exposureCap(q: Queryable, matchId: number): Promise<string | null> {
    const row = await capRows.one(q, `SELECT max_net_exposure AS cap FROM futures_limits WHERE match_id = $1`, [matchId]);
    return row?.cap ?? null;
  }

  /** Every cap the operator set, by pair. */
  async exposureCaps(): Promise<Map<number, string>> {
    const rows = await pairCapRows.all(this.db, `SELECT match_id, max_net_exposure AS cap FROM futures_limits`);
    return new Map(rows.map((r) => [r.match_id, r.cap]));
  }

  /** Sets (or replaces) the operator's net exposure cap of a pair. */
  async setExposureCap(matchId: number, cap: string, now: number): Promise<void> {
    await this.db.query(
      `INSERT INTO futures_limits (match_id, max_net_exposure, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (match_id) DO UPDATE SET max_net_exposure = EXCLUDED.max_net_exposure, updated_at = EXCLUDED.updated_at`,
      [matchId, cap, now],
    );
  }

  /** Records an effect; false when one with the same key (or kind on the trade) exists: it happened already. */
  async settle(q: Queryable, s: NewSettlement): Promise<boolean> {
    const rows = await q.query(
      `INSERT INTO futures_settlements (trade_id, user_id, kind, key, price, tick_ts, margin, fee, profit, insurance, bad_debt, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING RETURNING id`,
      [
        s.tradeId,
        s.userId,
        s.kind,
        s.key,
        s.price,
        s.tickTs,
        s.margin ?? '0',
        s.fee ?? '0',
        s.profit ?? '0',
        s.insurance ?? '0',
        s.badDebt ?? '0',
        s.now,
      ],
    );
    return rows.length > 0;
  }

  /**
   * The settlement audit's page (read-only): up to `limit` trades after trade id `after` that have
   * a settlement, oldest first, and all their settlement rows in the order they happened.
   */
  async auditPage(
    after: number,
    limit: number,
    only: readonly number[] | null = null,
  ): Promise<{ trades: TradeRow[]; settlements: AuditSettlementRow[] }> {
    const params: SqlValue[] = [after, limit];
    const among = onlyRows('futures_trades.id', only, params);
    const trades = await tradeRows.all(
      this.db,
      `SELECT ${TRADE_COLUMNS} FROM futures_trades
       WHERE futures_trades.id > $1${among} AND EXISTS (SELECT 1 FROM futures_settlements x WHERE x.trade_id = futures_trades.id)
       ORDER BY futures_trades.id LIMIT $2`,
      params,
    );
    if (!trades.length) return { trades, settlements: [] };
    const settlements = await auditSettlementRows.all(
      this.db,
      `SELECT ${AUDIT_SETTLEMENT_COLUMNS} FROM futures_settlements
       WHERE trade_id = ANY(string_to_array($1, ',')::bigint[]) ORDER BY trade_id, id`,
      [trades.map((t) => t.id).join(',')],
    );
    return { trades, settlements };
  }

  async settlements(tradeId: number): Promise<SettlementRow[]> {
    return settlementRows.all(this.db, `SELECT ${SETTLEMENT_COLUMNS} FROM futures_settlements WHERE trade_id = $1 ORDER BY id`, [tradeId]);
  }

  /**
   * The insurance fund's futures flows (the operator's risk view, read-only): liquidation fees in
   * and shortfalls the fund paid out, over all time and since `since`, and how many closes booked
   * bad debt.
   */
  async insuranceFlows(since: number): Promise<{
    feesIn: string;
    feesInSince: string;
    paidOut: string;
    paidOutSince: string;
    badDebtCloses: number;
  }> {
    const row = await flowsRows.one(
      this.db,
      `SELECT COALESCE(SUM(fee) FILTER (WHERE kind = 'liquidation'), 0) AS fees_in,
         COALESCE(SUM(fee) FILTER (WHERE kind = 'liquidation' AND created_at >= $1), 0) AS fees_in_since,
         COALESCE(SUM(insurance), 0) AS paid_out,
         COALESCE(SUM(insurance) FILTER (WHERE created_at >= $1), 0) AS paid_out_since,
         COUNT(*) FILTER (WHERE bad_debt > 0) AS bad_debt_closes
       FROM futures_settlements`,
      [since],
    );
    return {
      feesIn: row?.fees_in ?? '0',
      feesInSince: row?.fees_in_since ?? '0',
      paidOut: row?.paid_out ?? '0',
      paidOutSince: row?.paid_out_since ?? '0',
      badDebtCloses: row?.bad_debt_closes ?? 0,
    };
  }
}
