/**
 * The simulation's ledger check after each step (`stepViolations`, tests/sim/ledgerChecks.ts)
 * reads only the step's new journal rows; these cases plant what it must still find.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { Db } from '../../server/db/db';
import { ledgerViolations, stepRead, stepViolations } from '../sim/ledgerChecks';
import { openTestDatabase, type TestDatabase } from './database';

describe("the simulation's step check of the ledger", () => {
  let database: TestDatabase;
  let db: Db;
  /** Two platform balances in USDT that nothing else touches: one may go negative, one may not. */
  let escrow: { id: number; available: string };
  let grants: { id: number; available: string };
  let since: number;

  const balance = async (platform: string) => {
    await db.query(
      `INSERT INTO balances (platform, shard, account, currency_id) VALUES ($1, 13, 0, 3)
       ON CONFLICT (platform, shard, currency_id) WHERE platform IS NOT NULL DO NOTHING`,
      [platform],
    );
    const [row] = await db.query<{ id: string; available: string }>(
      `SELECT id::text, available::text FROM balances WHERE platform = $1 AND shard = 13 AND currency_id = 3`,
      [platform],
    );
    return { id: Number(row!.id), available: row!.available };
  };

  /** One operation of legs (balance, delta, recorded "after"), written by hand as a faulty ledger might. */
  const post = (legs: [number, string, string][]) =>
    db.tx(async (q) => {
      const [op] = await q.query<{ id: string }>(
        `INSERT INTO ledger_ops (key, kind, created_at) VALUES ('planted:' || gen_random_uuid(), 'credit', 1) RETURNING id::text`,
      );
      for (const [balanceId, delta, after] of legs)
        await q.query(
          `INSERT INTO journal (op_id, balance_id, user_id, account, currency_id, delta_available, delta_frozen, available_after, frozen_after, kind, created_at)
           VALUES ($1, $2, NULL, 0, 3, $3, 0, $4, 0, 'credit', 1)`,
          [op!.id, balanceId, delta, after],
        );
      for (const [balanceId, , after] of legs) await q.query(`UPDATE balances SET available = $2 WHERE id = $1`, [balanceId, after]);
    });

  beforeAll(async () => {
    database = await openTestDatabase(inject('templatePath'));
    db = database.db;
  });
  afterAll(() => database?.dispose());
  beforeEach(async () => {
    escrow = await balance('escrow');
    grants = await balance('grants');
    since = Number((await db.query<{ id: string }>(`SELECT COALESCE(MAX(id), 0)::text AS id FROM journal`))[0]!.id);
  });

  it('passes sound rows and finds two rows whose errors cancel, which the sums and the last row do not show', async () => {
    // Sound: escrow +10 from grants.
    await post([
      [escrow.id, '10', '10'],
      [grants.id, '-10', '-10'],
    ]);
    expect(await stepViolations(db, since)).toEqual([]);
    const after = Number((await db.query<{ id: string }>(`SELECT MAX(id)::text AS id FROM journal`))[0]!.id);
    // The first row records 5 too much; the second row's "after" is right again. Every balance
    // still equals the sum of its journal and its last row, so only the chain of rows tells.
    await post([
      [escrow.id, '10', '25'],
      [grants.id, '-10', '-20'],
    ]);
    await post([
      [escrow.id, '-10', '10'],
      [grants.id, '10', '-10'],
    ]);
    expect(await ledgerViolations(db, { reconcile: false })).toEqual([]);
    const found = await stepViolations(db, after);
    expect(found).toHaveLength(2);
    expect(found.every((m) => m.includes(`of balance ${escrow.id} does not continue`))).toBe(true);
  });

  it('finds a balance changed beside its journal, as the whole-ledger sums do', async () => {
    await db.query(`UPDATE balances SET available = available + 5 WHERE id = $1`, [escrow.id]);
    // The next operation records "after" as the row now holds, 5 more than its journal says.
    const held = (await db.query<{ available: string }>(`SELECT available::text FROM balances WHERE id = $1`, [escrow.id]))[0]!.available;
    const grantsHeld = (await db.query<{ available: string }>(`SELECT available::text FROM balances WHERE id = $1`, [grants.id]))[0]!
      .available;
    await post([
      [escrow.id, '1', new Decimal(held).plus(1).toFixed()],
      [grants.id, '-1', new Decimal(grantsHeld).minus(1).toFixed()],
    ]);
    expect(await ledgerViolations(db, { reconcile: false })).toContain(`balance ${escrow.id} differs from the sum of its journal`);
    const found = await stepViolations(db, since);
    expect(found[0]).toMatch(new RegExp(`of balance ${escrow.id} does not continue`));
    expect(found).toContain(`currency 3: all balances sum to 5, not zero`);
  });

  it('answers in the same read the newest journal row and the new rows of the once-per-thing kinds asked', async () => {
    const held = (await db.query<{ available: string }>(`SELECT available::text FROM balances WHERE id = $1`, [escrow.id]))[0]!.available;
    const write = async (kind: string, refId: number) => {
      const [op] = await db.query<{ id: string; key: string }>(
        `INSERT INTO ledger_ops (key, kind, created_at) VALUES ('planted:' || gen_random_uuid(), $1, 1) RETURNING id::text, key`,
        [kind],
      );
      // A zero leg: the row continues its balance's chain, so only what is asked for is answered.
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO journal (op_id, balance_id, user_id, account, currency_id, delta_available, delta_frozen, available_after, frozen_after, kind, ref_type, ref_id, created_at)
         VALUES ($1, $2, NULL, 0, 3, 0, 0, $3, 0, $4, $4, $5, 1) RETURNING id::text`,
        [op!.id, escrow.id, held, kind, refId],
      );
      return { op: op!.id, key: op!.key, id: Number(row!.id) };
    };
    const first = await write('deposit', 7);
    await write('credit', 8);
    const last = await write('deposit', 9);
    const read = await stepRead(db, since, ['deposit', 'options_settle']);
    // (The test before left the ledger's total planted; these rows add no violation of their own.)
    expect(read.violations.filter((m) => !m.startsWith('currency 3: all balances sum to'))).toEqual([]);
    expect(read.through).toBe(last.id);
    expect(read.once).toEqual([
      { kind: 'deposit', ref_type: 'deposit', ref_id: '7', op: first.op, key: first.key },
      { kind: 'deposit', ref_type: 'deposit', ref_id: '9', op: last.op, key: last.key },
    ]);
    // Nothing new: the newest row stays where the last read left it.
    expect(await stepRead(db, read.through, ['deposit'])).toMatchObject({ once: [], through: last.id });
  });
});
