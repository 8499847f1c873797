import type { Decimal } from '../../domain/decimal';
import type { AccountId } from '../../domain/funds/formulas';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import type { Ledger, PlatformAccount } from '../ledger/Ledger';
import type { Notifications } from '../notifications/Notifications';

export type CreditTarget = { userId: number; account: AccountId } | { platform: PlatformAccount };

/**
 * Money an operator adds by hand (with a reason), and the seeded demo and treasury funds: an
 * external inflow, recorded in `credits` and posted through the ledger like a deposit.
 */
export class Credits {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly notifications: Notifications,
  ) {}

  async credit(
    target: CreditTarget,
    currency: { id: number; name: string },
    amount: Decimal,
    reason: string,
    q?: Queryable,
  ): Promise<number> {
    const currencyId = currency.id;
    const run = async (tx: Queryable) => {
      const [row] = await tx.query<{ id: number }>(
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
      await this.ledger.post(tx, {
        key: `credit:${row!.id}`,
        kind: 'credit',
        external: true,
        ref: { type: 'credit', id: row!.id },
        memo: reason,
        legs: [
          {
            holder: 'userId' in target ? { userId: target.userId, account: target.account } : { platform: target.platform },
            currencyId,
            available: amount,
          },
        ],
      });
      const push =
        'userId' in target
          ? await this.notifications.create(tx, target.userId, 'credited', { amount: amount.toFixed(), currency: currency.name, reason })
          : null;
      return { id: row!.id, push };
    };
    const result = q ? await run(q) : await this.db.tx(run);
    result.push?.();
    return result.id;
  }
}
