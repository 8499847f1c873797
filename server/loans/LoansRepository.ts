/**
 * The one owner of `loans` and `loan_events` (migration 018): every SQL string naming them lives
 * here. Amounts are written as decimal strings computed by the domain formulas
 * (domain/loans/formulas.ts) and read back through checked row readers (server/db/rows.ts) as
 * normalised decimal strings; prices as the text the market recorded.
 */
import type { Page } from '../../domain/api/envelope';
import type { LoanEventKind, LoanStatus } from '../../domain/loans/types';
import { onlyRows } from '../audit/scope';
import type { Queryable, SqlValue } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';

// NUMERIC columns come back normalised by the drivers' parser; prices are cast to text so they keep
// the pair's decimals as the market recorded them.
const LOAN_COLUMNS = `id, user_id, currency_id, status, collateral, borrowed, principal, interest, interest_accrued,
  interest_paid, principal_paid, days_accrued, initial_ltv, margin_call_ltv, liquidation_ltv, daily_rate,
  liquidation_penalty, margin_called, liq_price::text AS liq_price, liq_tick_ts, liq_debt, liq_taken, liq_returned,
  liq_shortfall, liq_bad_debt, created_at, updated_at, closed_at`;

const EVENT_COLUMNS = `id, loan_id, kind, amount, interest, principal, day, price::text AS price, tick_ts, ledger_key, created_at`;

export interface LoanRow {
  id: number;
  user_id: number;
  currency_id: number;
  status: LoanStatus;
  collateral: string;
  borrowed: string;
  principal: string;
  interest: string;
  interest_accrued: string;
  interest_paid: string;
  principal_paid: string;
  days_accrued: number;
  initial_ltv: string;
  margin_call_ltv: string;
  liquidation_ltv: string;
  daily_rate: string;
  liquidation_penalty: string;
  margin_called: boolean;
  liq_price: string | null;
  liq_tick_ts: number | null;
  liq_debt: string | null;
  liq_taken: string | null;
  liq_returned: string | null;
  liq_shortfall: string | null;
  liq_bad_debt: string;
  created_at: number;
  updated_at: number;
  closed_at: number | null;
}

export interface EventRow {
  id: number;
  loan_id: number;
  kind: LoanEventKind;
  amount: string;
  interest: string | null;
  principal: string | null;
  day: number | null;
  price: string | null;
  tick_ts: number | null;
  ledger_key: string | null;
  created_at: number;
}

const loanRows = rowReader<LoanRow>('loans', {
  id: 'int',
  user_id: 'int',
  currency_id: 'int',
  status: 'text',
  collateral: 'decimal',
  borrowed: 'decimal',
  principal: 'decimal',
  interest: 'decimal',
  interest_accrued: 'decimal',
  interest_paid: 'decimal',
  principal_paid: 'decimal',
  days_accrued: 'int',
  initial_ltv: 'decimal',
  margin_call_ltv: 'decimal',
  liquidation_ltv: 'decimal',
  daily_rate: 'decimal',
  liquidation_penalty: 'decimal',
  margin_called: 'bool',
  liq_price: 'decimal?',
  liq_tick_ts: 'int?',
  liq_debt: 'decimal?',
  liq_taken: 'decimal?',
  liq_returned: 'decimal?',
  liq_shortfall: 'decimal?',
  liq_bad_debt: 'decimal',
  created_at: 'int',
  updated_at: 'int',
  closed_at: 'int?',
});

const eventRows = rowReader<EventRow>('loan_events', {
  id: 'int',
  loan_id: 'int',
  kind: 'text',
  amount: 'decimal',
  interest: 'decimal?',
  principal: 'decimal?',
  day: 'int?',
  price: 'decimal?',
  tick_ts: 'int?',
  ledger_key: 'text?',
  created_at: 'int',
});

export type NewLoan = Pick<
  LoanRow,
  | 'user_id'
  | 'currency_id'
  | 'collateral'
  | 'borrowed'
  | 'initial_ltv'
  | 'margin_call_ltv'
  | 'liquidation_ltv'
  | 'daily_rate'
  | 'liquidation_penalty'
  | 'created_at'
>;

export type NewEvent = Omit<EventRow, 'id' | 'interest' | 'principal' | 'day' | 'price' | 'tick_ts' | 'ledger_key'> &
  Partial<Pick<EventRow, 'interest' | 'principal' | 'day' | 'price' | 'tick_ts' | 'ledger_key'>>;

export class LoansRepository {
  constructor(private readonly db: Queryable) {}

  async insert(q: Queryable, l: NewLoan): Promise<LoanRow> {
    const row = await loanRows.one(
      q,
      `INSERT INTO loans (user_id, currency_id, status, collateral, borrowed, principal, initial_ltv, margin_call_ltv, liquidation_ltv,
         daily_rate, liquidation_penalty, created_at, updated_at)
       VALUES ($1, $2, 'open', $3, $4, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING ${LOAN_COLUMNS}`,
      [
        l.user_id,
        l.currency_id,
        l.collateral,
        l.borrowed,
        l.initial_ltv,
        l.margin_call_ltv,
        l.liquidation_ltv,
        l.daily_rate,
        l.liquidation_penalty,
        l.created_at,
      ],
    );
    return row!;
  }

  async byId(id: number, q: Queryable = this.db): Promise<LoanRow | null> {
    const row = await loanRows.one(q, `SELECT ${LOAN_COLUMNS} FROM loans WHERE id = $1`, [id]);
    return row ?? null;
  }

