import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../domain/profile/types';
import { BOOK_LEVELS, type DepthBook, type Ticker } from '../../domain/market/types';
import {
  topics,
  type PrivateSnapshot,
  type SubscribeAck,
  type TopicMessage,
  type TopicSnapshot,
  type UserMessage,
} from '../../domain/protocol';
import { buildApp } from '../../server/app';
import { ManualClock } from '../../server/clock';
import { Notifications } from '../../server/notifications/Notifications';
import { Balances } from '../../server/ledger/Balances';
import { balanceReader } from '../../server/realtime/balanceSnapshot';
import type { RealtimeHub } from '../../server/realtime/RealtimeHub';
import { DbUserSequences, RESERVE_BLOCK, ReservedUserSequences } from '../../server/realtime/UserSequences';
import { applyDepthDelta, createBook, readBook } from '../../worker/market/orderBook';
import { Feed } from '../../worker/feed/Feed';
import type { FeedStatus } from '../../worker/connection/ConnectionSlice';
import { createWorkerState } from '../../worker/state';
import { nextMessage, startServer, type ClientSocket, type TestServer } from './harness';
import { TEST_APP_OPTIONS } from './options';

function subscribe(socket: ClientSocket, list: unknown): Promise<SubscribeAck> {
  return socket.timeout(5000).emitWithAck('sub', list as string[]);
}

function collect(socket: ClientSocket, topic: string): TopicMessage[] {
  const out: TopicMessage[] = [];
  socket.on('m', (m) => {
    if (m.topic === topic) out.push(m as TopicMessage);
  });
  return out;
}

/** Joins the private channel; fails the test unless the server accepts the token. */
async function auth(socket: ClientSocket, token: string): Promise<{ ok: true; snapshot: PrivateSnapshot }> {
  const ack = await socket.timeout(5000).emitWithAck('auth', { token });
  if (!ack.ok) throw new Error('auth refused');
  return ack;
}

/** Private messages of one socket, as they arrive. */
function collectUser(socket: ClientSocket): UserMessage[] {
  const out: UserMessage[] = [];
  socket.on('m', (m) => {
    if (m.topic === 'user') out.push(m as UserMessage);
  });
  return out;
}

/**
 * Loses private messages on the wire: the hub numbers them as usual, but those `lose` picks
 * never reach the user's sockets (one at a time, until `lose` answers true once).
 */
function loseNext(hub: RealtimeHub, userId: number, lose: (m: UserMessage) => boolean): { lost: UserMessage[] } {
  const io = hub.io;
  const realTo = io.to.bind(io);
  const state = { lost: [] as UserMessage[] };
  io.to = ((room: string) => {
    const operator = realTo(room);
    if (room !== `user:${userId}` || state.lost.length) return operator;
    return {
      emit: (event: 'm', message: UserMessage) => {
        if (lose(message)) {
          state.lost.push(message);
          io.to = realTo;
          return true;
        }
        return operator.emit(event, message);
      },
    };
  }) as typeof io.to;
  return state;
}

