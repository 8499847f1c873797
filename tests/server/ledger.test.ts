import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { AccountId } from '../../domain/funds/formulas';
import { ManualClock } from '../../server/clock';
import { AppError } from '../../server/http/AppError';
import { Ledger, type Holder } from '../../server/ledger/Ledger';
import { startServer, type TestServer } from './harness';

const CURRENCIES = [1, 2, 3];
const account = fc.constantFrom<AccountId>(1, 2, 3, 4);
const currency = fc.constantFrom(...CURRENCIES);
const units = fc.integer({ min: 1, max: 5000 });

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

describe('the ledger under random operations', () => {
  let s: TestServer;
  let users: number[];
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    users = [];
    for (let i = 0; i < 3; i++) {
      const u = await s.signUp();
      const [row] = await s.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [u.email]);
      users.push(row!.id);
    }
  });
  afterAll(() => s.close());

  it('matches a simple model, refuses overdrafts whole, and never lets a balance drift from its journal', async () => {
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
              ? [{ holder: { userId: o.user, account: o.account }, currencyId: o.currency, available: amount }]
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
            const h = leg.holder as { userId: number; account: AccountId };
            const k = key(h.userId, h.account, leg.currencyId);
            const cur = next.get(k) ?? get(k);
            next.set(k, { available: cur.available.plus(leg.available ?? 0), frozen: cur.frozen.plus(leg.frozen ?? 0) });
          }
          const allowed = [...next.values()].every((v) => !v.available.isNegative() && !v.frozen.isNegative());
          const outcome = await s.db
            .tx((q) => ledger.post(q, { key: `prop:${++seq}`, kind: 'test', external: o.type === 'credit', legs }))
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

  it('posts an operation once per key', async () => {
    const ledger = new Ledger(clock);
    const legs = [{ holder: { userId: users[0]!, account: 1 as AccountId }, currencyId: 3, available: '5' }];
    const first = await s.db.tx((q) => ledger.post(q, { key: 'once:1', kind: 'test', external: true, legs }));
    const second = await s.db.tx((q) => ledger.post(q, { key: 'once:1', kind: 'test', external: true, legs }));
    expect([first, second]).toEqual([true, false]);
  });

  it('refuses an internal operation that does not balance', async () => {
    const ledger = new Ledger(clock);
    await expect(
      s.db.tx((q) =>
        ledger.post(q, {
          key: 'unbalanced',
          kind: 'test',
          legs: [{ holder: { userId: users[0]!, account: 1 }, currencyId: 3, available: '1' }],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
  });
});
