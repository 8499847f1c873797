/**
 * The realtime wire protocol, declared once and imported by the server and the worker.
 * Every server→client message is a `TopicMessage`: a topic name, that topic's sequence
 * number and a payload whose shape the topic's kind decides. See docs/PROTOCOL.md.
 */
import type { DepthBook, Kline, Ticker, Trade } from './market/types';
import type { NotificationItem } from './notifications/types';
import type { KlinePeriod } from './market/periods';
import { isKlinePeriod } from './market/periods';

/** Bumped on any incompatible change; the server sends it in the `hello` event. */
export const PROTOCOL_VERSION = 1;

/** Connection defaults of spec §7. */
export const SOCKET_PATH = '/socket.io';
export const RECONNECT_DELAY_MS = 1_000;
export const RECONNECT_DELAY_MAX_MS = 5_000;
export const CONNECT_TIMEOUT_MS = 20_000;

export type QuotesTopic = 'quotes';
export type DepthTopic = `depth:${string}`;
export type TradesTopic = `trades:${string}`;
export type KlineTopic = `kline:${string}:${KlinePeriod}`;
export type PublicTopic = QuotesTopic | DepthTopic | TradesTopic | KlineTopic;
/** The private channel joined after a successful `auth`. */
export type UserTopic = 'user';
export type Topic = PublicTopic | UserTopic;

/** A parsed public topic name. */
export type ParsedTopic =
  | { kind: 'quotes' }
  | { kind: 'depth'; symbol: string }
  | { kind: 'trades'; symbol: string }
  | { kind: 'kline'; symbol: string; period: KlinePeriod };

/** Builders for topic names, so no caller spells them by hand. */
export const topics = {
  quotes: (): QuotesTopic => 'quotes',
  depth: (symbol: string): DepthTopic => `depth:${symbol}`,
  trades: (symbol: string): TradesTopic => `trades:${symbol}`,
  kline: (symbol: string, period: KlinePeriod): KlineTopic => `kline:${symbol}:${period}`,
};

/** Parses a public topic name; `null` for anything else (unknown kinds, bad periods, empty symbols). */
export function parseTopic(topic: string): ParsedTopic | null {
  if (topic === 'quotes') return { kind: 'quotes' };
  const first = topic.indexOf(':');
  if (first < 0) return null;
  const kind = topic.slice(0, first);
  const rest = topic.slice(first + 1);
  if (kind === 'depth' || kind === 'trades') return rest ? { kind, symbol: rest } : null;
  if (kind === 'kline') {
    const last = rest.lastIndexOf(':');
    const symbol = rest.slice(0, last);
    const period = rest.slice(last + 1);
    return last > 0 && isKlinePeriod(period) ? { kind, symbol, period } : null;
  }
  return null;
}

/** Payload of each topic kind: `snapshot` answers a subscribe or a resync, `update` is a live message. */
export interface TopicPayloads {
  /** Snapshot: every ticker. Update: only the tickers that changed. */
  quotes: { snapshot: Ticker[]; update: Ticker[] };
  /** Snapshot: the whole book. Update: changed levels only, quantity `"0"` removes a level. */
  depth: { snapshot: DepthBook; update: DepthBook };
  /** Snapshot: the most recent trades, newest first. Update: new trades, oldest first. */
  trades: { snapshot: Trade[]; update: Trade[] };
  /** Snapshot: the current bar. Update: bars changed since the last message (a closed bar, then the new one). */
  kline: { snapshot: Kline[]; update: Kline[] };
}

export type TopicKind = keyof TopicPayloads;

/** One live message. `seq` rises by exactly one per message of the same topic; a jump means a lost message. */
export type TopicMessage = {
  [K in TopicKind]: { topic: string; kind: K; seq: number; data: TopicPayloads[K]['update'] };
}[TopicKind];

/** A topic's full state at sequence `seq`: the next live message of that topic has `seq + 1`. */
export type TopicSnapshot = {
  [K in TopicKind]: { topic: string; kind: K; seq: number; data: TopicPayloads[K]['snapshot'] };
}[TopicKind];

/** Acknowledgement of `sub`: a snapshot for each accepted topic, and the topics refused. */
export interface SubscribeAck {
  ok: boolean;
  snapshots: TopicSnapshot[];
  rejected: string[];
}

/** Payloads of the private `user` channel by kind (later issues add kinds here). */
export interface UserPayloads {
  /** This socket's session ended (logout elsewhere, password change): it left the private channel. */
  session: { event: 'revoked' };
  /** A new system notification. */
  notification: NotificationItem;
}

/** A message on the private channel; `seq` counts per user. */
export type UserMessage = {
  [K in keyof UserPayloads]: { topic: UserTopic; kind: K; seq: number; data: UserPayloads[K] };
}[keyof UserPayloads];

/** Acknowledgement of `auth`. */
export interface AuthAck {
  ok: boolean;
}

/** Server→client events, typed for socket.io on both ends. */
export interface ServerToClientEvents {
  /** One live message of a subscribed topic or of the private channel. */
  m: (message: TopicMessage | UserMessage) => void;
  /** Sent once on connect. */
  hello: (info: { version: number; serverTime: number }) => void;
}

/** Client→server events. The server still validates every payload: a client may send anything. */
export interface ClientToServerEvents {
  /** Joins topics; the ack carries a snapshot of each. */
  sub: (topics: string[] | string, ack: (answer: SubscribeAck) => void) => void;
  /** Leaves topics. */
  unsub: (topics: string[] | string, ack: (answer: { ok: boolean }) => void) => void;
  /** Joins the private channel when the token is valid; a bad token leaves it. */
  auth: (payload: { token: string }, ack: (answer: AuthAck) => void) => void;
}

/** Most topics one socket may hold at once; more are refused. */
export const MAX_TOPICS_PER_SOCKET = 64;
