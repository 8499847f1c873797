/**
 * Two nodes on one PostgreSQL database and one Redis (first fault test): node A is a
 * real `server/main.ts` process, started first so it leads; node B runs in this process and
 * follows. Clients on both get every tick and the same book; private messages reach their own
 * user on whichever node; then A is killed (SIGKILL, no goodbye) and B takes the market and the
 * engines over, and an option placed before the kill settles exactly once. Prints what it saw.
 *
 * PostgreSQL only (the advisory lock and a second process need a real server); CI runs the suite
 * there with Redis on 127.0.0.1:6379 (TEST_REDIS_URL overrides).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DepthBook, Ticker } from '../../domain/market/types';
import type { SubscribeAck, TopicMessage, UserMessage } from '../../domain/protocol';
import type { OptionOrder } from '../../domain/options/types';
import { systemClock } from '../../server/clock';
import { openCluster, type Cluster } from '../../server/platform/cluster/openCluster';
import { AdvisoryLockLeadership } from '../../server/platform/leadership';
import { openTestDatabase, type TestDatabase } from './database';
import { startServer, type ClientSocket, type TestServer } from './harness';
import { until } from './poll';
import type { AuditReport } from '../../domain/audit/types';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const base = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const SYMBOL = 'BTC/USDT';

/** A client's copy of one pair's book and its quotes, kept from snapshots and messages like the worker's. */
class ClientBook {
  bids = new Map<string, string>();
  asks = new Map<string, string>();
  price: string | null = null;
  lastTs = 0;
  gaps = 0;
  /** What each gap was (topic, the last number and the one that came), so a red run says. */
  readonly gapLog: string[] = [];
  updates = 0;
  private seqs = new Map<string, number>();

  constructor(readonly socket: ClientSocket) {
    socket.on('disconnect', (reason) => this.gapLog.push(`disconnected (${reason}) at ${new Date().toISOString()}`));
    socket.on('m', (raw) => {
      const m = raw as TopicMessage;
      if (m.topic === 'user') return;
      const last = this.seqs.get(m.topic);
      if (last !== undefined && m.seq <= last) return;
      if (last !== undefined && m.seq !== last + 1) {
        // A lost message: resync from a fresh snapshot, as the worker does (docs/PROTOCOL.md); the
        // snapshot replaces what the messages until its answer built.
        this.gaps += 1;
        this.gapLog.push(`${m.topic} ${m.kind}: after ${last} came ${m.seq} at ${new Date().toISOString()} (socket ${this.socket.id})`);
        void this.subscribe();
      }
      this.seqs.set(m.topic, m.seq);
      this.updates += 1;
      if (m.kind === 'depth') this.apply(m.data);
      if (m.kind === 'quotes') this.quote(m.data);
    });
  }

  /**
   * Subscribes and takes the snapshots in the ack callback itself, not after an `await`: the
   * client's `ws` emits every frame of one read in the same tick, so message `n + 1` can run
   * before an `await`'s continuation would, and the snapshot at `n` would then set the sequence
   * back under it (a gap of one that never was).
   */
  subscribe(): Promise<void> {
    return new Promise<void>((resolve) =>
      this.socket.emit('sub', [`depth:${SYMBOL}`, 'quotes'], (ack: SubscribeAck) => {
        for (const snap of ack.snapshots) {
          this.seqs.set(snap.topic, snap.seq);
          if (snap.kind === 'depth') {
            this.bids.clear();
            this.asks.clear();
            this.apply(snap.data as DepthBook);
          } else this.quote(snap.data as Ticker[]);
        }
        resolve();
      }),
    );
  }

  key(): string {
    const side = (m: Map<string, string>) => [...m].sort((a, b) => Number(a[0]) - Number(b[0])).join(';');
    return `${side(this.bids)}|${side(this.asks)}`;
  }

  private apply(book: Pick<DepthBook, 'bids' | 'asks'>): void {
    for (const [price, qty] of book.bids)
      if (Number(qty) === 0) this.bids.delete(price);
      else this.bids.set(price, qty);
    for (const [price, qty] of book.asks)
      if (Number(qty) === 0) this.asks.delete(price);
      else this.asks.set(price, qty);
  }

