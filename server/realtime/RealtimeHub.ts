import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import {
  CONNECT_TIMEOUT_MS,
  MAX_TOPICS_PER_SOCKET,
  PROTOCOL_VERSION,
  SOCKET_PATH,
  parseTopic,
  type AuthAck,
  type ClientToServerEvents,
  type PrivateKind,
  type PrivatePayloads,
  type PrivateSnapshot,
  type ServerToClientEvents,
  type SubscribeAck,
  type TopicKind,
  type TopicMessage,
  type TopicPayloads,
  type ParsedTopic,
  type TopicSnapshot,
  topics,
} from '../../domain/protocol';
import type { Clock } from '../clock';
import type { SessionStore } from '../auth/SessionStore';
import type { MarketSource, MarketTick } from '../market/MarketSource';
import { UserChannel, type UpdateOrLoader } from './UserChannel';
import type { UserSequences } from './UserSequences';
import type { ClusterBus } from '../platform/cluster/ClusterBus';

/** Bus channels: a public topic event raised on one node, and ended sessions. */
const TOPIC_EVENT = 'hub:topic';
const SESSIONS_REVOKED = 'hub:sessions-revoked';

/** The market's topic kinds, served by the hub itself from the market source. */
type MarketKind = 'quotes' | 'depth' | 'trades' | 'kline';
/** Topic kinds an area serves (an NFT auction's bids, a chat room), through the provider it registers. */
export type AreaTopicKind = Exclude<TopicKind, MarketKind>;
type ParsedOf<K extends TopicKind> = Extract<ParsedTopic, { kind: K }>;

/**
 * How an area serves its public topic kind (`hub.provideTopic`): the state a subscriber starts
 * from, and optionally what it does with an update raised on any node (kept for later snapshots)
 * and with a change in how many of this node's sockets listen.
 */
export interface TopicProvider<K extends AreaTopicKind> {
  /** The topic's current state (`online`: this node's sockets on it, the newcomer counted); null refuses the subscription. */
  snapshot(topic: ParsedOf<K>, online: number): TopicPayloads[K]['snapshot'] | null;
  /** An update published on any node, before this node sends it on (the bus delivers this node's own too). */
  received?(data: TopicPayloads[K]['update']): void;
  /** This node's sockets on the topic went up or down (a subscribe, an unsubscribe, a disconnect). */
  membersChanged?(topic: ParsedOf<K>, online: number): void;
}
type AreaTopicProviders = { [K in AreaTopicKind]?: TopicProvider<K> };

/** A public topic event relayed to every node (raised by whichever node served the request). */
interface TopicEvent {
  topic: string;
  kind: AreaTopicKind;
  data: TopicPayloads[AreaTopicKind]['update'];
}

const MAX_TOPIC_LENGTH = 64;
/** The area topics a disconnecting socket was on, kept until it has left them. */
const areaTopicsOf = new WeakMap<object, string[]>();

interface SocketData {
  userId?: number;
  sessionId?: number;
  topicCount: number;
  /** Counts `auth` events, so an older one that finishes late changes nothing. */
  authAttempt: number;
}

/** Kinds whose snapshot another area provides (the session part is the hub's own). */
export type ProvidedKind = Exclude<PrivateKind, 'session'>;
/** Reads one private kind's current state for a user. */
export type SnapshotProvider<K extends ProvidedKind> = (userId: number) => Promise<PrivatePayloads[K]['snapshot']>;
type Providers = { [K in ProvidedKind]: SnapshotProvider<K> };

/** Which balance changed: the hub reads its committed value when it publishes. */
export interface BalanceKey {
  account: number;
  currency_id: number;
}

type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

function userRoom(userId: number): string {
  return `user:${userId}`;
}

/** Reads a `sub`/`unsub` payload: one topic name or a list of them; anything else is empty. */
function readTopicList(payload: unknown): string[] {
  const list = Array.isArray(payload) ? payload : [payload];
  return list
    .filter((t): t is string => typeof t === 'string' && t.length > 0 && t.length <= MAX_TOPIC_LENGTH)
    .slice(0, MAX_TOPICS_PER_SOCKET);
}

