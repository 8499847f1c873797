/**
 * A late-bound hook on trading fees: the trading areas (futures, spot) tell it, inside
 * their transaction and right after posting a fee, that the fee was charged; listeners (rewards:
 * the invitee's rebate, the user's fee voucher) post their own ledger operations in the same
 * transaction with its `q`, so a fee and what it pays commit or roll back together. A listener
 * that throws rolls the trade back: listeners must only fail on a fault.
 */
import type { Queryable } from '../db/db';

/** A trading fee just posted: who paid it, in which area, currency and amount, under which ledger key. */
export interface ChargedFee {
  userId: number;
  area: 'futures' | 'spot';
  currencyId: number;
  /** The fee as posted to the fee account (a decimal string, > 0). */
  fee: string;
  /** The fee operation's ledger key (`futures:<id>:fill`, `spot:<id>:fill`): exactly once per fee. */
  ref: string;
}

export type TradingFeeListener = (q: Queryable, fee: ChargedFee) => Promise<void>;

export class TradingFees {
  private readonly listeners: TradingFeeListener[] = [];

  /** Adds a listener, called in order inside the fee's transaction. Returns the unsubscribe. */
  onCharged(listener: TradingFeeListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** Tells the listeners that `fee` was charged, inside the transaction of `q`. */
  async charged(q: Queryable, fee: ChargedFee): Promise<void> {
    for (const listener of this.listeners) await listener(q, fee);
  }
}
