import type { BalanceRow } from '../../domain/protocol';
import type { Queryable } from '../db/db';

/**
 * The private channel's view of a user's balances: every row the user has, read-only. The
 * ledger owns the `balances` table and every change to it; this only reads what it committed.
 */
export function balanceReader(db: Queryable): (userId: number) => Promise<BalanceRow[]> {
  return (userId) =>
    db.query<BalanceRow>(
      `SELECT b.account, b.currency_id, c.name AS currency, b.available, b.frozen
       FROM balances b JOIN currencies c ON c.id = b.currency_id
       WHERE b.user_id = $1 ORDER BY b.account, b.currency_id`,
      [userId],
    );
}
