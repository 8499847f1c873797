import { Decimal } from '../../domain/decimal';
import type { Db } from '../db/db';
import type { Credits } from '../funds/Credits';
import { DEMO_FUNDS, TREASURY_SEED } from '../funds/fundsConfig';
import { txRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { UserRepository } from '../users/UserRepository';
import { DEMO_ACCOUNT } from './seed';

const TREASURY_REASON = 'seed: exchange liquidity';
const DEMO_REASON = 'seed: demo account funds';

/**
 * First start: exchange liquidity for the treasury and money for the demo account, credited
 * through the ledger against `grants`, once. Notifications go out after each commit.
 */
export async function seedFunds(db: Db, deps: { credits: Credits; users: UserRepository; market: MarketSource }): Promise<void> {
  const done = (reason: string) => deps.credits.anyWithReason(reason);
  const currency = (id: number) => deps.market.currencies.find((c) => c.id === id)!;
  const run = txRunner(db);
  if (!(await done(TREASURY_REASON))) {
    await run(async (q, afterCommit) => {
      for (const [id, amount] of Object.entries(TREASURY_SEED)) {
        await deps.credits.creditIn(q, afterCommit, { platform: 'treasury' }, currency(Number(id)), new Decimal(amount), TREASURY_REASON);
      }
    });
  }
  const demo = await deps.users.byEmail(DEMO_ACCOUNT.email);
  if (demo && !(await done(DEMO_REASON))) {
    await run(async (q, afterCommit) => {
      for (const [account, id, amount] of DEMO_FUNDS) {
        await deps.credits.creditIn(q, afterCommit, { userId: demo.id, account }, currency(id), new Decimal(amount), DEMO_REASON);
      }
    });
  }
}
