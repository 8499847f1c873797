import { expect } from 'vitest';
import type { Db } from '../../server/db/db';
import { ledgerViolations } from '../sim/ledgerChecks';

/**
 * The ledger's invariants (docs/LEDGER.md "Ledger"; the rules are listed in
 * `tests/sim/ledgerChecks.ts`, which the simulation checks after every step too).
 * `reconcile: false` skips the comparison of the external accounts with deposits, withdrawals,
 * credits, coupons and issuance (for tests that post to the ledger directly).
 */
export async function expectLedgerInvariants(db: Db, options: { reconcile?: boolean } = {}): Promise<void> {
  expect(await ledgerViolations(db, options), 'ledger invariants').toEqual([]);
}
