/**
 * A simulated app's private channel: a socket signed in as one user that keeps the channel's
 * state as the worker does (the `auth` snapshot, then each message applied in `seq` order; a gap
 * or a reconnection reads the snapshot again). At a checkpoint its state must equal the server's
 * snapshot, and nothing it ever received may belong to another user.
 */
import { io, type Socket } from 'socket.io-client';
import type {
  AuthAck,
  BalanceRow,
  ClientToServerEvents,
  OrderItem,
  PositionItem,
  PrivateSnapshot,
  ServerToClientEvents,
  TopicMessage,
  UserMessage,
} from '../../domain/protocol';
import { isOk, type Http } from './http';
import type { SimUser } from './types';
import { keepSignedIn, sentBy } from './session';
import type { World } from './world';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface ChannelState {
  seq: number;
  userId: number;
  balances: Map<string, BalanceRow>;
  orders: Map<string, OrderItem>;
  positions: Map<string, PositionItem>;
  unread: number;
}

const itemKey = (item: { product: string; id: number }) => `${item.product}:${item.id}`;
const balanceKey = (row: BalanceRow) => `${row.account}:${row.currency_id}`;

function fromSnapshot(snapshot: PrivateSnapshot): ChannelState {
  const d = snapshot.data;
  return {
    seq: snapshot.seq,
    userId: d.session.user_id,
    balances: new Map(d.balances.map((r) => [balanceKey(r), r])),
    orders: new Map(d.orders.filter((o) => o.open).map((o) => [itemKey(o), o])),
    positions: new Map(d.positions.filter((p) => p.open).map((p) => [itemKey(p), p])),
    unread: d.notifications.unread,
  };
}

/** Tables that say whose an order or position is, by product (the ownership check). */
const OWNER_TABLES: Record<string, string> = {
  futures: 'futures_trades',
  spot: 'spot_orders',
  options: 'options_orders',
};

export class ChannelWatcher {
  private socket: ClientSocket | null = null;
  private state: ChannelState | null = null;
  /** Every order and position id this socket was ever sent, by product, for the ownership check. */
  readonly seen = new Map<string, Set<number>>();
  resyncs = 0;
  private problems: string[] = [];

  constructor(
    readonly user: SimUser,
    private readonly world: World,
    private readonly http: Http,
  ) {}

  get connected(): boolean {
    return this.socket?.connected === true;
  }

