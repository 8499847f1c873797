import type { EndpointPath } from '../../domain/api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { ManualClock } from '../../server/clock';
import { Idempotency, requestHash } from '../../server/http/idempotency';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';
import { JPEG_1PX } from './images';
import { expectLedgerInvariants } from './invariants';

type User = Awaited<ReturnType<TestServer['signUp']>>;
const USDT = '3';
let keys = 0;
const newKey = () => `k${process.pid}-${Date.now()}-${++keys}`;

/**
 * Idempotency-Key on every call that moves money: a retry answers the first result and has no
 * second effect, even when 20 arrive at once (on PostgreSQL they really run at once; the claim's
 * unique index makes the others wait for the first).
 */
describe(`idempotent money calls (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
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

  const count = async (table: string, user: User) =>
    (
      await s.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ${table} t JOIN users u ON u.id = t.user_id WHERE u.email = $1`, [
        user.email,
      ])
    )[0]!.n;

  const send = (user: User, path: EndpointPath, params: Record<string, string>, key?: string) =>
    s.call(path, params, { token: user.token, headers: key ? { 'idempotency-key': key } : {} });

  /** One endpoint: its effect (a row count) and a valid request body for a fresh funded user. */
  interface Case {
    path: EndpointPath;
    table: string;
    setup(user: User): Promise<Record<string, string>>;
    /** Another body, to try under a used key. */
    other(body: Record<string, string>): Record<string, string>;
    /** The body of a second, separate request (a deposit needs a voucher of its own). */
    again?(user: User, body: Record<string, string>): Promise<Record<string, string>>;
  }

  const cases: Case[] = [
    {
      path: '/wallet/change',
      table: 'transfers',
      async setup(user) {
        await h.credit(user, 'change', 'USDT', '100');
        return { currency_id: USDT, number: '10', from_field: 'change', to_field: 'lever' };
      },
      other: (b) => ({ ...b, number: '11' }),
    },
    {
      path: '/user/Transfer',
      table: 'exchanges',
      async setup(user) {
        await h.credit(user, 'change', 'USDT', '100');
        return { number: '10', from_currency_id: USDT, to_currency_id: '2' };
      },
      other: (b) => ({ ...b, to_currency_id: '1' }),
    },
    {
      path: '/wallet/charge_req',
      table: 'deposits',
      async setup(user) {
        const voucher = (await s.upload(user.token, JPEG_1PX, { scene: 'voucher' })).body.message as string;
        return { currency: USDT, type: 'TRC20', amount: '50', voucher };
      },
      other: (b) => ({ ...b, amount: '51' }),
      async again(user, body) {
        return { ...body, voucher: (await s.upload(user.token, JPEG_1PX, { scene: 'voucher' })).body.message as string };
      },
    },
    {
      path: '/wallet/out',
      table: 'withdrawals',
      async setup(user) {
        await h.verify(user);
        await h.setPayPassword(user);
        await h.credit(user, 'change', 'USDT', '100');
        const addressId = await h.saveUsdtAddress(user);
        return { currency: USDT, amount: '20', target: `address:${addressId}`, pay_password: '246810' };
      },
      other: (b) => ({ ...b, amount: '21' }),
    },
  ];

  for (const c of cases) {
    it(`${c.path}: a retry with the same key answers the first result once; another body under the key is refused`, async () => {
      const user = await s.signUp();
      const body = await c.setup(user);
      const key = newKey();
      const first = await send(user, c.path, body, key);
      expect(first.body.type, JSON.stringify(first.body)).toBe('ok');
      const retry = await send(user, c.path, body, key);
      expect(retry).toEqual(first);
      // Retried in another language: the same request, answered as it was first.
      expect(await send(user, c.path, { ...body, lang: 'zh' }, key)).toEqual(first);
      expect(await count(c.table, user)).toBe(1);

      const other = await send(user, c.path, c.other(body), key);
      expect(other).toEqual({
        status: 422,
        body: { type: 'error', code: 0, message: 'This request key was already used for a different request' },
      });
      expect(await count(c.table, user)).toBe(1);
      // A new key is a new request.
      expect((await send(user, c.path, (await c.again?.(user, body)) ?? body, newKey())).body.type).toBe('ok');
      expect(await count(c.table, user)).toBe(2);
    });

    it(`${c.path}: the same key 20 times at once has one effect, and every answer is the same`, async () => {
      const user = await s.signUp();
      const body = await c.setup(user);
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(user, c.path, body, key)));
      expect(answers[0]!.body.type, JSON.stringify(answers[0]!.body)).toBe('ok');
      for (const a of answers) expect(a).toEqual(answers[0]);
      expect(await count(c.table, user)).toBe(1);
    });
  }

  it('/ops/credit: a credit sent twice with one key is made once; 20 at once too', async () => {
    const user = await s.signUp();
    const credit = (key: string, amount = '25') =>
      s.ops(
        '/credit',
        { user: user.email, account: 'change', currency: 'USDT', amount, reason: 'goodwill' },
        { headers: { 'idempotency-key': key } },
      );
    const key = newKey();
    const first = await credit(key);
    expect(first).toMatchObject({ status: 200, body: { type: 'ok' } });
    expect(await credit(key)).toEqual(first);
    expect((await credit(key, '26')).status).toBe(422);
    const burst = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => credit(burst)));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(await count('credits', user)).toBe(2);
    expect(new Decimal((await h.balance(user, 3)).available).toFixed()).toBe('50');
  });

  // Found by the simulation on PostgreSQL: a node that stopped between a transfer's commit and
  // storing its answer left the key claimed and unanswered, and every retry answered 409 for a day.
  it('answers a key whose server stopped between the commit and the answer: "may have been carried out", once, never a second effect', async () => {
    const user = await s.signUp();
    await h.credit(user, 'change', 'USDT', '100');
    const key = newKey();
    const body = { currency_id: USDT, number: '10', from_field: 'change', to_field: 'lever' };
    expect((await send(user, '/wallet/change', body, key)).body.type).toBe('ok');
    // As the stopped server left it: the claim (its process's) committed with the transfer, no answer
    // stored. This node is alone, so the retry knows that process stopped and does not wait for it.
    await s.db.query(`UPDATE idempotency_keys SET response = NULL, claimed_by = 'a-stopped-process' WHERE key = $1`, [key]);

    const retry = await send(user, '/wallet/change', body, key);
    expect(retry.body).toMatchObject({ type: 'error', code: 2 });
    expect(retry.body.message).toMatch(/may have been carried out/);
    expect(await count('transfers', user)).toBe(1);
    // The answer is stored: the next retry gets it at once (its words as first stored, as any replay), and still nothing runs.
    const again = await s.call('/wallet/change', { ...body, lang: 'zh' }, { token: user.token, headers: { 'idempotency-key': key } });
    expect(again.body).toEqual(retry.body);
    expect(await count('transfers', user)).toBe(1);
  }, 60_000);

  it('waits for an unanswered claim of this process or, with other nodes, of another; answers at once for another process’s on a node alone', async () => {
    // Waits that would outlast the test: an answer here is never the wait running out.
    const WAIT_MS = 600_000;
    const t = (k: string) => k;
    const path = '/ops/credit';
    const params = { amount: '1' };
    const work = () => Promise.reject(new Error('a retry must not run the effect'));
    const claim = async (key: string, by: string) =>
      s.db.query(
        `INSERT INTO idempotency_keys (user_id, key, path, request_hash, response, created_at, claimed_by) VALUES (0, $1, $2, $3, NULL, $4, $5)`,
        [key, path, requestHash(path, params), clock.now(), by],
      );
    const answerLater = (key: string) =>
      s.db.query(`UPDATE idempotency_keys SET response = $2 WHERE user_id = 0 AND key = $1`, [
        key,
        JSON.stringify({ status: 200, body: '{"type":"ok","code":1,"message":"first"}' }),
      ]);

    // Alone, another process's claim: its server stopped. At once, "may have been carried out".
    const alone = new Idempotency(s.db, clock, WAIT_MS, true);
    const stopped = newKey();
    await claim(stopped, 'a-stopped-process');
    const lost = await alone.run({ userId: 0, key: stopped, path, params }, t, work);
    expect(JSON.parse(lost.text)).toMatchObject({ type: 'error', code: 2 });

    // This process's own claim (a request of its still running), and another node's with a cluster:
    // the retry waits, and answers the first's answer once it is stored.
    const shared = new Idempotency(s.db, clock, WAIT_MS, false);
    for (const [idem, by] of [
      [alone, alone.process],
      [shared, 'another-node'],
    ] as const) {
      const key = newKey();
      await claim(key, by);
      let settled = false;
      const retry = idem.run({ userId: 0, key, path, params }, t, work).finally(() => (settled = true));
      // Room for a retry that did not wait to answer (it would have by now); one that waits cannot.
      for (let i = 0; i < 5; i++) await s.db.query('SELECT 1');
      expect(settled).toBe(false);
      await answerLater(key);
      expect(JSON.parse((await retry).text)).toEqual({ type: 'ok', code: 1, message: 'first' });
    }
  }, 60_000);

  // A replay must answer byte for byte: the answer once came back from JSONB with its keys reordered (JSONB sorts them).
  it('replays the first answer byte for byte, and still reads an answer stored as JSONB before the change', async () => {
    const user = await s.signUp();
    await h.credit(user, 'change', 'USDT', '100');
    const key = newKey();
    const body = { number: '10', from_currency_id: USDT, to_currency_id: '2' };
    const text = async (k: string, params = body) => {
      const res = await fetch(`${s.url}/api/user/Transfer`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: user.token, 'idempotency-key': k },
        body: new URLSearchParams(params),
      });
      return { status: res.status, text: await res.text() };
    };
    const first = await text(key);
    expect(first.text).toMatch(/^\{"type":"ok","code":1,"message":/);
    expect(await text(key)).toEqual(first);
    expect(await text(key, { ...body, lang: 'zh' } as typeof body)).toEqual(first);
    // A row stored by the old code: the envelope as a JSON object (JSONB's key order); still answered.
    const legacy = newKey();
    await s.db.query(
      `INSERT INTO idempotency_keys (user_id, key, path, request_hash, response, created_at)
       SELECT user_id, $1, path, request_hash, '{"body": {"code": 1, "type": "ok", "message": {"n": 1}}, "status": 200}', created_at
       FROM idempotency_keys WHERE key = $2`,
      [legacy, key],
    );
    expect(await text(legacy)).toEqual({ status: 200, text: '{"code":1,"type":"ok","message":{"n":1}}' });
  });

  it('answers a business error the same way on a retry (it is stored), and a fresh key runs again', async () => {
    const user = await s.signUp();
    const body = { currency_id: USDT, number: '10', from_field: 'change', to_field: 'lever' };
    const key = newKey();
    const refused = await send(user, '/wallet/change', body, key);
    expect(refused.body).toEqual({ type: 'error', code: 0, message: 'Insufficient balance' });
    await h.credit(user, 'change', 'USDT', '100');
    expect(await send(user, '/wallet/change', body, key)).toEqual(refused);
    expect(await count('transfers', user)).toBe(0);
    expect((await send(user, '/wallet/change', body, newKey())).body.type).toBe('ok');
  });

  it('does not store a request refused before it ran (validation), nor one without a key', async () => {
    const user = await s.signUp();
    await h.credit(user, 'change', 'USDT', '100');
    const key = newKey();
    const body = { currency_id: USDT, number: '10', from_field: 'change', to_field: 'lever' };
    expect((await send(user, '/wallet/change', { ...body, number: 'ten' }, key)).body.message).toBe('Please enter a correct amount');
    expect((await send(user, '/wallet/change', body, key)).body.type).toBe('ok');
    // Without a key every call is a new one.
    expect((await send(user, '/wallet/change', body)).body.type).toBe('ok');
    expect((await send(user, '/wallet/change', body)).body.type).toBe('ok');
    expect(await count('transfers', user)).toBe(3);
  });

  it('refuses a malformed key with 400, and keeps keys per user', async () => {
    const user = await s.signUp();
    const other = await s.signUp();
    for (const u of [user, other]) await h.credit(u, 'change', 'USDT', '100');
    const body = { currency_id: USDT, number: '10', from_field: 'change', to_field: 'lever' };
    for (const bad of ['', 'has space', 'x'.repeat(65), 'semi;colon']) {
      const res = await send(user, '/wallet/change', body, bad || ' ');
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBe('The Idempotency-Key header must be 1 to 64 letters, digits, "_" or "-"');
    }
    const shared = newKey();
    expect((await send(user, '/wallet/change', body, shared)).body.type).toBe('ok');
    expect((await send(other, '/wallet/change', body, shared)).body.type).toBe('ok');
    expect(await count('transfers', user)).toBe(1);
    expect(await count('transfers', other)).toBe(1);
  });

  it('forgets keys after 24 hours: the sweep on the clock removes them and the key may be used again', async () => {
    const user = await s.signUp();
    await h.credit(user, 'change', 'USDT', '100');
    const body = { currency_id: USDT, number: '10', from_field: 'change', to_field: 'lever' };
    const key = newKey();
    expect((await send(user, '/wallet/change', body, key)).body.type).toBe('ok');
    expect((await send(user, '/wallet/change', { ...body, number: '5' }, key)).status).toBe(422);
    clock.advance(24 * 3600_000 + 3600_000);
    const rows = async () => (await s.db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [key])).length;
    for (let i = 0; i < 100 && (await rows()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await rows()).toBe(0);
    expect((await send(user, '/wallet/change', { ...body, number: '5' }, key)).body.type).toBe('ok');
    expect(await count('transfers', user)).toBe(2);
  });
});
