import type { Page } from '../../domain/api/envelope';
import type { Db, Queryable } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';
import type { BillItem } from '../../domain/funds/types';

/** One balance row of a user. */
export interface BalanceRow {
  account: number;
  currency_id: number;
  available: string;
  frozen: string;
}

/** One journal row of a user (a bill), without display names. */
/** A journal row as the bills pages list it, before the currency's name is added. */
export type JournalRow = Omit<BillItem, 'currency'>;

// `::text` keeps the balances' stored scale: what the wallet shows is what the row holds.
const BALANCE_COLUMNS = 'account, currency_id, available::text AS available, frozen::text AS frozen';
const journalRows = rowReader<JournalRow>('journal', {
  id: 'int',
  account: 'int',
  currency_id: 'int',
  delta_available: 'decimal',
  delta_frozen: 'decimal',
  available_after: 'decimal',
  frozen_after: 'decimal',
  kind: 'text',
  ref_type: 'text?',
  ref_id: 'int?',
  created_at: 'int',
});
const balanceRows = rowReader<BalanceRow>('balances', { account: 'int', currency_id: 'int', available: 'decimal', frozen: 'decimal' });

/**
 * Every read of `balances` and `journal` outside the ledger goes through here: the ledger area
 * owns both tables (only `Ledger.post` writes them), other areas read what it committed.
 */
export class Balances {
  constructor(private readonly db: Db) {}

  /** Every balance row of the user, by account then currency. */
  async ofUser(userId: number, q: Queryable = this.db): Promise<BalanceRow[]> {
    return balanceRows.all(q, `SELECT ${BALANCE_COLUMNS} FROM balances WHERE user_id = $1 ORDER BY account, currency_id`, [userId]);
  }

  /**
   * Every balance row of the user with the journal row that last changed it (`v`, 0 for a row
   * no operation has moved yet): the private channel's snapshot, which the worker compares with
   * the `v` of each change it is sent.
   */
  async ofUserVersioned(userId: number, q: Queryable = this.db): Promise<(BalanceRow & { v: number })[]> {
    const rows = await q.query<BalanceRow & { v: number | string | null }>(
      `SELECT ${BALANCE_COLUMNS}, (SELECT MAX(j.id) FROM journal j WHERE j.balance_id = balances.id) AS v
       FROM balances WHERE user_id = $1 ORDER BY account, currency_id`,
      [userId],
    );
    return rows.map((r) => ({ ...balanceRows.check(r), v: Number(r.v ?? 0) }));
  }

  /** The user's rows in one account. */
  async ofAccount(userId: number, account: number, q: Queryable = this.db): Promise<BalanceRow[]> {
    return balanceRows.all(q, `SELECT ${BALANCE_COLUMNS} FROM balances WHERE user_id = $1 AND account = $2 ORDER BY currency_id`, [
      userId,
      account,
    ]);
  }

  /** One balance, or null when the user never held that currency in that account. */
  async one(userId: number, account: number, currencyId: number, q: Queryable = this.db): Promise<BalanceRow | null> {
    const row = await balanceRows.one(
      q,
      `SELECT ${BALANCE_COLUMNS} FROM balances WHERE user_id = $1 AND account = $2 AND currency_id = $3`,
      [userId, account, currencyId],
    );
    return row ?? null;
  }

  /** Several users' balance in one account and currency, one statement (a user who never held it is absent). */
  async ofUsers(userIds: readonly number[], account: number, currencyId: number, q: Queryable = this.db): Promise<Map<number, BalanceRow>> {
    if (!userIds.length) return new Map();
    const rows = await q.query<BalanceRow & { user_id: number }>(
      `SELECT user_id, ${BALANCE_COLUMNS} FROM balances
       WHERE user_id = ANY(string_to_array($1, ',')::bigint[]) AND account = $2 AND currency_id = $3`,
      [userIds.join(','), account, currencyId],
    );
    return new Map(rows.map((r) => [Number(r.user_id), balanceRows.check(r)]));
  }

  /**
   * Locks the user's row (the first lock of every money transaction, as `UserRepository.lockById`
   * takes it) and then one of the user's balances, in one statement, and answers that balance as
   * last committed (null when the user never held it, or there is no such user). The balance row
   * is locked too, for what it reads: under READ COMMITTED a plain read in a statement that waited
   * for the user's lock would see the balance as it was before the wait, while a row the statement
   * locks is read as the transaction it waited for left it. The ledger's post locks it again.
   */
  async lockUserAndRead(q: Queryable, userId: number, account: number, currencyId: number): Promise<BalanceRow | null> {
    const row = await balanceRows.one(
      q,
      `WITH u AS MATERIALIZED (SELECT id FROM users WHERE id = $1 FOR UPDATE)
       SELECT b.account, b.currency_id, b.available::text AS available, b.frozen::text AS frozen
       FROM u JOIN LATERAL (SELECT account, currency_id, available, frozen FROM balances
                            WHERE user_id = u.id AND account = $2 AND currency_id = $3 FOR UPDATE) b ON true`,
      [userId, account, currencyId],
    );
    return row ?? null;
  }

  /**
   * The insurance fund's balance of a currency, its row locked until the caller's transaction
   * ends: a shortfall is paid from it as far as it reaches, the rest is bad debt
   * (`splitShortfall`, docs/FUTURES.md "Trading rules"). Futures and loans share the fund.
   */
  async insuranceFund(q: Queryable, currencyId: number): Promise<string> {
    const [row] = await q.query<{ available: string }>(
      `SELECT available::text AS available FROM balances WHERE platform = 'insurance' AND shard = 0 AND currency_id = $1 FOR UPDATE`,
      [currencyId],
    );
    return row?.available ?? '0';
  }

  /** A platform account's balance of a currency, every shard summed (the operator's risk view). */
  async platformTotal(platform: 'insurance' | 'bad_debt', currencyId: number): Promise<string> {
    const [row] = await this.db.query<{ total: string }>(
      `SELECT COALESCE(SUM(available + frozen), 0)::text AS total FROM balances WHERE platform = $1 AND currency_id = $2`,
      [platform, currencyId],
    );
    return row?.total ?? '0';
  }

  /** The user's journal, newest first, optionally filtered; `map` adds what the caller shows. */
  async journal<Item>(
    userId: number,
    filter: { account?: number; currencyId?: number; kind?: string },
    page: { page: number; limit: number },
    map: (row: JournalRow) => Item,
  ): Promise<Page<Item>> {
    return paginate<JournalRow, Item>(
      this.db,
      {
        select: `id, account, currency_id, delta_available::text AS delta_available, delta_frozen::text AS delta_frozen,
          available_after::text AS available_after, frozen_after::text AS frozen_after, kind, ref_type, ref_id, created_at`,
        from: `FROM journal WHERE user_id = $1 AND ($2::int IS NULL OR account = $2) AND ($3::int IS NULL OR currency_id = $3)
               AND ($4::text IS NULL OR kind = $4)`,
        orderBy: 'id DESC',
        params: [userId, filter.account ?? null, filter.currencyId ?? null, filter.kind ?? null],
      },
      page,
      (row) => map(journalRows.check(row)),
    );
  }
}
