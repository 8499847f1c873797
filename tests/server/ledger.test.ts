import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { AccountId } from '../../domain/funds/formulas';
import { ManualClock } from '../../server/clock';
import { openPglite } from '../../server/db/pglite';
import { AppError } from '../../server/http/AppError';
import { FEE_ROLLUP_MS, rollUpFees } from '../../server/ledger/FeeRollup';
import { feesFor, grantsFor, Ledger, shardOf, type Holder } from '../../server/ledger/Ledger';
import { txRunner } from '../../server/ledger/tx';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';

const CURRENCIES = [1, 2, 3];
const account = fc.constantFrom<AccountId>(1, 2, 3, 4);
const currency = fc.constantFrom(...CURRENCIES);
const units = fc.integer({ min: 1, max: 5000 });
const MIGRATIONS = path.resolve(__dirname, '../../server/db/migrations');

/** A random operation among three users; amounts in 1/100 units so decimals are exercised. */
const op = (users: number[]) =>
  fc.oneof(
    fc.record({ type: fc.constant('credit' as const), user: fc.constantFrom(...users), account, currency, units }),
    fc.record({
      type: fc.constant('move' as const),
      from: fc.constantFrom(...users),
      fromAccount: account,
      to: fc.constantFrom(...users),
      toAccount: account,
      currency,
      units,
    }),
    fc.record({ type: fc.constantFrom('freeze' as const, 'release' as const), user: fc.constantFrom(...users), currency, units }),
  );

