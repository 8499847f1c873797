import type { BalanceRow } from '../../domain/protocol';
import type { AccountId } from '../../domain/funds/formulas';
import type { Balances } from '../ledger/Balances';
import type { MarketSource } from '../market/MarketSource';

/**
 * The private channel's view of a user's balances: every row the user has, with the currency's
 * name. The ledger owns the `balances` table (read through its `Balances`); the names come
 * from the market's catalogue.
 */
export function balanceReader(balances: Balances, market: MarketSource): (userId: number) => Promise<BalanceRow[]> {
  const name = (id: number) => market.currencies.find((c) => c.id === id)?.name ?? String(id);
  return async (userId) =>
    (await balances.ofUser(userId)).map((r) => ({ ...r, account: r.account as AccountId, currency: name(r.currency_id) }));
}
