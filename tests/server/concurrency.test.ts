import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositItem } from '../../domain/funds/types';
import { Decimal } from '../../domain/decimal';
import { SessionStore } from '../../server/auth/SessionStore';
import { ManualClock } from '../../server/clock';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { JPEG_1PX } from './images';
import { expectLedgerInvariants } from './invariants';

const USDT = 3;

/**
 * Races on the ledger. On PGlite requests are serialised by the engine; on PostgreSQL
 * (TEST_DATABASE_URL) they really run at once, and only the row locks keep them honest.
 */
describe(`concurrent money movements (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let s: TestServer;
  const clock = new ManualClock(Date.now());
  let h: ReturnType<typeof accountHelpers>;
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    h = accountHelpers(s, clock);
  });
  afterAll(async () => {
    await expectLedgerInvariants(s.db);
    await s.close();
  });

  it('lets exactly 10 of 50 simultaneous transfers through a balance worth 10', async () => {
    const user = await s.signUp();
    await h.credit(user, 'change', 'USDT', '100');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        s.call(
          '/wallet/change',
          { currency_id: String(USDT), number: '10', from_field: 'change', to_field: 'lever' },
          { token: user.token },
        ),
      ),
    );
    const ok = results.filter((r) => r.body.type === 'ok');
    expect(ok).toHaveLength(10);
    expect(results.filter((r) => r.body.type === 'error').every((r) => r.body.message === 'Insufficient balance')).toBe(true);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Decimal((await h.balance(user, USDT)).available).toFixed()).toBe('0');
    expect(new Decimal((await h.balance(user, USDT, 'lever')).available).toFixed()).toBe('100');
  });

  it('lets exactly 10 of 50 simultaneous withdrawals through a balance worth 10', async () => {
    const user = await s.signUp();
    await h.verify(user);
    await h.setPayPassword(user);
    await h.credit(user, 'change', 'USDT', '200');
    const addressId = await h.saveUsdtAddress(user);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        s.call(
          '/wallet/out',
          { currency: String(USDT), amount: '20', target: `address:${addressId}`, pay_password: '246810' },
          { token: user.token },
        ),
      ),
    );
    expect(results.filter((r) => r.body.type === 'ok')).toHaveLength(10);
    const balance = await h.balance(user, USDT);
    expect(new Decimal(balance.available).toFixed()).toBe('0');
    expect(new Decimal(balance.frozen).toFixed()).toBe('200');
    const [count] = await s.db.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM withdrawals w JOIN users u ON u.id = w.user_id WHERE u.email = $1`,
      [user.email],
    );
    expect(count!.n).toBe(10);
  });

  it('applies an approval sent twice at the same moment once', async () => {
    const user = await s.signUp();
    const voucher = (await s.upload(user.token, JPEG_1PX, { scene: 'voucher' })).body.message as string;
    const deposit = (
      await s.call('/wallet/charge_req', { currency: String(USDT), type: 'TRC20', amount: '75', voucher }, { token: user.token })
    ).body.message as DepositItem;
    const answers = await Promise.all([
      s.ops('/deposits/:id/approve', { id: deposit.id }),
      s.ops('/deposits/:id/approve', { id: deposit.id }),
      s.ops('/deposits/:id/approve', { id: deposit.id }),
    ]);
    expect(answers.filter((a) => a.body.type === 'ok')).toHaveLength(1);
    expect(new Decimal((await h.balance(user, USDT)).available).toFixed()).toBe('75');
  });

  it('lets 100 users exchange at once: no deadlock (no transaction retried), every fill applied, the ledger balanced', async () => {
    // 100 funded users made directly (signing up 100 through the API would take most of a minute).
    const sessions = new SessionStore(s.db, clock);
    const tag = `${process.pid}${Date.now()}`;
    const users = [];
    for (let i = 0; i < 100; i++) {
      const email = `crowd${tag}x${i}@example.com`;
      const [row] = await s.db.query<{ id: number }>(
        `INSERT INTO users (email, password_hash, invite_code, nickname, created_at) VALUES ($1, 'x', $2, 'crowd', $3) RETURNING id`,
        [email, `C${tag}${i}`, clock.now()],
      );
      users.push({ email, id: row!.id, token: await sessions.create(row!.id, { ip: '10.9.9.9', userAgent: 'test' }) });
      await s.ops('/credit', { user: email, account: 'change', currency: 'USDT', amount: '500', reason: 'crowd' });
    }
    // Every transaction attempt the app makes, counted: a deadlock (or serialization failure) shows as a retry.
    const tx = s.db.tx.bind(s.db);
    let calls = 0;
    let attempts = 0;
    s.db.tx = ((fn) => {
      calls++;
      return tx((q) => {
        attempts++;
        return fn(q);
      });
    }) as typeof s.db.tx;
    try {
      const rounds = [
        { number: '100', from_currency_id: String(USDT), to_currency_id: '1' },
        { number: '100', from_currency_id: String(USDT), to_currency_id: '2' },
        { number: '0.0001', from_currency_id: '1', to_currency_id: String(USDT) },
      ];
      const results = await Promise.all(users.flatMap((u) => rounds.map((body) => s.call('/user/Transfer', body, { token: u.token }))));
      const failed = results.filter((r) => r.body.type !== 'ok');
      // The BTC → USDT round may come before the user holds BTC: refused as insufficient, never a server error.
      expect(
        failed.every((r) => r.status === 200 && r.body.message === 'Insufficient balance'),
        JSON.stringify(failed[0]),
      ).toBe(true);
      expect(results.filter((r) => r.body.type === 'ok').length).toBeGreaterThanOrEqual(200);
    } finally {
      s.db.tx = tx;
    }
    expect(attempts - calls, 'transactions retried after a deadlock or serialization failure').toBe(0);
    await expectLedgerInvariants(s.db);
  }, 120_000);

  it('keeps exchanges against the treasury balanced under load', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => s.signUp()));
    for (const u of users) await h.credit(u, 'change', 'USDT', '300');
    const results = await Promise.all(
      users.flatMap((u) =>
        Array.from({ length: 4 }, () =>
          s.call('/user/Transfer', { number: '100', from_currency_id: String(USDT), to_currency_id: '2' }, { token: u.token }),
        ),
      ),
    );
    expect(results.filter((r) => r.body.type === 'ok')).toHaveLength(15);
  });
});
