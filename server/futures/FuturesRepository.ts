/**
 * The one owner of `futures_trades` and `futures_settlements` (migration 006): every SQL string
 * naming them lives here. Amounts are written as decimal strings computed by the domain formulas
 * and read back as text, never as floats.
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import type { CloseReason, FuturesSide, FuturesStatus, FuturesTrade } from '../../domain/futures/types';
import type { Queryable } from '../db/db';
import { paginate } from '../db/paginate';
import { norm, num } from '../db/columns';

const COLUMNS = `id, user_id, match_id, symbol, side, kind, status, share::text AS share, number::text AS number, multiple,
  target_price::text AS target_price, open_price::text AS open_price, quote_usdt::text AS quote_usdt, margin::text AS margin,
  fee::text AS fee, overnight_fee::text AS overnight_fee, target_profit_price::text AS target_profit_price,
  stop_loss_price::text AS stop_loss_price, profit::text AS profit, close_price::text AS close_price, close_reason,
  created_at, opened_at, closed_at, updated_at,
  (SELECT f.tick_ts FROM futures_settlements f WHERE f.key = 'futures:' || futures_trades.id || ':fill') AS open_ts,
  (SELECT c.tick_ts FROM futures_settlements c WHERE c.key = 'futures:' || futures_trades.id || ':close') AS close_ts`;

/** A trade as stored, with its owner. */
export interface TradeRow extends Omit<FuturesTrade, 'product' | 'open'> {
  user_id: number;
}

interface RawRow extends Omit<
  TradeRow,
  'created_at' | 'opened_at' | 'closed_at' | 'updated_at' | 'id' | 'user_id' | 'match_id' | 'open_ts' | 'close_ts'
> {
  id: number | string;
  user_id: number | string;
  match_id: number | string;
  created_at: number | string;
  opened_at: number | string | null;
  closed_at: number | string | null;
  updated_at: number | string;
  open_ts: number | string | null;
  close_ts: number | string | null;
}

function toRow(r: RawRow): TradeRow {
  return {
    id: Number(r.id),
    user_id: Number(r.user_id),
    match_id: Number(r.match_id),
    symbol: r.symbol,
    side: r.side,
    kind: r.kind,
    status: r.status,
    share: norm(r.share)!,
    number: norm(r.number)!,
    multiple: Number(r.multiple),
    target_price: norm(r.target_price),
    open_price: norm(r.open_price),
    quote_usdt: norm(r.quote_usdt)!,
    margin: norm(r.margin)!,
    fee: norm(r.fee)!,
    overnight_fee: norm(r.overnight_fee)!,
    target_profit_price: norm(r.target_profit_price),
    stop_loss_price: norm(r.stop_loss_price),
    profit: norm(r.profit),
    close_price: norm(r.close_price),
    close_reason: r.close_reason,
    created_at: Number(r.created_at),
    opened_at: num(r.opened_at),
    closed_at: num(r.closed_at),
    updated_at: Number(r.updated_at),
    open_ts: num(r.open_ts),
    close_ts: num(r.close_ts),
  };
}

/** The wire form: `open` is true while the trade is live (entrusted or open). */
export function toTrade(row: TradeRow): FuturesTrade {
  const { user_id: _owner, ...rest } = row;
  return { ...rest, product: 'futures', open: row.status === 'entrusted' || row.status === 'open' };
}

export interface NewTrade {
  userId: number;
  matchId: number;
  symbol: string;
  side: FuturesSide;
  kind: 'market' | 'limit';
  status: 'entrusted' | 'open';
  share: string;
  number: string;
  multiple: number;
  targetPrice: string | null;
  openPrice: string | null;
  quoteUsdt: string;
  margin: string;
  fee: string;
  takeProfit: string | null;
  stopLoss: string | null;
  now: number;
}

/** What may change on a trade; absent fields stay. */
export interface TradeChange {
  status?: FuturesStatus;
  open_price?: string;
  margin?: string;
  fee?: string;
  overnight_fee?: string;
  target_profit_price?: string | null;
  stop_loss_price?: string | null;
  profit?: string;
  close_price?: string;
  close_reason?: CloseReason;
  opened_at?: number;
  closed_at?: number;
}

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

