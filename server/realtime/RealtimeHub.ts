import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  CONNECT_TIMEOUT_MS,
  MAX_TOPICS_PER_SOCKET,
  PROTOCOL_VERSION,
  SOCKET_PATH,
  parseTopic,
  type AuthAck,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscribeAck,
  type TopicKind,
  type TopicMessage,
  type TopicPayloads,
  type TopicSnapshot,
  type UserMessage,
  type UserPayloads,
  topics,
} from '../../domain/protocol';
import type { Clock } from '../clock';
import type { SessionStore } from '../auth/SessionStore';
import type { MarketSource, MarketTick } from '../market/MarketSource';

const MAX_TOPIC_LENGTH = 64;

interface SocketData {
  userId?: number;
  sessionId?: number;
  topicCount: number;
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
 */
export class RealtimeHub {
  readonly io: AppServer;
  private readonly seqs = new Map<string, number>();
  private readonly userSeqs = new Map<number, number>();
  private readonly stopMarket: () => void;
  private readonly stopSessions: () => void;

  constructor(
    httpServer: HttpServer,
    private readonly market: MarketSource,
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
  ) {
    this.io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
      path: SOCKET_PATH,
      serveClient: false,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Clients only send topic names and a token.
      maxHttpBufferSize: 16 * 1024,
    });
    this.io.on('connection', (socket: AppSocket) => this.accept(socket));
    this.stopMarket = market.onTick((tick) => this.publishTick(tick));
    this.stopSessions = sessions.onRevoke((ids) => this.dropSessions(ids));
  }

  /** The current state of a public topic and its sequence number; null for an unknown topic. */
  snapshot(topic: string): TopicSnapshot | null {
    const parsed = parseTopic(topic);
    if (!parsed) return null;
    const seq = this.seqs.get(topic) ?? 0;
    if (parsed.kind === 'quotes') return { topic, kind: 'quotes', seq, data: this.market.tickers() };
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

  /** Sends a message on a user's private channel. */
  publishToUser<K extends keyof UserPayloads>(userId: number, kind: K, data: UserPayloads[K]): void {
    const seq = (this.userSeqs.get(userId) ?? 0) + 1;
    this.userSeqs.set(userId, seq);
    this.io.to(userRoom(userId)).emit('m', { topic: 'user', kind, seq, data } as UserMessage);
  }

  /** Disconnects every client; the HTTP server itself is closed by its owner (Fastify). */
  close(): void {
    this.stopMarket();
    this.stopSessions();
    this.io.disconnectSockets(true);
    this.io.engine.close();
  }

  private accept(socket: AppSocket): void {
    socket.data.topicCount = 0;
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
      }
      ackOf<{ ok: boolean }>(rawAck)?.({ ok: true });
    });

    socket.on('auth', (payload: unknown, rawAck: unknown) => {
      const ack = ackOf<AuthAck>(rawAck);
      const token = payload && typeof payload === 'object' ? (payload as { token?: unknown }).token : undefined;
      void (async () => {
        const user = typeof token === 'string' && token.length <= 128 ? await this.sessions.authenticate(token) : null;
        if (socket.data.userId !== undefined) void socket.leave(userRoom(socket.data.userId));
        socket.data.userId = user?.id;
        socket.data.sessionId = user?.sessionId;
        if (user) void socket.join(userRoom(user.id));
        ack?.({ ok: Boolean(user) });
      })().catch(() => ack?.({ ok: false }));
    });
  }

  private publish<K extends TopicKind>(topic: string, kind: K, data: TopicPayloads[K]['update']): void {
    const seq = (this.seqs.get(topic) ?? 0) + 1;
    this.seqs.set(topic, seq);
    // NOTE: one node, so an empty local room means nobody listens; the sequence still advances
    // so a later subscriber's snapshot and the next message line up.
    if (!this.io.sockets.adapter.rooms.has(topic)) return;
    this.io.to(topic).emit('m', { topic, kind, seq, data } as TopicMessage);
  }

  private publishTick(tick: MarketTick): void {
    if (tick.tickers.length) this.publish(topics.quotes(), 'quotes', tick.tickers);
    for (const d of tick.depth) this.publish(topics.depth(d.symbol), 'depth', d.delta);
    for (const t of tick.trades) this.publish(topics.trades(t.symbol), 'trades', t.trades);
    for (const k of tick.klines) this.publish(topics.kline(k.symbol, k.period), 'kline', k.bars);
  }

  private dropSessions(sessionIds: number[]): void {
    const revoked = new Set(sessionIds);
    for (const socket of this.io.sockets.sockets.values()) {
      if (socket.data.sessionId === undefined || !revoked.has(socket.data.sessionId)) continue;
      socket.emit('m', { topic: 'user', kind: 'session', seq: 0, data: { event: 'revoked' } });
      void socket.leave(userRoom(socket.data.userId!));
      socket.data.userId = undefined;
      socket.data.sessionId = undefined;
    }
  }
}