async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('realtime topics over socket.io', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.now());
  const step = (n = 1) => {
    for (let i = 0; i < n; i++) {
      clock.advance(50);
      s.app.market.tick();
    }
  };
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
  });
  afterAll(() => s.close());

  it('gives a quotes subscriber a snapshot, then messages whose seq rises by exactly one', async () => {
    const socket = await s.socket();
    const got = collect(socket, 'quotes');
    const ack = await subscribe(socket, ['quotes']);
    expect(ack.ok).toBe(true);
    const snap = ack.snapshots[0]!;
    expect(snap).toMatchObject({ topic: 'quotes', kind: 'quotes' });
    expect((snap.data as Ticker[]).length).toBeGreaterThanOrEqual(35);
    step(10);
    await until(() => got.length >= 10);
    expect(got.map((m) => m.seq)).toEqual(Array.from({ length: got.length }, (_, i) => snap.seq + 1 + i));
    expect((got[0]!.data as Ticker[]).length).toBeGreaterThan(0);
  });

  it('keeps a depth book built from snapshot plus deltas identical to the server book', async () => {
    const socket = await s.socket();
    const topic = topics.depth('BTC/USDT');
    const got = collect(socket, topic);
    const ack = await subscribe(socket, [topic]);
    const book = createBook(ack.snapshots[0]!.data as DepthBook);
    step(30);
    await until(() => got.length >= 30);
    for (const m of got) applyDepthDelta(book, m.data as DepthBook);
    const rest = await s.call('/market/snapshot', { topic }, { method: 'GET' });
    const serverSnap = rest.body.message as TopicSnapshot;
    expect(serverSnap.seq).toBe(got.at(-1)!.seq);
    expect(readBook(book)).toEqual(serverSnap.data);
    const { bids, asks } = serverSnap.data as DepthBook;
    // A deep book, so the worker can group it × 100 and still fill 20 rows a side.
    expect(bids).toHaveLength(BOOK_LEVELS);
    expect(asks).toHaveLength(BOOK_LEVELS);
    expect(Number(bids[0]![0])).toBeLessThan(Number(asks[0]![0]));
    expect((serverSnap.data as DepthBook).step).toBe('0.50');
    // The wire stays delta-based: a live message carries the few levels that changed, not the book.
    const sizes = got.map((m) => JSON.stringify(m).length);
    expect(Math.max(...sizes)).toBeLessThan(4_000);
    expect(sizes.reduce((a, b) => a + b, 0) / sizes.length).toBeLessThan(1_500);
  });

  it('streams trades and the bars in progress', async () => {
    const socket = await s.socket();
    const trades = collect(socket, topics.trades('ETH/USDT'));
    const bars = collect(socket, topics.kline('ETH/USDT', '1min'));
    const ack = await subscribe(socket, [topics.trades('ETH/USDT'), topics.kline('ETH/USDT', '1min')]);
    expect(ack.snapshots.map((x) => x.kind).sort()).toEqual(['kline', 'trades']);
    step(40);
    const klineTopic = topics.kline('ETH/USDT', '1min');
    const lastSeq = s.app.hub.snapshot(klineTopic)!.seq;
    await until(() => trades.length > 0 && bars.at(-1)?.seq === lastSeq);
    const bar = (bars.at(-1)!.data as { t: number; close: string }[]).at(-1)!;
    expect(bar.t % 60_000).toBe(0);
    expect(s.app.market.ticker('ETH/USDT')!.price).toBe(bar.close);
  });

  it('refuses unknown topics and survives hostile payloads', async () => {
    const socket = await s.socket();
    const ack = await subscribe(socket, ['depth:NOPE/USDT', 'kline:BTC/USDT:3min', 'user:1', 'quotes']);
    expect(ack.ok).toBe(false);
    expect(ack.rejected).toEqual(['depth:NOPE/USDT', 'kline:BTC/USDT:3min', 'user:1']);
    for (const payload of [null, 42, { topic: 'quotes' }, ['x'.repeat(10_000)], Array(1000).fill('quotes')]) {
      const answer = await subscribe(socket, payload);
      expect(typeof answer.ok).toBe('boolean');
    }
    socket.emit('sub', 'quotes' as never, undefined as never);
    socket.emit('auth', 'garbage' as never, undefined as never);
    expect((await socket.timeout(5000).emitWithAck('auth', { token: 12 as never })).ok).toBe(false);
    expect(socket.connected).toBe(true);
  });

  it('joins the private channel only with a valid token, and leaves it when the session ends', async () => {
    const socket = await s.socket();
    expect((await socket.timeout(5000).emitWithAck('auth', { token: 'not-a-token' })).ok).toBe(false);
    const user = await s.signUp();
    const ack = await auth(socket, user.token);
    const revoked = nextMessage<UserMessage>(socket, (m: UserMessage) => m.topic === 'user' && m.kind === 'session');
    await s.call('/user/logout', {}, { token: user.token, method: 'GET' });
    // Numbered like every other private message: the next after the snapshot.
    expect(await revoked).toEqual({ topic: 'user', kind: 'session', seq: ack.snapshot.seq + 1, data: { event: 'revoked' } });
    expect((await socket.timeout(5000).emitWithAck('auth', { token: user.token })).ok).toBe(false);
  });

  it('answers snapshots over REST and refuses unknown topics', async () => {
    const ok = await s.call('/market/snapshot', { topic: 'quotes' }, { method: 'GET' });
    expect(ok.body.message).toMatchObject({ topic: 'quotes', kind: 'quotes' });
    const bad = await s.call('/market/snapshot', { topic: 'depth:NOPE' }, { method: 'GET' });
    expect(bad.body).toEqual({ type: 'error', code: 0, message: 'Unknown topic' });
  });
});