  /** Connects to the world's current node and signs in; the `auth` answer carries the snapshot. */
  async connect(): Promise<void> {
    this.disconnect();
    await this.signedIn();
    const socket: ClientSocket = io(this.world.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
    this.socket = socket;
    socket.on('m', (m) => this.onMessage(m));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ack = await new Promise<AuthAck>((resolve) => socket.emit('auth', { token: this.user.token }, resolve));
    if (!ack.ok) throw new Error(`user ${this.user.id}: the channel refused the session`);
    this.load(ack.snapshot);
  }

  disconnect(): void {
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
  }

  /** Problems seen since the last call (a message for someone else, a malformed message). */
  takeProblems(): string[] {
    const out = this.problems;
    this.problems = [];
    return out;
  }

  private load(snapshot: PrivateSnapshot): void {
    this.state = fromSnapshot(snapshot);
    if (this.state.userId !== this.user.id) this.problems.push(`user ${this.user.id} was sent the channel of user ${this.state.userId}`);
    for (const item of [...snapshot.data.orders, ...snapshot.data.positions]) this.remember(item);
  }

  private remember(item: { product: string; id: number }): void {
    let ids = this.seen.get(item.product);
    if (!ids) this.seen.set(item.product, (ids = new Set()));
    ids.add(item.id);
  }

  private onMessage(m: TopicMessage | UserMessage): void {
    if (m.topic !== 'user' || !this.state) return;
    const message = m as UserMessage;
    if (message.seq <= this.state.seq) return;
    if (message.seq !== this.state.seq + 1) {
      void this.resync();
      return;
    }
    this.state.seq = message.seq;
    switch (message.kind) {
      case 'balances':
        for (const row of message.data) this.state.balances.set(balanceKey(row), row);
        break;
      case 'orders':
        for (const o of message.data) {
          this.remember(o);
          if (o.open) this.state.orders.set(itemKey(o), o);
          else this.state.orders.delete(itemKey(o));
        }
        break;
      case 'positions':
        for (const p of message.data) {
          this.remember(p);
          if (p.open) this.state.positions.set(itemKey(p), p);
          else this.state.positions.delete(itemKey(p));
        }
        break;
      case 'notifications':
        this.state.unread = message.data.unread;
        break;
      default:
        break;
    }
  }

  /** Reads the snapshot over REST, as the worker does after a gap. */
  /** The user signs in again first if their session would have ended (tests/sim/session.ts). */
  private async signedIn(): Promise<void> {
    await keepSignedIn(this.user, this.http, this.world.clock.now());
    // Each caller sends a request with the session next (the snapshot, or the socket's auth).
    sentBy(this.user, this.world.clock.now());
  }

  private async resync(): Promise<void> {
    this.resyncs++;
    await this.signedIn();
    const answer = await this.http.call<PrivateSnapshot>(
      '/user/channel/snapshot',
      {},
      { token: this.user.token, method: 'GET', ip: this.user.ip },
    );
    if (isOk(answer) && (!this.state || answer.body.message.seq >= this.state.seq)) this.load(answer.body.message);
  }

  /**
   * Compares this channel's state with the server's snapshot once the socket has caught up with
   * it (waiting for messages in flight); answers the differences as sentences.
   */
  async compare(): Promise<string[]> {
    if (!this.connected) await this.connect();
    for (let attempt = 0; attempt < 5; attempt++) {
      await this.signedIn();
      const answer = await this.http.call<PrivateSnapshot>(
        '/user/channel/snapshot',
        {},
        { token: this.user.token, method: 'GET', ip: this.user.ip },
      );
      if (!isOk(answer)) return [`user ${this.user.id}: the channel snapshot was refused (${answer.status})`];
      const server = fromSnapshot(answer.body.message);
      // Messages the snapshot counts may still be on their way to the socket.
      for (let wait = 0; wait < 100 && (this.state?.seq ?? 0) < server.seq; wait++) await new Promise((r) => setTimeout(r, 20));
      const mine = this.state!;
      if (mine.seq > server.seq) continue;
      if (mine.seq < server.seq) return [`user ${this.user.id}: the socket never reached seq ${server.seq} (stuck at ${mine.seq})`];
      return diff(this.user.id, mine, server);
    }
    return [`user ${this.user.id}: the channel kept moving while it was compared`];
  }

  /** Order and position ids this socket was sent that belong to someone else. */
  async foreignItems(query: <T>(sql: string, params?: (string | number)[]) => Promise<T[]>): Promise<string[]> {
    const found: string[] = [];
    for (const [product, ids] of this.seen) {
      const table = OWNER_TABLES[product];
      if (!table || ids.size === 0) continue;
      const rows = await query<{ id: string }>(`SELECT id::text FROM ${table} WHERE id = ANY($1::bigint[]) AND user_id <> $2`, [
        `{${[...ids].join(',')}}`,
        this.user.id,
      ]);
      for (const r of rows) found.push(`user ${this.user.id} was sent ${product} ${r.id}, which is another user's`);
    }
    return found;
  }
}

function diff(userId: number, mine: ChannelState, server: ChannelState): string[] {
  const out: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const maps: [string, Map<string, unknown>, Map<string, unknown>][] = [
    ['balance', mine.balances, server.balances],
    ['order', mine.orders, server.orders],
    ['position', mine.positions, server.positions],
  ];
  for (const [what, a, b] of maps) {
    for (const [key, value] of b) {
      if (!a.has(key)) out.push(`user ${userId}: the channel lacks ${what} ${key}`);
      else if (!same(a.get(key), value))
        out.push(`user ${userId}: ${what} ${key} is ${JSON.stringify(a.get(key))} on the channel, ${JSON.stringify(value)} on the server`);
    }
    for (const key of a.keys())
      if (!b.has(key)) out.push(`user ${userId}: the channel still shows ${what} ${key}, which the server does not`);
  }
  if (mine.unread !== server.unread)
    out.push(`user ${userId}: ${mine.unread} unread notifications on the channel, ${server.unread} on the server`);
  return out;
}
