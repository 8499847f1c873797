import { Decimal } from '../../domain/decimal';
import type { Db } from '../db/db';
import type { Credits } from '../funds/Credits';
import { DEMO_FUNDS, TREASURY_SEED } from '../funds/fundsConfig';
import { txRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { UserRepository } from '../users/UserRepository';
import { DEMO_ACCOUNT } from './seed';

const TREASURY_REASON = 'seed: exchange liquidity';
/**
 * The demo credit's reason is a translation key: the user sees it in the `credited`
 * notification, and the app renders reasons under `notifications.reasons.` in the reader's
 * language. A database seeded before this change holds the old English text; it counts as done.
 */
const DEMO_REASON = 'notifications.reasons.demoFunds';
const LEGACY_DEMO_REASONS = ['seed: demo account funds'];

/**
 * First start: exchange liquidity for the treasury and money for the demo account, credited
 * through the ledger against `grants`, once. Notifications go out after each commit.
 */
export async function seedFunds(db: Db, deps: { credits: Credits; users: UserRepository; market: MarketSource }): Promise<void> {
  /** A seed step is done once any credit carries one of its reasons (an older database's wording counts). */
  const done = async (...reasons: string[]) => {
    for (const reason of reasons) if (await deps.credits.anyWithReason(reason)) return true;
    return false;
  };
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
  if (demo && !(await done(DEMO_REASON, ...LEGACY_DEMO_REASONS))) {
    await run(async (q, afterCommit) => {
      for (const [account, id, amount] of DEMO_FUNDS) {
        await deps.credits.creditIn(q, afterCommit, { userId: demo.id, account }, currency(id), new Decimal(amount), DEMO_REASON);
      }
    });
  }
}