/** The acknowledgement callback, if the client sent one (a hostile client may not). */
function ackOf<A>(ack: unknown): ((answer: A) => void) | null {
  return typeof ack === 'function' ? (ack as (answer: A) => void) : null;
}

/**
 * The socket.io side: topic subscriptions with per-topic sequence numbers, snapshots for
 * subscribe and resync, and the private `user:<id>` room joined only with a valid token.
 *
 * The private channel numbers each user's messages through `UserSequences` (durable by
 * default), in the user's queue on this node (`UserChannel`): a publish, an `auth` snapshot, a
 * REST snapshot and a revocation run one at a time, so messages leave in `seq` order and a
 * snapshot at `seq = n` is always followed by message `n + 1`.
 */
export class RealtimeHub {
  readonly io: AppServer;
  private readonly seqs = new Map<string, number>();
  private readonly channel: UserChannel;
  private readonly providers: Providers = {
    balances: async () => [],
    notifications: async () => ({ unread: 0, recent: [] }),
    orders: async () => [],
    positions: async () => [],
    support: async () => ({ unread: 0, recent: [] }),
  };
  private readonly stopMarket: () => void;
  private readonly stopSessions: () => void;
  /** The areas' topic kinds: a kind nobody provides is refused. */
  private readonly topicProviders: AreaTopicProviders = {};
  private readonly stopBus: (() => void)[] = [];

