import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { Ledger } from './Ledger';

/** How often the fee shards are rolled up into the main fees row. */
export const FEE_ROLLUP_MS = 60_000;

/**
 * Moves the fee income collected in the fee shards (`fees`, shards 1..16) into the main fees
 * row (shard 0): one balanced operation per shard and currency. Fills post their fee to the
 * shard of the user, so they never wait on one global fee row; this job is the only writer of
 * the main row. Safe to run on several nodes at once: the operation key names the shard's last
 * journal row, so the same state is rolled up once. Resolves with the number of operations posted.
 */
export async function rollUpFees(db: Db, ledger: Ledger): Promise<number> {
  const shards = await db.query<{ id: number; shard: number; currency_id: number; available: string; last: number }>(
    `SELECT b.id, b.shard, b.currency_id, b.available::text AS available, (SELECT MAX(j.id) FROM journal j WHERE j.balance_id = b.id) AS last
     FROM balances b WHERE b.platform = 'fees' AND b.shard > 0 AND b.available > 0 ORDER BY b.id`,
  );
  let posted = 0;
  for (const s of shards) {
    const done = await db.tx((q) =>
      ledger.post(q, {
        key: `fee_rollup:${s.id}:${s.last}`,
        kind: 'fee_rollup',
        legs: [
          { holder: { platform: 'fees', shard: s.shard }, currencyId: s.currency_id, available: `-${s.available}` },
          { holder: { platform: 'fees' }, currencyId: s.currency_id, available: s.available },
        ],
      }),
    );
    if (done) posted++;
  }
  return posted;
}

/** Runs `rollUpFees` every `FEE_ROLLUP_MS` on `clock`, one run at a time; `stop` waits for a run in progress. */
export function scheduleFeeRollup(clock: Clock, db: Db, ledger: Ledger, onError: (error: unknown) => void): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const cancel = clock.every(FEE_ROLLUP_MS, () => {
    running ??= rollUpFees(db, ledger)
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  });
  return {
    async stop() {
      cancel();
      await running;
    },
  };
}