  async lock(q: Queryable, id: number): Promise<LoanRow | null> {
    const row = await loanRows.one(q, `SELECT ${LOAN_COLUMNS} FROM loans WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async page(userId: number, status: LoanStatus | undefined, page: { page: number; limit: number }): Promise<Page<LoanRow>> {
    return paginate(
      this.db,
      {
        select: LOAN_COLUMNS,
        from: 'FROM loans WHERE user_id = $1 AND ($2::text IS NULL OR status = $2)',
        orderBy: 'id DESC',
        params: [userId, status ?? null],
      },
      page,
      loanRows.check,
    );
  }

  /** Every open loan (the engine's working set), by id. */
  async open(q: Queryable = this.db): Promise<LoanRow[]> {
    return loanRows.all(q, `SELECT ${LOAN_COLUMNS} FROM loans WHERE status = 'open' ORDER BY id`);
  }

  /** A user's open loans, by id (the assets page's collateral line). */
  async openOf(userId: number): Promise<LoanRow[]> {
    return loanRows.all(this.db, `SELECT ${LOAN_COLUMNS} FROM loans WHERE user_id = $1 AND status = 'open' ORDER BY id`, [userId]);
  }

  /** Open loans with an interest day due by `now` (day n is due at created_at + (n − 1) days), oldest due first. */
  async accrualsDue(now: number, limit: number): Promise<LoanRow[]> {
    return loanRows.all(
      this.db,
      `SELECT ${LOAN_COLUMNS} FROM loans WHERE status = 'open' AND created_at + days_accrued * 86400000::bigint <= $1
       ORDER BY created_at + days_accrued * 86400000::bigint, id LIMIT $2`,
      [now, limit],
    );
  }

  /** When the next interest day of any open loan accrues, or null. */
  async nextAccrual(): Promise<number | null> {
    const [row] = await this.db.query<{ at: number | null }>(
      `SELECT MIN(created_at + days_accrued * 86400000::bigint) AS at FROM loans WHERE status = 'open'`,
    );
    return row?.at ?? null;
  }

  /** Writes the loan's changed fields (the row is locked by the caller). */
  async update(
    q: Queryable,
    id: number,
    fields: Partial<Omit<LoanRow, 'id' | 'user_id' | 'currency_id' | 'created_at'>>,
  ): Promise<LoanRow> {
    const keys = Object.keys(fields) as (keyof typeof fields)[];
    const sets = keys.map((k, i) => `${k} = $${i + 2}`);
    const row = await loanRows.one(q, `UPDATE loans SET ${sets.join(', ')} WHERE id = $1 RETURNING ${LOAN_COLUMNS}`, [
      id,
      ...keys.map((k) => fields[k] as string | number | boolean | null),
    ]);
    if (!row) throw new Error(`loan ${id} not found`);
    return row;
  }

  async addEvent(q: Queryable, e: NewEvent): Promise<EventRow> {
    const row = await eventRows.one(
      q,
      `INSERT INTO loan_events (loan_id, kind, amount, interest, principal, day, price, tick_ts, ledger_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${EVENT_COLUMNS}`,
      [
        e.loan_id,
        e.kind,
        e.amount,
        e.interest ?? null,
        e.principal ?? null,
        e.day ?? null,
        e.price ?? null,
        e.tick_ts ?? null,
        e.ledger_key ?? null,
        e.created_at,
      ],
    );
    return row!;
  }

  /** The next event id (a repayment's or a top-up's ledger key names it before the row is written). */
  async nextEventId(q: Queryable): Promise<number> {
    const [row] = await q.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('loan_events', 'id')) AS id`);
    return row!.id;
  }

  async addEventWithId(q: Queryable, id: number, e: NewEvent): Promise<EventRow> {
    const row = await eventRows.one(
      q,
      `INSERT INTO loan_events (id, loan_id, kind, amount, interest, principal, day, price, tick_ts, ledger_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${EVENT_COLUMNS}`,
      [
        id,
        e.loan_id,
        e.kind,
        e.amount,
        e.interest ?? null,
        e.principal ?? null,
        e.day ?? null,
        e.price ?? null,
        e.tick_ts ?? null,
        e.ledger_key ?? null,
        e.created_at,
      ],
    );
    return row!;
  }

  async events(loanId: number, q: Queryable = this.db): Promise<EventRow[]> {
    return eventRows.all(q, `SELECT ${EVENT_COLUMNS} FROM loan_events WHERE loan_id = $1 ORDER BY id`, [loanId]);
  }

  /** Loans by id after `after` (the auditor), with their events. */
  async after(after: number, limit: number, only: readonly number[] | null = null): Promise<LoanRow[]> {
    const params: SqlValue[] = [after, limit];
    const among = onlyRows('id', only, params);
    return loanRows.all(this.db, `SELECT ${LOAN_COLUMNS} FROM loans WHERE id > $1${among} ORDER BY id LIMIT $2`, params);
  }

  /**
   * What the insurance fund paid for liquidated loans (the shortfall less its bad debt), all time
   * and since `since`, and how many liquidations booked bad debt (the operator's risk view).
   */
  async insuranceFlows(since: number): Promise<{ paidOut: string; paidOutSince: string; badDebtLoans: number }> {
    const [row] = await this.db.query<{ paid_out: string; paid_out_since: string; bad: number }>(
      `SELECT COALESCE(SUM(liq_shortfall - liq_bad_debt), 0)::text AS paid_out,
         COALESCE(SUM(liq_shortfall - liq_bad_debt) FILTER (WHERE closed_at >= $1), 0)::text AS paid_out_since,
         COUNT(*) FILTER (WHERE liq_bad_debt > 0)::int AS bad
       FROM loans WHERE status = 'liquidated'`,
      [since],
    );
    return { paidOut: row?.paid_out ?? '0', paidOutSince: row?.paid_out_since ?? '0', badDebtLoans: row?.bad ?? 0 };
  }
}