describe('the worker feed against the real server', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
  });
  afterAll(() => s.close());

  it('detects a sequence gap and resyncs the book from REST', async () => {
    const topic = topics.depth('SOL/USDT');
    const statuses: FeedStatus[] = [];
    const snapshots: TopicSnapshot[] = [];
    const messages: TopicMessage[] = [];
    const feed = new Feed(s.url, {
      snapshot: (x) => snapshots.push(x),
      message: (m) => messages.push(m),
      privateSnapshot: () => undefined,
      user: () => undefined,
      status: (x) => statuses.push(x),
      dropped: () => undefined,
      hello: () => undefined,
    });
    feed.subscribe([topic]);
    feed.connect();
    await until(() => snapshots.length === 1);
    expect(statuses.at(-1)).toBe('live');

    const tick = () => {
      clock.advance(50);
      s.app.market.tick();
    };
    tick();
    await until(() => messages.length === 1);

    // Lose five messages: the server's counter jumps as if they had been sent and dropped.
    const seqs = (s.app.hub as unknown as { seqs: Map<string, number> }).seqs;
    seqs.set(topic, seqs.get(topic)! + 5);
    tick();
    await until(() => snapshots.length === 2);
    expect(statuses).toContain('resyncing');
    await until(() => statuses.at(-1) === 'live');
    expect(snapshots[1]!.seq).toBeGreaterThan(messages[0]!.seq + 5);

    // After the resync, the book follows the server again.
    const book = createBook(snapshots[1]!.data as DepthBook);
    const after = messages.length;
    tick();
    tick();
    await until(() => messages.length === after + 2);
    for (const m of messages.slice(after)) applyDepthDelta(book, m.data as DepthBook);
    expect(readBook(book)).toEqual(s.app.market.depth('SOL/USDT'));
    feed.close();
  });
});

