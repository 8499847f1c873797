/**
 * Fault tests: an order POST cut off mid-flight and retried, PostgreSQL going away and
 * coming back, Redis restarted under load. Each prints what it saw. The outages are made with a
 * TCP proxy between the app and the server (`tcpProxy.ts`): to the app that is exactly a restart
 * (every connection cut, new ones refused, then accepted again).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from '../../domain/api/envelope';
import type { OptionOrder } from '../../domain/options/types';
import type { TopicMessage, UserMessage } from '../../domain/protocol';
import { systemClock } from '../../server/clock';
import { openPostgres } from '../../server/db/postgres';
import type { Db } from '../../server/db/db';
import { openCluster, type Cluster } from '../../server/platform/cluster/openCluster';
import { openTestDatabase, type TestDatabase } from './database';
import { startServer, type ClientSocket, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';
import { until } from './poll';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

const base = process.env.TEST_DATABASE_URL;
const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A seconds option of 100 USDT on BTC/USDT, as the app sends it. */
function optionParams(s: TestServer): Record<string, string> {
  const usdt = s.app.market.currencies.find((c) => c.name === 'USDT')!.id;
  return {
    match_id: String(s.app.market.pairBySymbol('BTC/USDT')!.id),
    currency_id: String(usdt),
    type: 'up',
    seconds: '60',
    number: '100',
  };
}

async function optionCount(s: TestServer, token: string): Promise<number> {
  const res = await s.call('/microtrade/lists', {}, { token, method: 'GET' });
  expect(res.body.type).toBe('ok');
  return (res.body.message as Page<OptionOrder>).total;
}

describe('an order POST cut off mid-flight', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s?.close());

  it('retried by the app with its Idempotency-Key, makes exactly one order', async () => {
    const user = await s.signUp();
    expect(
      (await s.ops('/credit', { user: user.email, account: 'micro', currency: 'USDT', amount: '1000', reason: 'fault test' })).body.type,
    ).toBe('ok');
    const key = randomBytes(16).toString('hex');
    const body = new URLSearchParams(optionParams(s)).toString();
    // The request leaves whole, then the connection dies before any answer (a phone losing signal).
    const cut = await new Promise<string>((resolve) => {
      const req = http.request(`${s.url}/api/microtrade/submit`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          authorization: user.token,
          'idempotency-key': key,
          'x-forwarded-for': user.ip,
        },
      });
      req.on('error', (e: Error) => resolve(e.message));
      req.on('response', () => resolve('answered before the cut'));
      req.end(body, () => setImmediate(() => req.destroy(new Error('connection cut'))));
    });
    // The app does not know whether it took: it retries with the same key, twice for good measure.
    const headers = { 'idempotency-key': key };
    const retry = await until(async () => {
      const res = await s.call('/microtrade/submit', optionParams(s), { token: user.token, headers, ip: user.ip });
      // 409: the first attempt is still being handled; the app waits and asks again.
      return res.status === 409 ? null : res;
    }, 'the retry to be answered');
    expect(retry.body.type, String(retry.body.message)).toBe('ok');
    const again = await s.call('/microtrade/submit', optionParams(s), { token: user.token, headers, ip: user.ip });
    expect((again.body.message as OptionOrder).id).toBe((retry.body.message as OptionOrder).id);
    const orders = await optionCount(s, user.token);
    console.log(`faults: POST cut (${cut}); retried twice with its key → ${orders} order`);
    expect(orders).toBe(1);
    await expectLedgerInvariants(s.db);
  });
});

