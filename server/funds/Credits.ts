import type { Decimal } from '../../domain/decimal';
import type { AccountId } from '../../domain/funds/formulas';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { grantsFor, type Ledger, type PlatformAccount } from '../ledger/Ledger';
import { txRunner, type AfterCommit, type TxRunner } from '../ledger/tx';
import type { Notifications } from '../notifications/Notifications';

export type CreditTarget = { userId: number; account: AccountId } | { platform: PlatformAccount };

/**
 * Money an operator adds by hand (with a reason), and the seeded demo and treasury funds:
 * recorded in `credits` and posted through the ledger against the `grants` account (the shard
 * of the user; the main row for a platform target), which goes negative by what was given.
 */
export class Credits {
  private readonly tx: TxRunner;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly notifications: Notifications,
  ) {
    this.tx = txRunner(db);
  }

  /** True once a credit with this reason exists (the seed credits once). */
  async anyWithReason(reason: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM credits WHERE reason = $1 LIMIT 1', [reason])).length > 0;
  }

  /** Credits in a transaction of its own (or of `run`); the user is notified after commit. */
  async credit(
    target: CreditTarget,
    currency: { id: number; name: string },
    amount: Decimal,
    reason: string,
    run: TxRunner = this.tx,
  ): Promise<number> {
    return run((q, afterCommit) => this.creditIn(q, afterCommit, target, currency, amount, reason));
  }

  /** Credits inside the caller's transaction; the notification goes out through `afterCommit`. */
  async creditIn(
    q: Queryable,
    afterCommit: AfterCommit,
    target: CreditTarget,
    currency: { id: number; name: string },
    amount: Decimal,
    reason: string,
  ): Promise<number> {
    const currencyId = currency.id;
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO credits (user_id, platform, account, currency_id, amount, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        'userId' in target ? target.userId : null,
        'platform' in target ? target.platform : null,
        'userId' in target ? target.account : 0,
        currencyId,
        amount.toFixed(),
        reason,
        this.clock.now(),
      ],
    );
    const id = row!.id;
    await this.ledger.post(q, {
      key: `credit:${id}`,
      kind: 'credit',
      ref: { type: 'credit', id },
      memo: reason,
      legs: [
        {
          holder: 'userId' in target ? { userId: target.userId, account: target.account } : { platform: target.platform },
          currencyId,
          available: amount,
        },
        { holder: 'userId' in target ? grantsFor(target.userId) : { platform: 'grants' }, currencyId, available: amount.neg() },
      ],
    });
    if ('userId' in target) {
      afterCommit(
        await this.notifications.create(q, target.userId, 'credited', { amount: amount.toFixed(), currency: currency.name, reason }),
      );
    }
    return id;
  }
}