  private quote(tickers: Ticker[]): void {
    const t = tickers.find((x) => x.symbol === SYMBOL);
    if (t) {
      this.price = t.price;
      this.lastTs = t.ts;
    }
  }
}

/** `server/main.ts` as its own process; resolves with its URL once it listens. */
async function startNodeProcess(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string; output: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`node A did not start:\n${output.join('')}`)), 5 * 60_000);
    const read = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = output.join('').match(/Kestrel is running at (http:\/\/127\.0\.0\.1:\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`node A exited (${code}):\n${output.join('')}`)));
  });
  return { child, url, output };
}

describe.runIf(base)('two nodes on PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let cluster: Cluster;
  let nodeA: { child: ChildProcess; url: string; output: string[] };
  let b: TestServer;
  let dataA: string;
  const namespace = `test-${randomBytes(4).toString('hex')}:`;
  const sockets: ClientSocket[] = [];

  const connect = async (url: string): Promise<ClientSocket> => {
    const socket: ClientSocket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const auth = (socket: ClientSocket, token: string) =>
    new Promise<{ ok: boolean }>((resolve) => socket.emit('auth', { token }, resolve as never));

  beforeAll(async () => {
    database = await openTestDatabase(inject('templatePath'));
    dataA = await mkdtemp(path.join(tmpdir(), 'kestrel-node-a-'));
    nodeA = await startNodeProcess({
      ...process.env,
      DATABASE_URL: database.url!,
      REDIS_URL: redisUrl,
      REDIS_NAMESPACE: namespace,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataA,
      MARKET_HISTORY_DAYS: '1',
      MARKET_HZ: '10',
      SEED: 'test',
      DEV_OUTBOX: '1',
      TRUST_PROXY: '1',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
    });
    cluster = await openCluster(redisUrl, systemClock, quiet, namespace);
    b = await startServer({
      db: database.db,
      clock: systemClock,
      leadership: (log) => new AdvisoryLockLeadership(database.url!, systemClock, log),
      cluster: cluster.parts,
      socketAdapter: cluster.socketAdapter,
    });
  }, 6 * 60_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    nodeA?.child.kill('SIGKILL');
    await b?.close();
    await cluster?.close();
    await database?.dispose();
    await rm(dataA, { recursive: true, force: true });
  });

  it('node A leads and node B follows', () => {
    expect(b.app.isLeader()).toBe(false);
  });

  it('gives a client on either node every tick and the same book', async () => {
    const onA = new ClientBook(await connect(nodeA.url));
    const onB = new ClientBook(await connect(b.url));
    await onA.subscribe();
    await onB.subscribe();
    // Both books are kept from their own node's snapshot and updates; between two ticks they agree.
    await until(() => onA.updates > 20 && onB.updates > 20, 'a few seconds of updates on both');
    const started = Date.now();
    await until(() => onA.lastTs > 0 && onA.lastTs === onB.lastTs && onA.key() === onB.key(), 'the two books to agree');
    // And node B's own copy (what it answers a new subscriber) is the leader's too.
    await until(() => {
      const server = b.app.market.depth(SYMBOL)!;
      const copy = new ClientBook(onB.socket);
      copy.bids = new Map(server.bids);
      copy.asks = new Map(server.asks);
      return copy.key() === onB.key();
    }, 'node B to hold the book its clients hold');
    console.log(
      `cluster: books on A and B agree after ${Date.now() - started} ms; ${onA.bids.size + onA.asks.size} levels; sequence gaps A ${onA.gaps}, B ${onB.gaps}`,
    );
    // Each node numbers its own public messages, so a client on either sees no gap: the relay's
    // missed ticks are the node's business (it asks the leader for the whole market), not its clients'.
    expect(onA.gaps + onB.gaps, [...onA.gapLog, ...onB.gapLog].join('\n')).toBe(0);
  });

  it('sends each private message to its own user, on whichever node the user is', async () => {
    const alice = await b.signUp();
    const bob = await b.signUp();
    const aliceOnA = await connect(nodeA.url);
    const bobOnB = await connect(b.url);
    expect((await auth(aliceOnA, alice.token)).ok).toBe(true);
    expect((await auth(bobOnB, bob.token)).ok).toBe(true);
    const seen = { alice: [] as UserMessage[], bob: [] as UserMessage[] };
    aliceOnA.on('m', (m) => (m as UserMessage).topic === 'user' && seen.alice.push(m as UserMessage));
    bobOnB.on('m', (m) => (m as UserMessage).topic === 'user' && seen.bob.push(m as UserMessage));

    // Served by node B, Alice's credit reaches her socket on node A, and nothing of it reaches Bob.
    const credit = await b.ops('/credit', { user: alice.email, account: 'micro', currency: 'USDT', amount: '500', reason: 'cluster test' });
    expect(credit.body.type).toBe('ok');
    await until(() => seen.alice.some((m) => m.kind === 'balances'), 'Alice’s balance on node A');
    // Bob's credit, served by node A this time, reaches his socket on node B.
    const tokenA = (await readFile(path.join(dataA, 'ops.token'), 'utf8')).trim();
    const res = await fetch(`${nodeA.url}/ops/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-token': tokenA },
      body: JSON.stringify({ user: bob.email, account: 'micro', currency: 'USDT', amount: '300', reason: 'cluster test' }),
    });
    expect(res.status).toBe(200);
    await until(() => seen.bob.some((m) => m.kind === 'balances'), 'Bob’s balance on node B');
    const leaked = JSON.stringify(seen.bob).includes('"500') || JSON.stringify(seen.alice).includes('"300');
    console.log(`cluster: private messages — Alice (node A) ${seen.alice.length}, Bob (node B) ${seen.bob.length}, crossed: ${leaked}`);
    expect(leaked).toBe(false);
  });

  it('survives the leader’s death: node B takes over, ticks go on, an option settles exactly once', async () => {
    const carol = await b.signUp();
    expect(
      (await b.ops('/credit', { user: carol.email, account: 'micro', currency: 'USDT', amount: '1000', reason: 'cluster test' })).body.type,
    ).toBe('ok');
    const placed = await b.call(
      '/microtrade/submit',
      {
        match_id: String(b.app.market.pairBySymbol(SYMBOL)!.id),
        currency_id: String(b.app.market.currencies.find((c) => c.name === 'USDT')!.id),
        type: 'up',
        seconds: '30',
        number: '100',
      },
      { token: carol.token },
    );
    expect(placed.body.type, String(placed.body.message)).toBe('ok');
    const order = placed.body.message as OptionOrder;

    const watcher = new ClientBook(await connect(b.url));
    await watcher.subscribe();
    const killedAt = Date.now();
    nodeA.child.kill('SIGKILL');
    await until(() => b.app.isLeader(), 'node B to lead', 60_000);
    const takeover = Date.now() - killedAt;
    // Node B's own market now ticks: its clients see prices newer than the kill.
    await until(() => watcher.lastTs > Date.now() - 1_000 && watcher.lastTs > killedAt, 'ticks from the new leader');
    // The watcher's node never changed: its sequence runs on through the takeover.
    expect(watcher.gaps, watcher.gapLog.join('\n')).toBe(0);
    const settled = await until(
      async () => {
        const res = await b.call('/microtrade/get_result', { id: String(order.id) }, { token: carol.token, method: 'GET' });
        const o = res.body.message as OptionOrder;
        return o.status === 'settled' ? o : null;
      },
      'the option to settle',
      120_000,
    );
    const [ops] = await database.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ledger_ops o JOIN journal j ON j.op_id = o.id
       WHERE o.kind = 'options_settle' AND j.ref_type = 'options' AND j.ref_id = $1 AND j.user_id IS NOT NULL`,
      [order.id],
    );
    console.log(
      `cluster: leader killed; node B led after ${takeover} ms; option ${order.id} settled once at ${settled.close_price} (decided by ${settled.decided_by}) (${ops!.n} settlement)`,
    );
    expect(Number(ops!.n)).toBe(1);
    const audit = await b.ops('/audit');
    expect(audit.body.type).toBe('ok');
    // Each mismatch with its auditor and detail, so a red run says what differed.
    const report = audit.body.message as AuditReport;
    expect(report.sections.flatMap((section) => section.mismatches)).toEqual([]);
    expect(report.mismatches).toBe(0);
  });
});