describe.runIf(base)('PostgreSQL restarted', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let db: Db;
  let s: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(inject('templatePath'));
    const target = new URL(database.url!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(database.url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    // Broken connections are expected here: the pool drops them and opens new ones.
    db = await openPostgres(viaProxy.toString(), 10, () => undefined);
    s = await startServer({ db });
  }, 120_000);

  afterAll(async () => {
    await s?.close();
    await db?.close();
    await proxy?.close();
    await database?.dispose();
  });

  it('answers 503 with a clear message while it is down, writes nothing half, and recovers by itself', async () => {
    const user = await s.signUp();
    expect(
      (await s.ops('/credit', { user: user.email, account: 'micro', currency: 'USDT', amount: '1000', reason: 'fault test' })).body.type,
    ).toBe('ok');
    const key = randomBytes(16).toString('hex');

    proxy.down();
    const statuses = new Map<number, number>();
    const messages = new Set<string>();
    const started = Date.now();
    while (Date.now() - started < 3_000) {
      const answers = await Promise.all([
        s.call('/microtrade/lists', {}, { token: user.token, method: 'GET' }),
        s.call('/microtrade/submit', optionParams(s), { token: user.token, headers: { 'idempotency-key': key }, ip: user.ip }),
        s.call('/microtrade/lists', {}, { token: user.token, method: 'GET', lang: 'zh' }),
      ]);
      for (const a of answers) {
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        messages.add(String(a.body.message));
      }
    }
    console.log(
      `faults: PostgreSQL down 3 s → answers ${JSON.stringify(Object.fromEntries(statuses))}; messages ${[...messages].join(' | ')}`,
    );
    expect([...statuses.keys()].every((status) => status === 503 || status === 409)).toBe(true);
    expect(messages).toContain('The service is briefly unavailable. Nothing was changed; please try again in a moment');
    expect(messages).toContain('服务暂时不可用，本次操作未生效，请稍后重试');

    proxy.up();
    const back = Date.now();
    const placed = await until(async () => {
      const res = await s.call('/microtrade/submit', optionParams(s), {
        token: user.token,
        headers: { 'idempotency-key': key },
        ip: user.ip,
      });
      return res.body.type === 'ok' ? res : null;
    }, 'the app to recover');
    console.log(`faults: PostgreSQL back → the retried order went through after ${Date.now() - back} ms`);
    // The attempts made while it was down changed nothing: one order, one stake.
    expect(await optionCount(s, user.token)).toBe(1);
    const again = await s.call('/microtrade/submit', optionParams(s), {
      token: user.token,
      headers: { 'idempotency-key': key },
      ip: user.ip,
    });
    expect((again.body.message as OptionOrder).id).toBe((placed.body.message as OptionOrder).id);
    await expectLedgerInvariants(s.db);
  });
});

describe.runIf(base)('Redis restarted under load', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let cluster: Cluster;
  let s: TestServer;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(inject('templatePath'));
    proxy = await startTcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
    cluster = await openCluster(`redis://127.0.0.1:${proxy.port}`, systemClock, quiet, `test-${randomBytes(4).toString('hex')}:`);
    s = await startServer({ db: database.db, cluster: cluster.parts, socketAdapter: cluster.socketAdapter });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await s?.close();
    await cluster?.close();
    await proxy?.close();
    await database?.dispose();
  });

  it('never answers 5xx, and its clients get ticks and their own messages again', async () => {
    const user = await s.signUp();
    const socket: ClientSocket = io(s.url, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect(await new Promise<{ ok: boolean }>((resolve) => socket.emit('auth', { token: user.token }, resolve as never))).toMatchObject({
      ok: true,
    });
    await new Promise((resolve) => socket.emit('sub', ['quotes'], resolve));
    let lastTick = 0;
    const privateAt: number[] = [];
    socket.on('m', (raw) => {
      const m = raw as TopicMessage | UserMessage;
      if (m.topic === 'quotes') lastTick = Date.now();
      if (m.topic === 'user' && m.kind === 'balances') privateAt.push(Date.now());
    });

    proxy.down();
    const downAt = Date.now();
    const statuses = new Map<number, number>();
    // Four clients calling without pause (a rate-limited public call, a signed-in read, a code
    // request that writes the dev outbox), and a whole sign-up, while Redis is away.
    const load = async () => {
      while (Date.now() - downAt < 3_000) {
        const answers = await Promise.all([
          s.call('/microtrade/lists', {}, { token: user.token, method: 'GET' }),
          s.call('/microtrade/seconds', {}, { method: 'GET' }),
          s.call(
            '/sms_mail',
            { user_string: `outage${randomBytes(4).toString('hex')}@example.com`, scene: 'register' },
            { ip: '10.9.9.9' },
          ),
        ]);
        for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      }
    };
    const [signedUpDuringOutage] = await Promise.all([
      s.signUp().then(
        () => true,
        () => false,
      ),
      load(),
      load(),
      load(),
      load(),
    ]);
    const ticksDuringOutage = lastTick > downAt;
    proxy.up();
    const upAt = Date.now();

    // A private message goes through the adapter, i.e. Redis: once it is back, credits reach the socket again.
    await until(
      async () => {
        const before = privateAt.length;
        await s.ops('/credit', { user: user.email, account: 'micro', currency: 'USDT', amount: '1', reason: 'fault test' });
        await sleep(500);
        return privateAt.length > before && privateAt.at(-1)! > upAt;
      },
      'a private message after Redis is back',
      60_000,
    );
    console.log(
      `faults: Redis down 3 s under load → answers ${JSON.stringify(Object.fromEntries(statuses))}; sign-up during the outage ${signedUpDuringOutage}; ` +
        `ticks kept coming ${ticksDuringOutage}; private messages again ${privateAt.at(-1)! - upAt} ms after it came back`,
    );
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    expect(signedUpDuringOutage).toBe(true);
    expect(ticksDuringOutage).toBe(true);
  });
});