export type TradeStatusFilter = FuturesStatus | 'history';

export class FuturesRepository {
  constructor(private readonly db: Queryable) {}

  async insert(q: Queryable, t: NewTrade): Promise<TradeRow> {
    const [row] = await q.query<RawRow>(
      `INSERT INTO futures_trades (user_id, match_id, symbol, side, kind, status, share, number, multiple, target_price, open_price,
         quote_usdt, margin, fee, target_profit_price, stop_loss_price, created_at, opened_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $17)
       RETURNING ${COLUMNS}`,
      [
        t.userId,
        t.matchId,
        t.symbol,
        t.side,
        t.kind,
        t.status,
        t.share,
        t.number,
        t.multiple,
        t.targetPrice,
        t.openPrice,
        t.quoteUsdt,
        t.margin,
        t.fee,
        t.takeProfit,
        t.stopLoss,
        t.now,
        t.status === 'open' ? t.now : null,
      ],
    );
    return toRow(row!);
  }

  async byId(id: number, q: Queryable = this.db): Promise<TradeRow | null> {
    const [row] = await q.query<RawRow>(`SELECT ${COLUMNS} FROM futures_trades WHERE id = $1`, [id]);
    return row ? toRow(row) : null;
  }

  /** Locks one trade for its change; null when it does not exist. */
  async lock(q: Queryable, id: number): Promise<TradeRow | null> {
    const [row] = await q.query<RawRow>(`SELECT ${COLUMNS} FROM futures_trades WHERE id = $1 FOR UPDATE`, [id]);
    return row ? toRow(row) : null;
  }

  /** Locks a user's live trades of a status (optionally one side), oldest first. */
  async lockLive(q: Queryable, userId: number, status: 'open' | 'entrusted', side?: FuturesSide): Promise<TradeRow[]> {
    const rows = await q.query<RawRow>(
      `SELECT ${COLUMNS} FROM futures_trades WHERE user_id = $1 AND status = $2 AND ($3::text IS NULL OR side = $3) ORDER BY id FOR UPDATE`,
      [userId, status, side ?? null],
    );
    return rows.map(toRow);
  }

