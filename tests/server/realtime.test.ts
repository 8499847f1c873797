import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepthBook, Ticker } from '../../domain/market/types';
import { topics, type SubscribeAck, type TopicMessage, type TopicSnapshot, type UserMessage } from '../../domain/protocol';
import { ManualClock } from '../../server/clock';
import { applyDepthDelta, createBook, readBook } from '../../worker/books/applyDepthDelta';
import { Feed } from '../../worker/feed/Feed';
import type { FeedStatus } from '../../worker/MarketBooks';
import { nextMessage, startServer, type ClientSocket, type TestServer } from './harness';

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

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
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
    expect(bids).toHaveLength(20);
    expect(asks).toHaveLength(20);
    expect(Number(bids[0]![0])).toBeLessThan(Number(asks[0]![0]));
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
    expect((await socket.timeout(5000).emitWithAck('auth', { token: user.token })).ok).toBe(true);
    const revoked = nextMessage<UserMessage>(socket, (m: UserMessage) => m.topic === 'user' && m.kind === 'session');
    await s.call('/user/logout', {}, { token: user.token, method: 'GET' });
    expect(await revoked).toMatchObject({ topic: 'user', kind: 'session', data: { event: 'revoked' } });
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
      user: () => undefined,
      status: (x) => statuses.push(x),
      dropped: () => undefined,
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
