/**
 * The one owner of `options_orders` (migration 009): every SQL string naming it lives here.
 * Amounts are written as decimal strings computed by the domain formulas and read back through a
 * checked row reader (server/db/rows.ts) as normalised decimal strings, prices included (the
 * settlement compares them by value, never by their recorded digits).
 */
import type { Page } from '../../domain/api/envelope';
import type { OptionDecider, OptionDirection, OptionResult, OptionStatus } from '../../domain/options/types';
import { onlyRows } from '../audit/scope';
import type { Queryable, SqlValue } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';

const COLUMNS = `id, user_id, match_id, symbol, currency_id, direction, seconds, ratio, stake, open_price, open_ts, expires_at,
  expected_payout, status, close_price, close_ts, decided_by, result, payout, profit, settle_key, settled_at, created_at, updated_at`;

export type DecidedBy = OptionDecider;

/** An option as stored. */
export interface OptionRow {
  id: number;
  user_id: number;
  match_id: number;
  symbol: string;
  currency_id: number;
  direction: OptionDirection;
  seconds: number;
  ratio: string;
  stake: string;
  open_price: string;
  open_ts: number;
  expires_at: number;
  expected_payout: string;
  status: OptionStatus;
  close_price: string | null;
  close_ts: number | null;
  decided_by: DecidedBy | null;
  result: OptionResult | null;
  payout: string | null;
  profit: string | null;
  settle_key: string | null;
  settled_at: number | null;
  created_at: number;
  updated_at: number;
}

const optionRows = rowReader<OptionRow>('options_orders', {
  id: 'int',
  user_id: 'int',
  match_id: 'int',
  symbol: 'text',
  currency_id: 'int',
  direction: 'text',
  seconds: 'int',
  ratio: 'decimal',
  stake: 'decimal',
  open_price: 'decimal',
  open_ts: 'int',
  expires_at: 'int',
  expected_payout: 'decimal',
  status: 'text',
  close_price: 'decimal?',
  close_ts: 'int?',
  decided_by: 'text?',
  result: 'text?',
  payout: 'decimal?',
  profit: 'decimal?',
  settle_key: 'text?',
  settled_at: 'int?',
  created_at: 'int',
  updated_at: 'int',
});

export interface NewOption {
  userId: number;
  matchId: number;
  symbol: string;
  currencyId: number;
  direction: OptionDirection;
  seconds: number;
  ratio: string;
  stake: string;
  openPrice: string;
  openTs: number;
  expectedPayout: string;
  now: number;
}

export interface Settlement {
  closePrice: string;
  closeTs: number;
  decidedBy: DecidedBy;
  result: OptionResult;
  payout: string;
  profit: string;
  key: string;
  now: number;
}

export class OptionsRepository {
  constructor(private readonly db: Queryable) {}

  /** Which of `userIds` have traded here (the invite statistics' "traded", server/users addTradeSource). */
  async tradersAmong(userIds: number[]): Promise<number[]> {
    const rows = await this.db.query<{ user_id: number }>(
      "SELECT DISTINCT user_id FROM options_orders WHERE user_id = ANY(string_to_array($1, ',')::bigint[])",
      [userIds.join(',')],
    );
    return rows.map((r) => r.user_id);
  }

  async insert(q: Queryable, o: NewOption): Promise<OptionRow> {
    const row = await optionRows.one(
      q,
      `INSERT INTO options_orders (user_id, match_id, symbol, currency_id, direction, seconds, ratio, stake, open_price, open_ts,
         expires_at, expected_payout, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'pending', $13, $13)
       RETURNING ${COLUMNS}`,
      [
        o.userId,
        o.matchId,
        o.symbol,
        o.currencyId,
        o.direction,
        o.seconds,
        o.ratio,
        o.stake,
        o.openPrice,
        o.openTs,
        o.openTs + o.seconds * 1000,
        o.expectedPayout,
        o.now,
      ],
    );
    return row!;
  }

  async byId(id: number, q: Queryable = this.db): Promise<OptionRow | null> {
    const row = await optionRows.one(q, `SELECT ${COLUMNS} FROM options_orders WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** Locks one option for its settlement; null when it does not exist. */
  async lock(q: Queryable, id: number): Promise<OptionRow | null> {
    const row = await optionRows.one(q, `SELECT ${COLUMNS} FROM options_orders WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  /** Records the settlement of a pending option; null when it was settled already (the key is unique, the status final). */
  async settle(q: Queryable, id: number, s: Settlement): Promise<OptionRow | null> {
    const row = await optionRows.one(
      q,
      `UPDATE options_orders SET status = 'settled', close_price = $2, close_ts = $3, decided_by = $4, result = $5, payout = $6,
         profit = $7, settle_key = $8, settled_at = $9, updated_at = $9
       WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
      [id, s.closePrice, s.closeTs, s.decidedBy, s.result, s.payout, s.profit, s.key, s.now],
    );
    return row ?? null;
  }

  /** A user's pending options, oldest first. */
  async pendingOf(userId: number, q: Queryable = this.db): Promise<OptionRow[]> {
    return optionRows.all(q, `SELECT ${COLUMNS} FROM options_orders WHERE user_id = $1 AND status = 'pending' ORDER BY id`, [userId]);
  }

  /** Every pending option (the engine's working set), soonest expiry first. */
  async allPending(): Promise<OptionRow[]> {
    return optionRows.all(this.db, `SELECT ${COLUMNS} FROM options_orders WHERE status = 'pending' ORDER BY expires_at, id`);
  }

  /** One page of a user's options, newest first, optionally one pair or one status. */
  async page(
    userId: number,
    filter: { matchId?: number; status?: OptionStatus },
    page: { page: number; limit: number },
  ): Promise<Page<OptionRow>> {
    return paginate(
      this.db,
      {
        select: COLUMNS,
        from: `FROM options_orders WHERE user_id = $1 AND ($2::int IS NULL OR match_id = $2) AND ($3::text IS NULL OR status = $3)`,
        orderBy: 'id DESC',
        params: [userId, filter.matchId ?? null, filter.status ?? null],
      },
      page,
      optionRows.check,
    );
  }

  /** Settled options after `afterId`, by id (the auditor reads them in batches). */
  async settledAfter(afterId: number, limit: number, only: readonly number[] | null = null): Promise<OptionRow[]> {
    const params: SqlValue[] = [afterId, limit];
    const among = onlyRows('id', only, params);
    return optionRows.all(
      this.db,
      `SELECT ${COLUMNS} FROM options_orders WHERE status = 'settled' AND id > $1${among} ORDER BY id LIMIT $2`,
      params,
    );
  }
}
