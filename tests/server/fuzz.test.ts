/**
 * Hostile values in every field of every call of the contract, over real HTTP.
 * `/follow/follow` with `max_margin=0` reached a database CHECK with no validation in front and
 * answered 500; any 5xx is a defect. Each field gets each value alone (the other fields a
 * plausible value, so the call gets past their checks) and every field gets it at once, as a
 * signed-in, verified, funded user. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 * (NUL and control characters in every field: hardening.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type EndpointPath } from '../../domain/api/contract';
import { ManualClock } from '../../server/clock';
import { accountHelpers } from './accounts';
import { fieldNames } from './contractFields';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';

type User = Awaited<ReturnType<TestServer['signUp']>>;

/** Values that have broken servers: zeros, signs, exponents, overflow, other digits, empty, long. */
const HOSTILE = [
  '0',
  '0.00',
  '-1',
  '-0',
  '',
  ' ',
  'abc',
  '1e400',
  '1..2',
  '.',
  '0x10',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999',
  '0.000000000000000000001',
  '１２３',
  'NaN',
  'Infinity',
  'x'.repeat(5000),
];

describe(`hostile values in every field of every call (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let s: TestServer;
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
  let h: ReturnType<typeof accountHelpers>;

  /** A verified user with a payment password and money in every account. */
  const fundedUser = async (): Promise<User> => {
    const user = await s.signUp();
    await h.verify(user);
    await h.setPayPassword(user, '111111');
    for (const account of ['change', 'lever', 'legal', 'micro']) {
      await h.credit(user, account, 'USDT', '100000');
      await h.credit(user, account, 'BTC', '10');
    }
    return user;
  };

  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    h = accountHelpers(s, clock);
    s.app.market.tradeAt('BTC/USDT', '60000');
  });
  afterAll(async () => {
    await expectLedgerInvariants(s.db);
    await s.close();
  });

  it('answers every hostile value in every field of every call without a server error', async () => {
    let user = await fundedUser();
    // Fields that name another row get one that exists, so the call reaches its deeper checks.
    const [trader] = await s.db.query<{ user_id: string }>(
      "SELECT user_id::text AS user_id FROM traders WHERE status = 'approved' LIMIT 1",
    );
    const plausible: Record<string, string> = { trader_user_id: trader!.user_id, type: '1', currency_id: '3' };
    const paths = Object.keys(contract) as EndpointPath[];
    expect(paths.length).toBeGreaterThan(150);
    const failures: string[] = [];
    let calls = 0;
    for (const endpoint of paths) {
      const def = contract[endpoint];
      const names = [...fieldNames(def.input)];
      const base = Object.fromEntries(names.map((n) => [n, plausible[n] ?? '1']));
      const attempts: Record<string, string>[] = [];
      for (const value of HOSTILE) {
        attempts.push(Object.fromEntries(names.map((n) => [n, value])));
        for (const name of names) attempts.push({ ...base, [name]: value });
      }
      for (const params of attempts) {
        const res = await s.raw(endpoint, params, { method: def.method, token: user.token, ip: user.ip });
        calls++;
        if (res.status >= 500) failures.push(`${endpoint} ${JSON.stringify(params).slice(0, 200)} → ${res.status}`);
      }
      // A call that ended the session (logout) or changed the password: go on as a new user.
      if ((await s.call('/user/info', {}, { method: 'GET', token: user.token, ip: user.ip })).body.type !== 'ok') user = await fundedUser();
      // Move past per-minute limits (codes, payment password guesses) so the next call is judged on its input.
      clock.advance(16 * 60_000);
    }
    expect(calls).toBeGreaterThan(3000);
    expect(failures).toEqual([]);
  }, 900_000);
});
