import { io, type Socket } from 'socket.io-client';
import {
  CONNECT_TIMEOUT_MS,
  RECONNECT_DELAY_MAX_MS,
  RECONNECT_DELAY_MS,
  SOCKET_PATH,
  type ClientToServerEvents,
  type HelloInfo,
  type PrivateSnapshot,
  type PublicTopic,
  type ServerToClientEvents,
  type SubscribeAck,
  type TopicMessage,
  type TopicSnapshot,
  type UserMessage,
} from '../../domain/protocol';
import type { FeedStatus } from '../connection/ConnectionSlice';
import { PrivateChannel } from './PrivateChannel';
import { SeqTracker } from './SeqTracker';
import { restEnvelope, restGet } from '../rest';

export interface FeedHandlers {
  snapshot(snap: TopicSnapshot): void;
  message(msg: TopicMessage): void;
  /** The private channel's whole state (from `auth` or a resync); null when it closed. */
  privateSnapshot(snap: PrivateSnapshot | null): void;
  /** One private message, in `seq` order. */
  user(msg: UserMessage): void;
  status(status: FeedStatus): void;
  /** A topic nobody watches any more. */
  dropped(topic: string): void;
  /** The server's `hello`, on every connect. */
  hello(info: HelloInfo): void;
}

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The one socket: ref-counted topic subscriptions, sequence checks, and resync from REST on a
 * gap. Messages that arrive while a topic resyncs are held and replayed past the snapshot, so
 * a busy topic cannot fall into a resync loop. The private channel follows the same rules
 * (`PrivateChannel`), with the `auth` answer as its first snapshot.
 */
export class Feed {
  private socket: AppSocket | null = null;
  private readonly refs = new Map<string, number>();
  private readonly seq = new SeqTracker();
  /** Topics being resynced, with the messages held meanwhile. */
  private readonly resyncing = new Map<string, TopicMessage[]>();
  private token: string | null = null;
  private status: FeedStatus = 'connecting';
  private everLive = false;
  /** A connection attempt failed (the app may have opened offline). */
  private connectFailed = false;
  /** Topics whose last known snapshot was asked for while the socket has never connected. */
  private readonly lastKnown = new Set<string>();
  /** Some topic shows its last known snapshot: the status is `stale`, not `connecting`. */
  private showsLastKnown = false;
  private readonly privateChannel: PrivateChannel;

  constructor(
    private readonly origin: string,
    private readonly handlers: FeedHandlers,
  ) {
    this.privateChannel = new PrivateChannel(() => this.fetchPrivateSnapshot(), {
      snapshot: (snap) => handlers.privateSnapshot(snap),
      message: (msg) => handlers.user(msg),
      resyncing: () => this.updateStatus(),
    });
  }

  connect(): void {
    if (this.socket) return;
    const socket: AppSocket = io(this.origin, {
      path: SOCKET_PATH,
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      reconnectionDelay: RECONNECT_DELAY_MS,
      reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
      timeout: CONNECT_TIMEOUT_MS,
    });
    this.socket = socket;
    socket.on('connect', () => void this.onConnect());
    socket.on('disconnect', () => this.updateStatus());
    socket.on('connect_error', () => {
      this.connectFailed = true;
      void this.showLastKnown([...this.refs.keys()]);
    });
    socket.on('m', (msg) => this.onMessage(msg));
    socket.on('hello', (info) => this.handlers.hello(info));
  }

  /** Joins or leaves the private channel; resolves whether the server accepted the token. */
  async setToken(token: string | null): Promise<boolean> {
    // Another session's (or nobody's) state must not linger while the new one joins.
    if (token !== this.token) this.privateChannel.close();
    this.token = token;
    if (!this.socket?.connected) return false;
    return this.authenticate();
  }

  subscribe(topics: readonly PublicTopic[]): void {
    const fresh = topics.filter((t) => {
      const n = this.refs.get(t) ?? 0;
      this.refs.set(t, n + 1);
      return n === 0;
    });
    if (fresh.length && this.socket?.connected) void this.join(fresh);
    else if (fresh.length && this.connectFailed) void this.showLastKnown(fresh);
  }

  unsubscribe(topics: readonly PublicTopic[]): void {
    const gone = topics.filter((t) => {
      const n = this.refs.get(t) ?? 0;
      if (n <= 1) {
        this.refs.delete(t);
        return n === 1;
      }
      this.refs.set(t, n - 1);
      return false;
    });
    if (!gone.length) return;
    for (const t of gone) {
      this.seq.forget(t);
      this.resyncing.delete(t);
      this.lastKnown.delete(t);
      this.handlers.dropped(t);
    }
    this.socket?.emit('unsub', gone, () => undefined);
  }

  getStatus(): FeedStatus {
    return this.status;
  }