describe('the ledger', () => {
  let s: TestServer;
  let users: number[];
  const clock = new ManualClock(Date.now());
  let h: ReturnType<typeof accountHelpers>;
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    h = accountHelpers(s, clock);
    users = [];
    for (let i = 0; i < 3; i++) {
      const u = await s.signUp();
      const [row] = await s.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [u.email]);
      users.push(row!.id);
    }
  });
  afterAll(async () => {
    // Tests here post to the ledger directly (grants without a `credits` row): no reconciliation with the tables.
    await expectLedgerInvariants(s.db, { reconcile: false });
    await s.close();
  });

  it('matches a simple model under random operations, refuses overdrafts whole, and never lets a balance drift from its journal', async () => {
    const ledger = new Ledger(clock);
    let seq = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op(users), { minLength: 5, maxLength: 25 }), async (ops) => {
        // The model: what each (user, account, currency) should hold.
        const key = (u: number, a: AccountId, c: number) => `${u}:${a}:${c}`;
        const model = new Map<string, { available: Decimal; frozen: Decimal }>();
        const rows = await s.db.query<{ user_id: number; account: AccountId; currency_id: number; available: string; frozen: string }>(
          `SELECT user_id, account, currency_id, available::text AS available, frozen::text AS frozen FROM balances WHERE user_id IS NOT NULL`,
        );
        for (const r of rows)
          model.set(key(r.user_id, r.account, r.currency_id), { available: new Decimal(r.available), frozen: new Decimal(r.frozen) });
        const get = (k: string) => model.get(k) ?? { available: new Decimal(0), frozen: new Decimal(0) };

        for (const o of ops) {
          const amount = new Decimal(o.units).div(100);
          const legs: { holder: Holder; currencyId: number; available?: Decimal; frozen?: Decimal }[] =
            o.type === 'credit'
              ? [
                  { holder: { userId: o.user, account: o.account }, currencyId: o.currency, available: amount },
                  { holder: grantsFor(o.user), currencyId: o.currency, available: amount.neg() },
                ]
              : o.type === 'move'
                ? [
                    { holder: { userId: o.from, account: o.fromAccount }, currencyId: o.currency, available: amount.neg() },
                    { holder: { userId: o.to, account: o.toAccount }, currencyId: o.currency, available: amount },
                  ]
                : [
                    {
                      holder: { userId: o.user, account: 2 },
                      currencyId: o.currency,
                      available: o.type === 'freeze' ? amount.neg() : amount,
                      frozen: o.type === 'freeze' ? amount : amount.neg(),
                    },
                  ];
          // What the model expects: applied in full, or refused in full.
          const next = new Map(model);
          for (const leg of legs) {
            if (!('userId' in leg.holder)) continue;
            const k = key(leg.holder.userId, leg.holder.account, leg.currencyId);
            const cur = next.get(k) ?? get(k);
            next.set(k, { available: cur.available.plus(leg.available ?? 0), frozen: cur.frozen.plus(leg.frozen ?? 0) });
          }
          const allowed = [...next.values()].every((v) => !v.available.isNegative() && !v.frozen.isNegative());
          const outcome = await s.db
            .tx((q) => ledger.post(q, { key: `prop:${++seq}`, kind: 'credit', legs }))
            .then(
              () => 'applied',
              (e: unknown) => (e instanceof AppError && e.key === 'errors.insufficientBalance' ? 'refused' : Promise.reject(e)),
            );
          expect(outcome).toBe(allowed ? 'applied' : 'refused');
          if (allowed) for (const [k, v] of next) model.set(k, v);
        }

        const after = await s.db.query<{ user_id: number; account: AccountId; currency_id: number; available: string; frozen: string }>(
          `SELECT user_id, account, currency_id, available::text AS available, frozen::text AS frozen FROM balances WHERE user_id IS NOT NULL`,
        );
        for (const r of after) {
          const m = get(key(r.user_id, r.account, r.currency_id));
          expect(new Decimal(r.available).eq(m.available) && new Decimal(r.frozen).eq(m.frozen)).toBe(true);
        }
        const drift = await s.db.query(
          `SELECT b.id FROM balances b JOIN (SELECT balance_id, SUM(delta_available) a, SUM(delta_frozen) f FROM journal GROUP BY balance_id) j ON j.balance_id = b.id
           WHERE b.available <> j.a OR b.frozen <> j.f`,
        );
        expect(drift).toEqual([]);
      }),
      { numRuns: 12, seed: 20261122 },
    );
  });

  it('adds in exact NUMERIC: 1234567890123.12345678 + 0.00000001, through the API', async () => {
    const user = await s.signUp();
    const [row] = await s.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]);
    // No single request may move that much BTC (the per-currency maximum), so the large balance
    // is posted to the ledger directly; the small amounts go through the API.
    const legs = [
      { holder: { userId: row!.id, account: 2 as AccountId }, currencyId: 1, available: '1234567890123.12345678' },
      { holder: grantsFor(row!.id), currencyId: 1, available: '-1234567890123.12345678' },
    ];
    await s.db.tx((q) => new Ledger(clock).post(q, { key: `precision:${row!.id}`, kind: 'credit', legs }));
    await h.credit(user, 'change', 'BTC', '0.00000001');
    expect((await h.balance(user, 1)).available).toBe('1234567890123.12345679');
    // And back down, through a transfer between the user's accounts.
    const moved = await s.call(
      '/wallet/change',
      { currency_id: '1', number: '0.00000002', from_field: 'change', to_field: 'lever' },
      { token: user.token },
    );
    expect(moved.body.type).toBe('ok');
    expect((await h.balance(user, 1)).available).toBe('1234567890123.12345677');
  });

  it('posts an operation once per key', async () => {
    const ledger = new Ledger(clock);
    const legs = [
      { holder: { userId: users[0]!, account: 1 as AccountId }, currencyId: 3, available: '5' },
      { holder: grantsFor(users[0]!), currencyId: 3, available: '-5' },
    ];
    const first = await s.db.tx((q) => ledger.post(q, { key: 'once:1', kind: 'credit', legs }));
    const second = await s.db.tx((q) => ledger.post(q, { key: 'once:1', kind: 'credit', legs }));
    expect([first, second]).toEqual([true, false]);
  });

  it('refuses an operation that does not balance before writing anything', async () => {
    const ledger = new Ledger(clock);
    await expect(
      s.db.tx((q) =>
        ledger.post(q, {
          key: 'unbalanced',
          kind: 'credit',
          legs: [{ holder: { userId: users[0]!, account: 1 }, currencyId: 3, available: '1' }],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
  });

  it('has the database refuse, at commit, an operation written by hand that does not balance', async () => {
    const [balance] = await s.db.query<{ id: number }>('SELECT id FROM balances WHERE user_id = $1 LIMIT 1', [users[0]!]);
    const sneak = (legs: string[]) =>
      s.db.tx(async (q) => {
        const [o] = await q.query<{ id: number }>(`INSERT INTO ledger_ops (key, kind, created_at) VALUES ($1, 'test', 0) RETURNING id`, [
          `by-hand:${legs.join(',')}`,
        ]);
        for (const delta of legs) {
          await q.query(
            `INSERT INTO journal (op_id, balance_id, user_id, account, currency_id, delta_available, delta_frozen, available_after, frozen_after, kind, created_at)
             VALUES ($1, $2, NULL, 0, 3, $3, 0, 0, 0, 'test', 0)`,
            [o!.id, balance!.id, delta],
          );
        }
        // Every statement so far succeeded: the check is deferred to commit.
        return o!.id;
      });
    await expect(sneak(['7'])).rejects.toThrow(/does not balance in currency 3/);
    await expect(sneak(['7', '-6.99999999'])).rejects.toThrow(/does not balance/);
    expect(await s.db.query(`SELECT id FROM ledger_ops WHERE key LIKE 'by-hand:%'`)).toEqual([]);
  });

  it('keeps the journal and the operations append-only: no UPDATE, DELETE or TRUNCATE', async () => {
    for (const table of ['journal', 'ledger_ops']) {
      const column = table === 'journal' ? 'delta_available = 0' : `kind = 'x'`;
      await expect(s.db.query(`UPDATE ${table} SET ${column}`), `UPDATE ${table}`).rejects.toThrow(/immutable/);
      await expect(s.db.query(`DELETE FROM ${table}`), `DELETE ${table}`).rejects.toThrow(/immutable/);
      await expect(s.db.query(`TRUNCATE ${table} CASCADE`), `TRUNCATE ${table}`).rejects.toThrow(/immutable/);
    }
    const [count] = await s.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM journal');
    expect(count!.n).toBeGreaterThan(0);
  });

  it('spreads fee income over shards by user and rolls it up into the main fees row on the clock', async () => {
    const ledger = new Ledger(clock);
    const fee = async (userId: number, amount: string) =>
      s.db.tx((q) =>
        ledger.post(q, {
          key: `fee-test:${userId}:${amount}:${Math.random()}`,
          kind: 'credit',
          legs: [
            { holder: grantsFor(userId), currencyId: 3, available: `-${amount}` },
            { holder: feesFor(userId), currencyId: 3, available: amount },
          ],
        }),
      );
    const main = async () =>
      (
        await s.db.query<{ available: string }>(
          `SELECT available::text AS available FROM balances WHERE platform = 'fees' AND shard = 0 AND currency_id = 3`,
        )
      )[0]?.available ?? '0';
    const shards = async () =>
      (
        await s.db.query<{ shard: number; available: string }>(
          `SELECT shard, available::text AS available FROM balances WHERE platform = 'fees' AND shard > 0 AND currency_id = 3 AND available <> 0 ORDER BY shard`,
        )
      ).map((r) => [r.shard, new Decimal(r.available).toFixed()]);

    expect(shardOf(users[0]!)).not.toBe(shardOf(users[1]!));
    await rollUpFees(s.db, ledger);
    const before = new Decimal(await main());
    await fee(users[0]!, '1.5');
    await fee(users[1]!, '2.25');
    await fee(users[0]!, '0.25');
    expect(await shards()).toEqual(
      [
        [shardOf(users[0]!), '1.75'],
        [shardOf(users[1]!), '2.25'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(new Decimal(await main()).eq(before)).toBe(true);

    // The job runs on the injected clock; the function is also callable directly (and is idempotent per shard state).
    clock.advance(FEE_ROLLUP_MS);
    for (let i = 0; i < 100 && (await shards()).length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await shards()).toEqual([]);
    expect(new Decimal(await main()).minus(before).toFixed()).toBe('4');
    expect(await rollUpFees(s.db, ledger)).toBe(0);
    const bills = await s.db.query(`SELECT 1 FROM journal WHERE kind = 'fee_rollup'`);
    expect(bills.length).toBeGreaterThanOrEqual(4);
  });

  it('runs after-commit work only once the transaction committed, and drops it on a rollback', async () => {
    const run = txRunner(s.db);
    const seen: string[] = [];
    await expect(
      run(async (q, afterCommit) => {
        await q.query(`INSERT INTO settings (keyword, value) VALUES ('after-commit-a', '1')`);
        afterCommit(() => seen.push('rolled back'));
        throw new AppError('errors.insufficientBalance');
      }),
    ).rejects.toThrow(AppError);
    const visible = await run(async (q, afterCommit) => {
      await q.query(`INSERT INTO settings (keyword, value) VALUES ('after-commit-b', '1')`);
      const committed = new Promise<number>((resolve) =>
        afterCommit(() => {
          seen.push('committed');
          void s.db.query(`SELECT 1 FROM settings WHERE keyword = 'after-commit-b'`).then((r) => resolve(r.length));
        }),
      );
      return { committed };
    });
    expect(seen).toEqual(['committed']);
    expect(await visible.committed).toBe(1);
  });
});

describe('migration 004 on a database with history', () => {
  it('gives old deposits, credits and withdrawals their counter-legs, so every operation balances', async () => {
    const db = await openPglite(null);
    try {
      for (const file of ['001_foundation.sql', '002_account.sql', '003_ledger.sql'])
        await db.exec(await readFile(path.join(MIGRATIONS, file), 'utf8'));
      // History as the old ledger wrote it: external operations with one-sided legs.
      await db.exec(`
        INSERT INTO currencies (id, name, decimals) VALUES (1, 'BTC', 8), (3, 'USDT', 6);
        INSERT INTO users (id, email, password_hash, invite_code, nickname, created_at) VALUES (7, 'old@example.com', 'x', 'OLD7', 'old', 0);
        INSERT INTO uploads (id, user_id, name, mime, size, scene, is_public, created_at) VALUES (1, 7, 'v.jpg', 'image/jpeg', 1, 'voucher', false, 0);
        INSERT INTO balances (id, user_id, platform, account, currency_id, available, frozen) VALUES
          (1, NULL, 'treasury', 0, 3, 1000, 0), (2, 7, NULL, 2, 3, 90.5, 0), (3, NULL, 'fees', 0, 3, 1, 0), (4, 7, NULL, 1, 3, 100, 0);
        INSERT INTO credits (id, user_id, platform, account, currency_id, amount, reason, created_at) VALUES
          (1, NULL, 'treasury', 0, 3, 1000, 'seed', 1), (2, 7, NULL, 1, 3, 100, 'gift', 2);
        INSERT INTO deposits (id, user_id, currency_id, network, amount, voucher_upload_id, status, created_at) VALUES
          (1, 7, 3, 'TRC20', 120.5, 1, 'approved', 3), (2, 7, 3, 'TRC20', 9, 1, 'rejected', 4);
        INSERT INTO withdrawals (id, user_id, currency_id, amount, fee, arrival, btc_value, target_kind, target_label, target_detail, status, created_at)
          VALUES (1, 7, 3, 30, 1, 29, 0.0005, 'address', 'Main', 'T…', 'completed', 5);
        INSERT INTO ledger_ops (id, key, kind, external, created_at) VALUES
          (1, 'credit:1', 'credit', true, 1), (2, 'credit:2', 'credit', true, 2), (3, 'deposit:1', 'deposit', true, 3),
          (4, 'withdraw:1:freeze', 'withdraw', false, 5), (5, 'withdraw:1:complete', 'withdraw', true, 6);
        INSERT INTO journal (op_id, balance_id, user_id, account, currency_id, delta_available, delta_frozen, available_after, frozen_after, kind, ref_type, ref_id, created_at) VALUES
          (1, 1, NULL, 0, 3, 1000, 0, 1000, 0, 'credit', 'credit', 1, 1),
          (2, 4, 7, 1, 3, 100, 0, 100, 0, 'credit', 'credit', 2, 2),
          (3, 2, 7, 2, 3, 120.5, 0, 120.5, 0, 'deposit', 'deposit', 1, 3),
          (4, 2, 7, 2, 3, -30, 30, 90.5, 30, 'withdraw', 'withdrawal', 1, 5),
          (5, 2, 7, 2, 3, 0, -30, 90.5, 0, 'withdraw', 'withdrawal', 1, 6),
          (5, 3, NULL, 0, 3, 1, 0, 1, 0, 'withdraw', 'withdrawal', 1, 6);
        SELECT setval('balances_id_seq', 10); SELECT setval('ledger_ops_id_seq', 10); SELECT setval('credits_id_seq', 10);
        SELECT setval('deposits_id_seq', 10);
      `);
      await db.tx(async (q) => q.exec(await readFile(path.join(MIGRATIONS, '004_strict_ledger.sql'), 'utf8')));
      await expectLedgerInvariants(db);
      const custody = await db.query<{ shard: number; available: string }>(
        `SELECT shard, available::text AS available FROM balances WHERE platform = 'custody'`,
      );
      expect(custody.map((r) => [r.shard, new Decimal(r.available).toFixed()])).toEqual([[shardOf(7), '-91.5']]);
      // The voucher both old requests shared stays on both; a new request cannot take it again.
      await expect(
        db.query(
          `INSERT INTO deposits (user_id, currency_id, network, amount, voucher_upload_id, status, created_at) VALUES (7, 3, 'TRC20', 5, 1, 'pending', 9)`,
        ),
      ).rejects.toThrow(/deposits_voucher_once/);
    } finally {
      await db.close();
    }
  });
});
