import type { BalanceRow } from '../../domain/protocol';
import type { AccountId } from '../../domain/funds/formulas';
import type { Balances } from '../ledger/Balances';
import type { BalanceChange } from '../ledger/Ledger';
import type { MarketSource } from '../market/MarketSource';

/** The currency's name from the market's catalogue (its id when it is not listed). */
const nameIn = (market: MarketSource) => (id: number) => market.currencies.find((c) => c.id === id)?.name ?? String(id);

/**
 * The private channel's view of a user's balances: every row the user has, with the currency's
 * name and the journal row that last changed it. The ledger owns the `balances` table (read
 * through its `Balances`); the names come from the market's catalogue.
 */
export function balanceReader(balances: Balances, market: MarketSource): (userId: number) => Promise<BalanceRow[]> {
  const name = nameIn(market);
  return async (userId) =>
    (await balances.ofUserVersioned(userId)).map((r) => ({ ...r, account: r.account as AccountId, currency: name(r.currency_id) }));
}

/** The channel's rows of balances an operation changed, as the ledger reported them after its commit (no read). */
export function changedRows(market: MarketSource): (changed: readonly BalanceChange[]) => BalanceRow[] {
  const name = nameIn(market);
  return (changed) => changed.map((c) => ({ ...c, currency: name(c.currency_id) }));
}