  constructor(
    httpServer: HttpServer,
    private readonly market: MarketSource,
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
    sequences: UserSequences,
    /**
     * Where rooms live: socket.io's in-process adapter by default; a shared one (Redis streams)
     * makes `io.to(user:<id>)` reach the user's sockets on every node. Public topics never go
     * through it: every node publishes them to its own sockets from its own copy of the market
     * (relayed by `MarketRelay`) and from the `bus`'s topic events, each with its own `seq`.
     */
    private readonly rooms: { adapter?: ServerOptions['adapter']; bus?: ClusterBus } = {},
  ) {
    this.io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
      ...(rooms.adapter ? { adapter: rooms.adapter } : {}),
      path: SOCKET_PATH,
      serveClient: false,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Clients only send topic names and a token.
      maxHttpBufferSize: 16 * 1024,
    });
    this.channel = new UserChannel(sequences, (userId, message) => this.io.to(userRoom(userId)).emit('m', message));
    this.io.on('connection', (socket: AppSocket) => this.accept(socket));
    this.stopMarket = market.onTick((tick) => this.publishTick(tick));
    const bus = rooms.bus?.shared ? rooms.bus : null;
    if (bus) {
      // A revocation made on any node takes the sessions' sockets on every node off the channel.
      this.stopSessions = sessions.onRevoke((ids) => bus.publish(SESSIONS_REVOKED, ids));
      this.stopBus.push(
        bus.subscribe(SESSIONS_REVOKED, (ids) => {
          if (!Array.isArray(ids)) return;
          const ended = ids.filter((id): id is number => Number.isInteger(id));
          // This node may trust those sessions from a read made before they ended.
          this.sessions.forget(ended);
          this.dropSessions(ended);
        }),
        bus.subscribe(TOPIC_EVENT, (event) => this.receiveTopicEvent(event as TopicEvent)),
      );
    } else {
      this.stopSessions = sessions.onRevoke((ids) => this.dropSessions(ids));
    }
  }

  /** The current state of a public topic and its sequence number; null for an unknown topic. */
  snapshot(topic: string): TopicSnapshot | null {
    const parsed = parseTopic(topic);
    if (!parsed) return null;
    const seq = this.seqs.get(topic) ?? 0;
    if (parsed.kind === 'quotes') return { topic, kind: 'quotes', seq, data: this.market.tickers() };
    if (parsed.kind !== 'depth' && parsed.kind !== 'trades' && parsed.kind !== 'kline') {
      const provider = this.topicProviders[parsed.kind] as TopicProvider<AreaTopicKind> | undefined;
      const data = provider?.snapshot(parsed as never, this.roomSize(topic)) ?? null;
      return data === null ? null : ({ topic, kind: parsed.kind, seq, data } as TopicSnapshot);
    }
    if (!this.market.pairBySymbol(parsed.symbol)) return null;
    switch (parsed.kind) {
      case 'depth':
        return { topic, kind: 'depth', seq, data: this.market.depth(parsed.symbol)! };
      case 'trades':
        return { topic, kind: 'trades', seq, data: this.market.trades(parsed.symbol)! };
      case 'kline': {
        const bar = this.market.currentBar(parsed.symbol, parsed.period);
        return { topic, kind: 'kline', seq, data: bar ? [bar] : [] };
      }
    }
  }

  /**
   * Sets where a private kind's snapshot comes from (the area that owns the data registers
   * it). Until then the kind's snapshot is empty: no balances, no notifications, no orders.
   * `orders` and `positions` are shared by the trading areas (each item names its `product`):
   * every area registers its own provider and the snapshot holds all of their items.
   */
  provideSnapshot<K extends ProvidedKind>(kind: K, provider: SnapshotProvider<K>): void {
    if (kind === 'orders' || kind === 'positions') {
      const shared = kind as 'orders' | 'positions';
      const before = this.providers[shared];
      const added = provider as SnapshotProvider<typeof shared>;
      const merged: SnapshotProvider<typeof shared> = async (userId) => {
        const [a, b] = await Promise.all([before(userId), added(userId)]);
        return [...a, ...b];
      };
      (this.providers as Record<string, unknown>)[shared] = merged;
      return;
    }
    (this.providers as Record<K, SnapshotProvider<K>>)[kind] = provider;
  }

  /**
   * Serves an area's public topic kind (the NFT area's `auction`, the chat's `chat`): its
   * snapshots, and what it hears of updates and of listeners. One provider per kind.
   */
  provideTopic<K extends AreaTopicKind>(kind: K, provider: TopicProvider<K>): void {
    if (this.topicProviders[kind]) throw new Error(`topic kind ${kind} is provided twice`);
    (this.topicProviders as Record<string, unknown>)[kind] = provider;
  }

  /**
   * Sends an update to everyone on an area's topic, on every node (through the bus when the
   * deployment has several). Call it once the change it announces has committed.
   */
  publishTopic<K extends AreaTopicKind>(topic: string, kind: K, data: TopicPayloads[K]['update']): void {
    const event: TopicEvent = { topic, kind, data };
    const bus = this.rooms.bus?.shared ? this.rooms.bus : null;
    if (bus) bus.publish(TOPIC_EVENT, event);
    else this.receiveTopicEvent(event);
  }

  /** How many sockets of this node are on `topic` (a chat room's online count). */
  online(topic: string): number {
    return this.roomSize(topic);
  }

  /** A topic event from the bus (this node's own included), or raised here without one. */
  private receiveTopicEvent(event: TopicEvent): void {
    const parsed = typeof event?.topic === 'string' ? parseTopic(event.topic) : null;
    if (!parsed || parsed.kind !== event.kind) return;
    const provider = this.topicProviders[event.kind] as TopicProvider<AreaTopicKind> | undefined;
    if (!provider) return;
    provider.received?.(event.data);
    this.publish(event.topic, event.kind, event.data as never);
  }

  /** How many sockets of this node are subscribed to `topic`. */
  private roomSize(topic: string): number {
    return this.io.sockets.adapter.rooms.get(topic)?.size ?? 0;
  }

  /** Tells an area's provider its topic's listeners changed, if it asked to hear it. */
  private membersChanged(topic: string): void {
    const parsed = parseTopic(topic);
    if (!parsed || !(parsed.kind in this.topicProviders)) return;
    const provider = this.topicProviders[parsed.kind as AreaTopicKind] as TopicProvider<AreaTopicKind>;
    provider.membersChanged?.(parsed as never, this.roomSize(topic));
  }

  /** Whether listeners of `topic` matter to its provider (so a leaving socket's topics are kept for the recount). */
  private countsMembers(topic: string): boolean {
    const parsed = parseTopic(topic);
    return !!parsed && !!(this.topicProviders[parsed.kind as AreaTopicKind] as TopicProvider<AreaTopicKind> | undefined)?.membersChanged;
  }

  /** The user's private channel at its current `seq`: the next message has `seq + 1`. */
  privateSnapshot(userId: number): Promise<PrivateSnapshot> {
    return this.channel.inQueue(userId, () => this.readPrivate(userId));
  }

  /**
   * Sends a message on a user's private channel, numbered with the user's next `seq`; resolves
   * with that number. Call it once the change it announces has committed (`q.afterCommit`).
   * `data` may be a function: it then runs in the user's queue, right before the message is
   * numbered, so it reads committed state in order (a later message never carries older values
   * than an earlier one); when it answers null nothing is sent and null is resolved.
   */
  publishToUser<K extends PrivateKind>(userId: number, kind: K, data: UpdateOrLoader<K>): Promise<number | null> {
    return this.channel.publish(userId, kind, data);
  }

  /**
   * Announces that these balances of the user changed: one `balances` message with their
   * committed values, read when the message is numbered. The ledger's own changes do not need
   * it: they carry their values and journal rows and are published as they are (realtime plugin).
   */
  publishBalances(userId: number, changed: readonly BalanceKey[]): Promise<number | null> {
    const wanted = new Set(changed.map((k) => `${k.account}:${k.currency_id}`));
    return this.publishToUser(userId, 'balances', async () => {
      const rows = (await this.providers.balances(userId)).filter((r) => wanted.has(`${r.account}:${r.currency_id}`));
      return rows.length ? rows : null;
    });
  }

  /**
   * Disconnects every client and lets the private messages already under way finish (they
   * still count their `seq`), so the database can be closed after it. The HTTP server itself is
   * closed by its owner (Fastify).
   */
  async close(): Promise<void> {
    this.stopMarket();
    this.stopSessions();
    for (const stop of this.stopBus) stop();
    this.io.disconnectSockets(true);
    this.io.engine.close();
    await this.channel.close();
  }

  /** Reads the sequence number first, then the data: whatever was announced up to `seq` is in the data. */
  private async readPrivate(userId: number): Promise<PrivateSnapshot> {
    const seq = await this.channel.sequences.current(userId);
    const p = this.providers;
    const [balances, notifications, orders, positions, support] = await Promise.all([
      p.balances(userId),
      p.notifications(userId),
      p.orders(userId),
      p.positions(userId),
      p.support(userId),
    ]);
    return { topic: 'user', seq, data: { session: { user_id: userId }, balances, notifications, orders, positions, support } };
  }

  private accept(socket: AppSocket): void {
    socket.data.topicCount = 0;
    socket.data.authAttempt = 0;
    socket.emit('hello', { version: PROTOCOL_VERSION, serverTime: this.clock.now() });

    socket.on('sub', (payload: unknown, rawAck: unknown) => {
      const ack = ackOf<SubscribeAck>(rawAck);
      const answer: SubscribeAck = { ok: true, snapshots: [], rejected: [] };
      for (const topic of readTopicList(payload)) {
        const snap = this.snapshot(topic);
        if (!snap || (!socket.rooms.has(topic) && socket.data.topicCount >= MAX_TOPICS_PER_SOCKET)) {
          answer.rejected.push(topic);
          continue;
        }
        if (!socket.rooms.has(topic)) {
          void socket.join(topic);
          socket.data.topicCount += 1;
          if (this.countsMembers(topic)) {
            // The snapshot counts the newcomer; the others hear the new count.
            answer.snapshots.push(this.snapshot(topic) ?? snap);
            this.membersChanged(topic);
            continue;
          }
        }
        answer.snapshots.push(snap);
      }
      answer.ok = answer.rejected.length === 0;
      ack?.(answer);
    });

    socket.on('unsub', (payload: unknown, rawAck: unknown) => {
      for (const topic of readTopicList(payload)) {
        if (topic.startsWith('user:') || !socket.rooms.has(topic)) continue;
        void socket.leave(topic);
        socket.data.topicCount -= 1;
        this.membersChanged(topic);
      }
      ackOf<{ ok: boolean }>(rawAck)?.({ ok: true });
    });

    socket.on('disconnect', () => {
      // socket.io has taken the socket out of its rooms by now: recount the topics it was on.
      for (const topic of areaTopicsOf.get(socket) ?? []) this.membersChanged(topic);
      areaTopicsOf.delete(socket);
    });
    socket.on('disconnecting', () => {
      areaTopicsOf.set(
        socket,
        [...socket.rooms].filter((r) => this.countsMembers(r)),
      );
    });

    socket.on('auth', (payload: unknown, rawAck: unknown) => {
      const ack = ackOf<AuthAck>(rawAck);
      const token = payload && typeof payload === 'object' ? (payload as { token?: unknown }).token : undefined;
      const attempt = ++socket.data.authAttempt;
      const current = () => attempt === socket.data.authAttempt && socket.connected;
      void (async () => {
        const user = typeof token === 'string' && token.length <= 128 ? await this.sessions.authenticate(token) : null;
        if (!current()) return ack?.({ ok: false });
        if (socket.data.userId !== undefined) void socket.leave(userRoom(socket.data.userId));
        socket.data.userId = user?.id;
        socket.data.sessionId = user?.sessionId;
        if (!user) return ack?.({ ok: false });
        // Join, read the snapshot and answer in the user's queue: no message of this user leaves
        // in between, so the next one this socket gets is exactly `snapshot.seq + 1`.
        await this.channel.inQueue(user.id, async () => {
          if (!current()) return ack?.({ ok: false });
          void socket.join(userRoom(user.id));
          const snapshot = await this.readPrivate(user.id);
          if (!current()) return ack?.({ ok: false });
          ack?.({ ok: true, snapshot });
        });
      })().catch(() => {
        // No snapshot, no channel: the client is told it is out, so the server keeps it out too.
        if (current() && socket.data.userId !== undefined) void socket.leave(userRoom(socket.data.userId));
        if (current()) socket.data.userId = socket.data.sessionId = undefined;
        ack?.({ ok: false });
      });
    });
  }

  private publish<K extends TopicKind>(topic: string, kind: K, data: TopicPayloads[K]['update']): void {
    const seq = (this.seqs.get(topic) ?? 0) + 1;
    this.seqs.set(topic, seq);
    // Public topics are per node (each node relays every event to its own sockets), so an empty
    // local room means nobody listens. The sequence advances either way so a later subscriber's
    // snapshot and the next message line up.
    if (!this.io.sockets.adapter.rooms.has(topic)) return;
    this.io.local.to(topic).emit('m', { topic, kind, seq, data } as TopicMessage);
  }

  private publishTick(tick: MarketTick): void {
    if (tick.tickers.length) this.publish(topics.quotes(), 'quotes', tick.tickers);
    for (const d of tick.depth) this.publish(topics.depth(d.symbol), 'depth', d.delta);
    for (const t of tick.trades) this.publish(topics.trades(t.symbol), 'trades', t.trades);
    for (const k of tick.klines) this.publish(topics.kline(k.symbol, k.period), 'kline', k.bars);
  }

  /**
   * Takes the sockets of ended sessions off the private channel at once, then sends them
   * `revoked` and the user's other sockets `changed`, both under one `seq`, so every socket of
   * the user keeps an unbroken count.
   */
  private dropSessions(sessionIds: number[]): void {
    const revoked = new Set(sessionIds);
    const byUser = new Map<number, AppSocket[]>();
    for (const socket of this.io.sockets.sockets.values()) {
      const { userId, sessionId } = socket.data;
      if (userId === undefined || sessionId === undefined || !revoked.has(sessionId)) continue;
      void socket.leave(userRoom(userId));
      socket.data.userId = undefined;
      socket.data.sessionId = undefined;
      byUser.set(userId, [...(byUser.get(userId) ?? []), socket]);
    }
    for (const [userId, sockets] of byUser) {
      void this.channel
        .inQueue(userId, async () => {
          const seq = await this.channel.sequences.next(userId);
          for (const socket of sockets) socket.emit('m', { topic: 'user', kind: 'session', seq, data: { event: 'revoked' } });
          this.io.to(userRoom(userId)).emit('m', { topic: 'user', kind: 'session', seq, data: { event: 'changed' } });
        })
        .catch((error: unknown) => console.error('private channel: revocation not sent', error));
    }
  }
}