  /** Closes the socket for good (no reconnect). */
  close(): void {
    this.socket?.close();
    this.socket = null;
  }

  private async onConnect(): Promise<void> {
    if (this.token) await this.authenticate();
    await this.join([...this.refs.keys()]);
    this.everLive = true;
    this.updateStatus();
  }

  private async authenticate(): Promise<boolean> {
    const socket = this.socket!;
    const ticket = this.privateChannel.join();
    const answer = await socket
      .timeout(CONNECT_TIMEOUT_MS)
      .emitWithAck('auth', { token: this.token ?? '' })
      .catch(() => ({ ok: false }) as const);
    this.privateChannel.joined(ticket, answer.ok ? answer.snapshot : null);
    return answer.ok;
  }

  /** The private channel's snapshot over REST, for a resync. */
  private async fetchPrivateSnapshot(): Promise<PrivateSnapshot | 'unauthorized'> {
    const envelope = await restEnvelope(
      '/user/channel/snapshot',
      {},
      { origin: this.origin, headers: { authorization: this.token ?? '' } },
    );
    if (envelope.type === 'ok') return envelope.message;
    if (envelope.type === 999) return 'unauthorized';
    throw new Error(String(envelope.message));
  }

  private async join(topics: string[]): Promise<void> {
    if (!topics.length) return;
    const answer: SubscribeAck | null = await this.socket!.timeout(CONNECT_TIMEOUT_MS)
      .emitWithAck('sub', topics)
      .catch(() => null);
    if (!answer) {
      for (const t of topics) void this.resync(t);
      return;
    }
    for (const snap of answer.snapshots) {
      if (!this.refs.has(snap.topic)) continue;
      this.seq.reset(snap.topic, snap.seq);
      this.handlers.snapshot(snap);
    }
  }

  private onMessage(msg: TopicMessage | UserMessage): void {
    if (msg.topic === 'user') {
      this.privateChannel.receive(msg as UserMessage);
      return;
    }
    const m = msg as TopicMessage;
    if (!this.refs.has(m.topic)) return;
    const held = this.resyncing.get(m.topic);
    if (held) {
      held.push(m);
      return;
    }
    const verdict = this.seq.accept(m.topic, m.seq);
    if (verdict === 'next') this.handlers.message(m);
    else if (verdict === 'gap') void this.resync(m.topic, [m]);
  }

  /** Fetches a topic's snapshot over REST, then replays the messages held meanwhile. */
  private async resync(topic: string, held: TopicMessage[] = []): Promise<void> {
    if (this.resyncing.has(topic)) return;
    this.resyncing.set(topic, held);
    this.updateStatus();
    try {
      const snap = await this.fetchSnapshot(topic);
      const pending = this.resyncing.get(topic);
      this.resyncing.delete(topic);
      if (!pending || !this.refs.has(topic)) return;
      this.seq.reset(topic, snap.seq);
      this.handlers.snapshot(snap);
      for (const m of pending.sort((a, b) => a.seq - b.seq)) this.onMessage(m);
    } catch {
      // Network trouble: the next message or reconnect tries again.
      this.resyncing.delete(topic);
      this.seq.forget(topic);
    } finally {
      this.updateStatus();
    }
  }

  /** A topic's snapshot over REST (`GET /api/market/snapshot`). */
  private async fetchSnapshot(topic: string): Promise<TopicSnapshot> {
    return restGet('/market/snapshot', { topic }, { origin: this.origin });
  }

  /**
   * The socket could not connect and never has: shows each watched topic's last known snapshot,
   * read over REST (offline, the service worker answers from the copy it kept: docs/PLATFORM.md),
   * with the status `stale`, so a screen opened offline shows the last figures, marked as such. The
   * live snapshot replaces them when the socket connects. A read that fails is tried again on the
   * next failed connection attempt.
   */
  private async showLastKnown(topics: string[]): Promise<void> {
    if (this.everLive) return;
    const wanted = topics.filter((t) => !this.lastKnown.has(t));
    for (const t of wanted) this.lastKnown.add(t);
    await Promise.all(
      wanted.map(async (topic) => {
        try {
          const snap = await this.fetchSnapshot(topic);
          if (this.everLive || this.socket?.connected || !this.refs.has(topic)) return;
          this.handlers.snapshot(snap);
          this.showsLastKnown = true;
          this.updateStatus();
        } catch {
          this.lastKnown.delete(topic);
        }
      }),
    );
  }

  private updateStatus(): void {
    if (!this.socket?.connected) return this.setStatus(this.everLive || this.showsLastKnown ? 'stale' : 'connecting');
    this.setStatus(this.resyncing.size || this.privateChannel.isResyncing ? 'resyncing' : 'live');
  }

  private setStatus(status: FeedStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.handlers.status(status);
  }
}