describe('the private channel', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.now());
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
  });
  afterAll(() => s.close());

  const userIdOf = async (token: string) => ((await s.call('/user/info', {}, { token, method: 'GET' })).body.message as UserInfo).id;
  const credit = async (email: string, currency: string, amount: string) => {
    const res = await s.ops('/credit', { user: email, account: 'change', currency, amount, reason: 'test' });
    expect(res.body.type).toBe('ok');
  };
  const usdt = () => s.app.market.currencies.find((c) => c.name === 'USDT')!.id;

  it('answers auth with the snapshot of every private topic at the current seq, then numbers messages one by one', async () => {
    const user = await s.signUp();
    const userId = await userIdOf(user.token);
    await credit(user.email, 'USDT', '100');
    const socket = await s.socket();
    const { snapshot } = await auth(socket, user.token);
    // The credit's balance change and its notification were the user's first private messages, sent before anyone listened.
    expect(snapshot.seq).toBe(2);
    expect(snapshot.data.session).toEqual({ user_id: userId });
    expect(snapshot.data.balances).toEqual(await balanceReader(new Balances(s.db), s.app.market)(userId));
    expect(snapshot.data.balances).toContainEqual(expect.objectContaining({ account: 2, currency: 'USDT', currency_id: usdt() }));
    expect(snapshot.data.notifications).toMatchObject({ unread: 1, recent: [{ kind: 'credited', read: false }] });
    expect(snapshot.data.orders).toEqual([]);
    expect(snapshot.data.positions).toEqual([]);

    const got = collectUser(socket);
    // Every committed ledger post pushes the user's changed balances (then the credit's notification).
    await credit(user.email, 'USDT', '50');
    await until(() => got.length === 2);
    expect(got[0]).toMatchObject({ kind: 'balances', data: [{ account: 2, currency: 'USDT', available: '150' }] });
    expect(got[1]).toMatchObject({ kind: 'notifications', data: { unread: 2, changed: [{ kind: 'credited', read: false }] } });
    expect(await s.app.hub.publishBalances(userId, [{ account: 2, currency_id: usdt() }])).toBe(snapshot.seq + 3);
    const read = await s.call('/user/notifications/read', {}, { token: user.token });
    expect(read.body.message).toBe(2);
    await until(() => got.length === 4);
    expect(got.map((m) => m.seq)).toEqual([snapshot.seq + 1, snapshot.seq + 2, snapshot.seq + 3, snapshot.seq + 4]);
    expect(got[2]!.data).toEqual((await balanceReader(new Balances(s.db), s.app.market)(userId)).filter((r) => r.currency_id === usdt()));
    expect(got[3]).toMatchObject({ kind: 'notifications', data: { unread: 0 } });

    // A transfer moves two of the user's balances: one message carries both, with committed values.
    const moved = await s.call(
      '/wallet/change',
      { currency_id: String(usdt()), number: '20', from_field: 'change', to_field: 'lever' },
      { token: user.token },
    );
    expect(moved.body.type).toBe('ok');
    await until(() => got.length === 5);
    expect(got[4]).toMatchObject({ kind: 'balances', seq: snapshot.seq + 5 });
    expect((got[4]!.data as { account: number; available: string }[]).map((r) => [r.account, r.available]).sort()).toEqual([
      [2, '130'],
      [3, '20'],
    ]);

    // The REST snapshot (the resync) is the same state at the same seq.
    const rest = await s.call('/user/channel/snapshot', {}, { token: user.token, method: 'GET' });
    expect(rest.body.message).toMatchObject({ topic: 'user', seq: snapshot.seq + 5, data: { notifications: { unread: 0 } } });
    expect((await s.call('/user/channel/snapshot', {}, { method: 'GET' })).body).toMatchObject({ type: 999 });
  });

  it('pushes a committed post’s balances as the ledger reported them, with the journal row that made them, without reading them again', async () => {
    const user = await s.signUp();
    const userId = await userIdOf(user.token);
    await credit(user.email, 'USDT', '40');
    const socket = await s.socket();
    const { snapshot } = await auth(socket, user.token);
    const lastRow = async () =>
      (
        await s.db.query<{ id: number }>('SELECT MAX(id)::int AS id FROM journal WHERE user_id = $1 AND account = 2 AND currency_id = $2', [
          userId,
          usdt(),
        ])
      )[0]!.id;
    // The snapshot's row names the journal row that last changed it.
    expect(snapshot.data.balances).toEqual([expect.objectContaining({ account: 2, currency_id: usdt(), v: await lastRow() })]);
    const got = collectUser(socket);
    const read = vi.spyOn(Balances.prototype, 'ofUserVersioned');
    try {
      await credit(user.email, 'USDT', '2');
      await until(() => got.some((m) => m.kind === 'balances'));
      expect(got.find((m) => m.kind === 'balances')!.data).toEqual([
        { account: 2, currency_id: usdt(), currency: 'USDT', available: '42', frozen: '0', v: await lastRow() },
      ]);
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });

  it('numbers a revocation: the ended session gets revoked, the user’s other sessions changed, under one seq', async () => {
    const user = await s.signUp();
    const userId = await userIdOf(user.token);
    const other = (await s.call('/user/login', { user_string: user.email, password: user.password }, { ip: user.ip })).body
      .message as string;
    const [a, b] = [await s.socket(), await s.socket()];
    const seq = (await auth(a, user.token)).snapshot.seq;
    expect((await auth(b, other)).snapshot.seq).toBe(seq);
    const [gotA, gotB] = [collectUser(a), collectUser(b)];
    await s.call('/user/logout', {}, { token: user.token, method: 'GET' });
    await until(() => gotA.length === 1 && gotB.length === 1);
    expect(gotA[0]).toEqual({ topic: 'user', kind: 'session', seq: seq + 1, data: { event: 'revoked' } });
    expect(gotB[0]).toEqual({ topic: 'user', kind: 'session', seq: seq + 1, data: { event: 'changed' } });
    // The ended session is off the channel; the other one carries on at the next number.
    expect(await s.app.hub.publishToUser(userId, 'orders', [])).toBe(seq + 2);
    await until(() => gotB.length === 2);
    expect(gotB[1]).toMatchObject({ kind: 'orders', seq: seq + 2 });
    expect(gotA).toHaveLength(1);
  });

  it('numbers the messages of one commit as one block: consecutive, in publish order, one sequence statement per reserved block', async () => {
    const user = await s.signUp();
    const userId = await userIdOf(user.token);
    await credit(user.email, 'USDT', '10');
    const socket = await s.socket();
    const { snapshot } = await auth(socket, user.token);
    const got = collectUser(socket);
    const next = vi.spyOn(ReservedUserSequences.prototype, 'next');
    // The statement that advances the user's row: a node alone takes a block of numbers at once.
    const reserve = vi.spyOn(DbUserSequences.prototype, 'next');
    try {
      // As an order's commit announces it: the trade, then the balances (read when numbered), then a
      // loader that finds nothing to say (no number), then a notification.
      const seqs = await Promise.all([
        s.app.hub.publishToUser(userId, 'orders', []),
        s.app.hub.publishBalances(userId, [{ account: 2, currency_id: usdt() }]),
        s.app.hub.publishToUser(userId, 'positions', async () => null),
        s.app.hub.publishToUser(userId, 'positions', []),
      ]);
      expect(seqs).toEqual([snapshot.seq + 1, snapshot.seq + 2, null, snapshot.seq + 3]);
      expect(next.mock.calls).toEqual([[userId, 3]]);
      await until(() => got.length === 3);
      expect(got.map((m) => [m.kind, m.seq])).toEqual([
        ['orders', snapshot.seq + 1],
        ['balances', snapshot.seq + 2],
        ['positions', snapshot.seq + 3],
      ]);
      expect(got[1]).toMatchObject({ data: [{ account: 2, currency: 'USDT', available: '10' }] });
      // A message published after its batch was numbered takes the next block.
      expect(await s.app.hub.publishToUser(userId, 'orders', [])).toBe(snapshot.seq + 4);
      expect(next).toHaveBeenCalledTimes(2);
      // No statement for either: the credit's balances message reserved the user's block before.
      expect(reserve).not.toHaveBeenCalled();
      expect(snapshot.seq + 4).toBeLessThan(RESERVE_BLOCK);
    } finally {
      next.mockRestore();
      reserve.mockRestore();
    }
  });

  it('a message whose read fails is logged and skipped, never a rejection (callers announce with `void`: one would end the process)', async () => {
    const user = await s.signUp();
    const userId = await userIdOf(user.token);
    const socket = await s.socket();
    const { snapshot } = await auth(socket, user.token);
    const got = collectUser(socket);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const seqs = await Promise.all([
        s.app.hub.publishToUser(userId, 'orders', []),
        s.app.hub.publishToUser(userId, 'positions', async () => {
          throw new Error('connection lost');
        }),
        s.app.hub.publishToUser(userId, 'positions', []),
      ]);
      expect(seqs).toEqual([snapshot.seq + 1, null, snapshot.seq + 2]);
      expect(String(logged.mock.calls[0]?.[0])).toContain(`positions message to user ${userId} not sent`);
    } finally {
      logged.mockRestore();
    }
    await until(() => got.length === 2);
    expect(got.map((m) => m.seq)).toEqual([snapshot.seq + 1, snapshot.seq + 2]);
  });

  it('pushes a notification only once its transaction commits', async () => {
    const user = await s.signUp();
    const userId = await userIdOf(user.token);
    const socket = await s.socket();
    const { snapshot } = await auth(socket, user.token);
    const got = collectUser(socket);
    const notifications = new Notifications(s.db, clock, s.app.hub);
    await expect(
      s.db.tx(async (q) => {
        await notifications.create(q, userId, 'credited', { amount: '1', currency: 'USDT', reason: 'rolled back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await s.db.tx(async (q) => {
      await notifications.create(q, userId, 'credited', { amount: '2', currency: 'USDT', reason: 'kept' });
      // Not yet: the transaction is still open.
      await new Promise((r) => setTimeout(r, 50));
      expect(got).toHaveLength(0);
    });
    await until(() => got.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      seq: snapshot.seq + 1,
      kind: 'notifications',
      data: { unread: 1, changed: [{ params: { reason: 'kept' } }] },
    });
    expect(await notifications.count(userId, false)).toBe(1);
  });

  it('runs after-commit callbacks after COMMIT, never after a rollback, and at once outside a transaction', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls: string[] = [];
    s.db.afterCommit(() => calls.push('outside'));
    expect(calls).toEqual(['outside']);
    await s.db.tx(async (q) => {
      q.afterCommit(() => calls.push('first'));
      q.afterCommit(() => {
        throw new Error('a failing callback does not stop the next');
      });
      q.afterCommit(() => calls.push('second'));
      await q.query('SELECT 1');
      expect(calls).toEqual(['outside']);
    });
    expect(calls).toEqual(['outside', 'first', 'second']);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
    await s.db
      .tx(async (q) => {
        q.afterCommit(() => calls.push('rolled back'));
        throw new Error('no');
      })
      .catch(() => undefined);
    expect(calls).toEqual(['outside', 'first', 'second']);
  });

  it('keeps each user’s count across a restart: a second app on the same database continues above it', async () => {
    const user = await s.signUp();
    const userId = await userIdOf(user.token);
    await s.app.hub.publishToUser(userId, 'positions', []);
    const last = (await s.app.hub.publishToUser(userId, 'positions', []))!;
    expect(last).toBe(2);

    const dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-restart-'));
    const again = await buildApp({ ...TEST_APP_OPTIONS, db: s.db, clock, dataDir, startMarket: false });
    try {
      await again.fastify.listen({ port: 0, host: '127.0.0.1' });
      const socket: ClientSocket = io(`http://127.0.0.1:${(again.fastify.server.address() as AddressInfo).port}`, {
        transports: ['websocket'],
        forceNew: true,
      });
      try {
        // Above every number handed out before (the rest of the first app's block is skipped), and
        // the messages after the snapshot follow it one by one.
        const { snapshot } = await auth(socket, user.token);
        expect(snapshot.seq).toBeGreaterThanOrEqual(last);
        const got = collectUser(socket);
        expect(await again.hub.publishToUser(userId, 'positions', [])).toBe(snapshot.seq + 1);
        await until(() => got.length === 1);
        expect(got[0]!.seq).toBe(snapshot.seq + 1);
      } finally {
        socket.disconnect();
      }
    } finally {
      await again.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('hands out reserved numbers once: consecutive across blocks, one statement a block, never twice for two processes', async () => {
    const a = await s.signUp();
    const b = await s.signUp();
    const [userA, userB] = [await userIdOf(a.token), await userIdOf(b.token)];
    const reserve = vi.spyOn(DbUserSequences.prototype, 'next');
    try {
      const one = new ReservedUserSequences(s.db, 4, 1);
      const got: number[] = [];
      for (const count of [1, 2, 3, 1, 5, 1]) got.push(await one.next(userA, count));
      // Last numbers of blocks of 1, 2, 3, 1, 5, 1: 1 … 13, consecutive across the reservations.
      expect(got).toEqual([1, 3, 6, 7, 12, 13]);
      expect(await one.current(userA)).toBe(13);
      expect(reserve.mock.calls.length).toBeLessThan(got.length);
      // A second process on the same database: its numbers are above the first's reservations.
      const two = new ReservedUserSequences(s.db, 4, 1);
      const held = await new DbUserSequences(s.db).current(userA);
      expect(await two.current(userA)).toBe(held);
      expect(await two.next(userA)).toBe(held + 1);
      // The first goes on with what it holds, then takes a block after the second's: never a number twice.
      const more = [await one.next(userA), await one.next(userA, 4), await one.next(userA)];
      expect(more.every((n) => n > 13 && (n <= held || n > held + 1 + 4))).toBe(true);
      // Bounded memory: numbering another user drops userA's entry (maxUsers 1); its next number is above everything reserved.
      await one.next(userB);
      const mark = await new DbUserSequences(s.db).current(userA);
      expect(await one.current(userA)).toBe(mark);
      expect(await one.next(userA)).toBe(mark + 1);
    } finally {
      reserve.mockRestore();
    }
  });

  it('the worker’s feed resyncs from REST after a lost private message and ends with the server’s state', async () => {
    const user = await s.signUp();
    const userId = await userIdOf(user.token);
    const usdtId = usdt();
    await credit(user.email, 'USDT', '100');

    const books = createWorkerState();
    const statuses: FeedStatus[] = [];
    const privateSnapshots: (PrivateSnapshot | null)[] = [];
    const feed = new Feed(s.url, {
      snapshot: (x) => books.market.applySnapshot(x),
      message: (m) => books.market.applyMessage(m),
      privateSnapshot: (x) => (privateSnapshots.push(x), books.account.applySnapshot(x)),
      user: (m) => books.account.apply(m),
      status: (x) => statuses.push(x),
      dropped: () => undefined,
      hello: (info) => books.connection.setServerVersion(info.version),
    });
    feed.connect();
    await until(() => feed.getStatus() === 'live');
    expect(await feed.setToken(user.token)).toBe(true);
    expect(privateSnapshots).toHaveLength(1);
    expect(books.account.balanceRows()).toEqual(await balanceReader(new Balances(s.db), s.app.market)(userId));

    // The credit's balances message is lost on the wire; its notification arrives with a gap in
    // `seq`, so the worker resyncs over REST. Without the resync it would keep its 100 USDT: only
    // the lost message said 150, and the later BTC credit's message carries only BTC.
    const lost = loseNext(s.app.hub, userId, (m) => m.kind === 'balances');
    await credit(user.email, 'USDT', '50');
    await until(() => lost.lost.length === 1);
    await until(() => privateSnapshots.length === 2);
    await until(() => feed.getStatus() === 'live');
    expect(statuses).toContain('resyncing');
    expect(privateSnapshots[1]!.seq).toBeGreaterThanOrEqual(lost.lost[0]!.seq);
    await credit(user.email, 'BTC', '1');

    // What lasts: the worker's state ends equal to the server's.
    const server = await balanceReader(new Balances(s.db), s.app.market)(userId);
    expect(server.find((r) => r.currency_id === usdtId)).toMatchObject({ available: expect.stringMatching(/^150(\.0*)?$/) });
    await until(
      () => JSON.stringify(books.account.balanceRows()) === JSON.stringify(server) && books.account.notificationState().unread === 3,
    );
    expect(books.account.balanceRows()).toEqual(server);

    // And it keeps following live messages after the resync.
    await credit(user.email, 'USDT', '25');
    await s.app.hub.publishBalances(userId, [{ account: 2, currency_id: usdtId }]);
    await until(() => books.account.notificationState().unread === 4);
    await until(
      () =>
        books.account.balanceRows().find((r) => r.currency_id === usdtId)!.available !==
        server.find((r) => r.currency_id === usdtId)!.available,
    );
    expect(books.account.balanceRows()).toEqual(await balanceReader(new Balances(s.db), s.app.market)(userId));
    expect(books.take().versionMismatch).toBe(false);
    feed.close();
  });
});