  /** How many trades of the user are live (open or entrusted). */
  async countLive(q: Queryable, userId: number): Promise<number> {
    const [row] = await q.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM futures_trades WHERE user_id = $1 AND status IN ('open', 'entrusted')`,
      [userId],
    );
    return Number(row?.n ?? 0);
  }

  async update(q: Queryable, id: number, change: TradeChange, now: number): Promise<TradeRow> {
    const entries = Object.entries(change).filter(([, v]) => v !== undefined);
    const sets = entries.map(([k], i) => `${k} = $${i + 3}`);
    const [row] = await q.query<RawRow>(
      `UPDATE futures_trades SET ${[...sets, 'updated_at = $2'].join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, now, ...entries.map(([, v]) => v as string | number | null)],
    );
    return toRow(row!);
  }

  /** A user's live trades of a status, optionally on one pair, oldest first. */
  async live(userId: number, status: 'open' | 'entrusted', matchId?: number, q: Queryable = this.db): Promise<TradeRow[]> {
    const rows = await q.query<RawRow>(
      `SELECT ${COLUMNS} FROM futures_trades WHERE user_id = $1 AND status = $2 AND ($3::int IS NULL OR match_id = $3) ORDER BY id`,
      [userId, status, matchId ?? null],
    );
    return rows.map(toRow);
  }

  /**
   * The platform's side of a pair, in one round trip: Σ number of live (open and entrusted) longs
   * minus shorts, in base units × quote_usdt (so × the mark gives USDT; positive: the platform is
   * short that much), and the operator's cap (null: the default).
   */
  async exposure(q: Queryable, matchId: number): Promise<{ net: Decimal; cap: string | null }> {
    const [row] = await q.query<{ net: string; cap: string | null }>(
      `SELECT COALESCE(SUM(CASE WHEN side = 'long' THEN number ELSE -number END * quote_usdt), 0)::text AS net,
         (SELECT max_net_exposure::text FROM futures_limits WHERE match_id = $1) AS cap
       FROM futures_trades WHERE match_id = $1 AND status IN ('open', 'entrusted')`,
      [matchId],
    );
    return { net: new Decimal(row?.net ?? 0), cap: row?.cap ?? null };
  }

  /** The operator's net exposure cap of a pair (USDT), or null for the default. */
  async exposureCap(q: Queryable, matchId: number): Promise<string | null> {
    const [row] = await q.query<{ cap: string }>(`SELECT max_net_exposure::text AS cap FROM futures_limits WHERE match_id = $1`, [matchId]);
    return row?.cap ?? null;
  }

  /** Every cap the operator set, by pair. */
  async exposureCaps(): Promise<Map<number, string>> {
    const rows = await this.db.query<{ match_id: number; cap: string }>(
      `SELECT match_id, max_net_exposure::text AS cap FROM futures_limits`,
    );
    return new Map(rows.map((r) => [Number(r.match_id), r.cap]));
  }

  /** Sets (or replaces) the operator's net exposure cap of a pair. */
  async setExposureCap(matchId: number, cap: string, now: number): Promise<void> {
    await this.db.query(
      `INSERT INTO futures_limits (match_id, max_net_exposure, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (match_id) DO UPDATE SET max_net_exposure = EXCLUDED.max_net_exposure, updated_at = EXCLUDED.updated_at`,
      [matchId, cap, now],
    );
  }

  /** Every live trade (the engine's working set). */
  async allLive(): Promise<TradeRow[]> {
    const rows = await this.db.query<RawRow>(`SELECT ${COLUMNS} FROM futures_trades WHERE status IN ('open', 'entrusted') ORDER BY id`);
    return rows.map(toRow);
  }

  /** Open positions opened before `before` that have no settlement of `kind` yet (the overnight fee's candidates). */
  async openWithout(kind: string, before: number): Promise<{ id: number; user_id: number }[]> {
    const rows = await this.db.query<{ id: number | string; user_id: number | string }>(
      `SELECT t.id, t.user_id FROM futures_trades t
       WHERE t.status = 'open' AND t.opened_at < $2
         AND NOT EXISTS (SELECT 1 FROM futures_settlements s WHERE s.trade_id = t.id AND s.kind = $1)
       ORDER BY t.id`,
      [kind, before],
    );
    return rows.map((r) => ({ id: Number(r.id), user_id: Number(r.user_id) }));
  }

  /** One page of a user's trades: a status, or `history` (closed and cancelled), newest first. */
  async page(
    userId: number,
    status: TradeStatusFilter,
    matchId: number | undefined,
    page: { page: number; limit: number },
  ): Promise<Page<TradeRow>> {
    const statuses = status === 'history' ? ['closed', 'cancelled'] : [status];
    return paginate<RawRow, TradeRow>(
      this.db,
      {
        select: COLUMNS,
        from: `FROM futures_trades WHERE user_id = $1 AND status = ANY($2::text[]) AND ($3::int IS NULL OR match_id = $3)`,
        orderBy: 'COALESCE(closed_at, updated_at) DESC, id DESC',
        params: [userId, `{${statuses.join(',')}}`, matchId ?? null],
      },
      page,
      toRow,
    );
  }

  /** A user's closed positions (closed after `since`), oldest first (copy trading's statistics). */
  async closedOf(userId: number, since = 0): Promise<TradeRow[]> {
    const rows = await this.db.query<RawRow>(
      `SELECT ${COLUMNS} FROM futures_trades WHERE user_id = $1 AND status = 'closed' AND closed_at > $2 ORDER BY closed_at, id`,
      [userId, since],
    );
    return rows.map(toRow);
  }

  /** Trades by id (copy trading's copies and the trades they copy). */
  async byIds(ids: readonly number[], q: Queryable = this.db): Promise<Map<number, TradeRow>> {
    if (!ids.length) return new Map();
    const rows = await q.query<RawRow>(`SELECT ${COLUMNS} FROM futures_trades WHERE id = ANY(string_to_array($1, ',')::bigint[])`, [
      ids.join(','),
    ]);
    return new Map(rows.map((r) => [Number(r.id), toRow(r)]));
  }

  /** Open positions of `userIds` opened at or after `since` (the mirror's sweep). */
  async openOf(userIds: readonly number[], since: number): Promise<TradeRow[]> {
    if (!userIds.length) return [];
    const rows = await this.db.query<RawRow>(
      `SELECT ${COLUMNS} FROM futures_trades WHERE status = 'open' AND opened_at >= $2 AND user_id = ANY(string_to_array($1, ',')::bigint[]) ORDER BY opened_at, id`,
      [userIds.join(','), since],
    );
    return rows.map(toRow);
  }

  /** Which of these users have opened a position (the invite statistics' "traded"). */
  async tradersAmong(userIds: number[]): Promise<number[]> {
    const rows = await this.db.query<{ user_id: number | string }>(
      "SELECT DISTINCT user_id FROM futures_trades WHERE opened_at IS NOT NULL AND user_id = ANY(string_to_array($1, ',')::bigint[])",
      [userIds.join(',')],
    );
    return rows.map((r) => Number(r.user_id));
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
  async auditPage(after: number, limit: number): Promise<{ trades: TradeRow[]; settlements: AuditSettlementRow[] }> {
    const rows = await this.db.query<RawRow>(
      `SELECT ${COLUMNS} FROM futures_trades
       WHERE futures_trades.id > $1 AND EXISTS (SELECT 1 FROM futures_settlements x WHERE x.trade_id = futures_trades.id)
       ORDER BY futures_trades.id LIMIT $2`,
      [after, limit],
    );
    const trades = rows.map(toRow);
    if (!trades.length) return { trades, settlements: [] };
    const settled = await this.db.query<
      SettlementRow & {
        id: number | string;
        user_id: number | string;
        trade_id: number | string;
        tick_ts: number | string;
        created_at: number | string;
      }
    >(
      `SELECT id, trade_id, user_id, kind, key, price::text AS price, tick_ts, margin::text AS margin, fee::text AS fee,
         profit::text AS profit, insurance::text AS insurance, bad_debt::text AS bad_debt, created_at
       FROM futures_settlements WHERE trade_id = ANY(string_to_array($1, ',')::bigint[]) ORDER BY trade_id, id`,
      [trades.map((t) => t.id).join(',')],
    );
    return {
      trades,
      settlements: settled.map((r) => ({
        ...r,
        id: Number(r.id),
        trade_id: Number(r.trade_id),
        user_id: Number(r.user_id),
        tick_ts: Number(r.tick_ts),
        created_at: Number(r.created_at),
      })),
    };
  }

  async settlements(tradeId: number): Promise<SettlementRow[]> {
    const rows = await this.db.query<SettlementRow & { tick_ts: number | string; trade_id: number | string }>(
      `SELECT trade_id, kind, key, price::text AS price, tick_ts, margin::text AS margin, fee::text AS fee, profit::text AS profit,
         insurance::text AS insurance, bad_debt::text AS bad_debt
       FROM futures_settlements WHERE trade_id = $1 ORDER BY id`,
      [tradeId],
    );
    return rows.map((r) => ({ ...r, trade_id: Number(r.trade_id), tick_ts: Number(r.tick_ts) }));
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
    const [row] = await this.db.query<{
      fees_in: string;
      fees_in_since: string;
      paid_out: string;
      paid_out_since: string;
      bad_debt_closes: number | string;
    }>(
      `SELECT COALESCE(SUM(fee) FILTER (WHERE kind = 'liquidation'), 0)::text AS fees_in,
         COALESCE(SUM(fee) FILTER (WHERE kind = 'liquidation' AND created_at >= $1), 0)::text AS fees_in_since,
         COALESCE(SUM(insurance), 0)::text AS paid_out,
         COALESCE(SUM(insurance) FILTER (WHERE created_at >= $1), 0)::text AS paid_out_since,
         COUNT(*) FILTER (WHERE bad_debt > 0)::int AS bad_debt_closes
       FROM futures_settlements`,
      [since],
    );
    return {
      feesIn: norm(row?.fees_in ?? '0')!,
      feesInSince: norm(row?.fees_in_since ?? '0')!,
      paidOut: norm(row?.paid_out ?? '0')!,
      paidOutSince: norm(row?.paid_out_since ?? '0')!,
      badDebtCloses: Number(row?.bad_debt_closes ?? 0),
    };
  }
}
