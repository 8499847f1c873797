/**
 * The realtime wire protocol, declared once and imported by the server and the worker.
 * Every server→client message is a `TopicMessage`: a topic name, that topic's sequence
 * number and a payload whose shape the topic's kind decides. See docs/PROTOCOL.md.
 */
import type { DepthBook, Kline, Ticker, Trade } from './market/types';
import type { NotificationItem } from './notifications/types';
import type { SupportChange, SupportState } from './support/types';
import type { AccountId } from './funds/formulas';
import type { KlinePeriod } from './market/periods';
import type { NftAuctionLive } from './nft/types';
import { isKlinePeriod } from './market/periods';
import type { ChatEvent, ChatRoom, ChatRoomState } from './chat/types';
import { isLang } from './i18n';

/** Bumped on any incompatible change; the server sends it in the `hello` event. */
export const PROTOCOL_VERSION = 2;

/** Connection defaults the server and the worker share. */
export const SOCKET_PATH = '/socket.io';
export const RECONNECT_DELAY_MS = 1_000;
export const RECONNECT_DELAY_MAX_MS = 5_000;
export const CONNECT_TIMEOUT_MS = 20_000;

export type QuotesTopic = 'quotes';
export type DepthTopic = `depth:${string}`;
export type TradesTopic = `trades:${string}`;
export type KlineTopic = `kline:${string}:${KlinePeriod}`;
/** An NFT auction's live bids: `auction:<sale id>`. */
export type AuctionTopic = `auction:${number}`;
/** A public chat room: `chat:<lang>`. */
export type ChatTopic = `chat:${ChatRoom}`;
export type PublicTopic = QuotesTopic | DepthTopic | TradesTopic | KlineTopic | AuctionTopic | ChatTopic;
/** The private channel joined after a successful `auth`. */
export type UserTopic = 'user';
export type Topic = PublicTopic | UserTopic;

/** A parsed public topic name. */
export type ParsedTopic =
  | { kind: 'quotes' }
  | { kind: 'depth'; symbol: string }
  | { kind: 'trades'; symbol: string }
  | { kind: 'kline'; symbol: string; period: KlinePeriod }
  | { kind: 'auction'; saleId: number }
  | { kind: 'chat'; room: ChatRoom };

/** Builders for topic names, so no caller spells them by hand. */
export const topics = {
  quotes: (): QuotesTopic => 'quotes',
  depth: (symbol: string): DepthTopic => `depth:${symbol}`,
  trades: (symbol: string): TradesTopic => `trades:${symbol}`,
  kline: (symbol: string, period: KlinePeriod): KlineTopic => `kline:${symbol}:${period}`,
  auction: (saleId: number): AuctionTopic => `auction:${saleId}`,
  chat: (room: ChatRoom): ChatTopic => `chat:${room}`,
};

/** Parses a public topic name; `null` for anything else (unknown kinds, bad periods, empty symbols). */
export function parseTopic(topic: string): ParsedTopic | null {
  if (topic === 'quotes') return { kind: 'quotes' };
  const first = topic.indexOf(':');
  if (first < 0) return null;
  const kind = topic.slice(0, first);
  const rest = topic.slice(first + 1);
  if (kind === 'depth' || kind === 'trades') return rest ? { kind, symbol: rest } : null;
  if (kind === 'chat') return isLang(rest) ? { kind, room: rest } : null;
  if (kind === 'auction') return /^[1-9]\d{0,8}$/.test(rest) ? { kind, saleId: Number(rest) } : null;
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
  /** Snapshot and update: the auction's whole live state (an NFT sale; no symbol). */
  auction: { snapshot: NftAuctionLive; update: NftAuctionLive };
  /** Snapshot: the room's online count. Update: a new message, a deletion or a new online count. */
  chat: { snapshot: ChatRoomState; update: ChatEvent };
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

/** One of the user's balances: an account (1 legal, 2 change, 3 lever, 4 micro) and a currency. */
export interface BalanceRow {
  account: AccountId;
  currency_id: number;
  /** The currency's name (`USDT`). */
  currency: string;
  available: string;
  frozen: string;
  /**
   * The journal row that last changed it: a later change has a larger one. The worker keeps the
   * row with the largest, so a message that arrives after a newer one (numbered by another node,
   * say) never shows an older balance.
   */
  v: number;
}

/**
 * What every order carries on the private channel, whatever the product. Each trading area
 * extends it (`interface FuturesOrder extends OrderItem { side; price; … }`) and sends its own
 * orders here; the worker keys them by `product` and `id`.
 */
export interface OrderItem {
  id: number;
  /** The product area the order belongs to (`futures`, `spot`, `options`, …). */
  product: string;
  symbol: string;
  /** The area's own status name (`open`, `partial`, `filled`, `cancelled`, …). */
  status: string;
  /** False once the order is final (filled, cancelled, expired): the worker drops it. */
  open: boolean;
  created_at: number;
  updated_at: number;
}

/** What every position carries, whatever the product; each trading area extends it like `OrderItem`. */
export interface PositionItem {
  id: number;
  product: string;
  symbol: string;
  /** False once the position is closed (or liquidated): the worker drops it. */
  open: boolean;
  updated_at: number;
}

/** The user's notifications as the channel keeps them: how many are unread, and the newest few. */
export interface NotificationsState {
  unread: number;
  /** Newest first, at most `PRIVATE_RECENT_NOTIFICATIONS`. */
  recent: NotificationItem[];
}

/** A change to the user's notifications: the items created or marked read, and the unread count after it. */
export interface NotificationsChange {
  unread: number;
  /** Newest first; a new notification has `read: false`. */
  changed: NotificationItem[];
}

/** How many recent notifications a private snapshot carries. */
export const PRIVATE_RECENT_NOTIFICATIONS = 20;

/**
 * Payloads of the private channel (`topic: "user"`) by kind: `snapshot` arrives in the `auth`
 * acknowledgement and from `GET /api/user/channel/snapshot`, `update` is a live message.
 * Every update is idempotent against a snapshot that already holds it (rows replace rows,
 * items are keyed by id), so a message that overlaps a snapshot does no harm.
 */
export interface PrivatePayloads {
  /**
   * Snapshot: whose channel this is. Update: `revoked` — this socket's session ended (logout,
   * password change) and it has left the channel; `changed` — another session of the user ended.
   */
  session: { snapshot: { user_id: number }; update: { event: 'revoked' | 'changed' } };
  /** Snapshot: every balance row the user has. Update: the rows that changed, whole. */
  balances: { snapshot: BalanceRow[]; update: BalanceRow[] };
  /**
   * Snapshot: the unread count and the newest notifications. Update: notifications that are new
   * (`read: false`) or were just marked read, with the unread count after the change.
   */
  notifications: { snapshot: NotificationsState; update: NotificationsChange };
  /** Snapshot: the open orders (none until a trading area exists). Update: orders that changed. */
  orders: { snapshot: OrderItem[]; update: OrderItem[] };
  /** Snapshot: the open positions (none until a trading area exists). Update: positions that changed. */
  positions: { snapshot: PositionItem[]; update: PositionItem[] };
  /** Customer service (docs/community/SUPPORT.md). Snapshot: unread operator replies and the newest messages. Update: a new message and the unread count. */
  support: { snapshot: SupportState; update: SupportChange };
}

export type PrivateKind = keyof PrivatePayloads;
export const PRIVATE_KINDS = [
  'session',
  'balances',
  'notifications',
  'orders',
  'positions',
  'support',
] as const satisfies readonly PrivateKind[];

/** A message on the private channel; `seq` counts per user, across every kind, and rises by exactly one. */
export type UserMessage = {
  [K in PrivateKind]: { topic: UserTopic; kind: K; seq: number; data: PrivatePayloads[K]['update'] };
}[PrivateKind];

/** The private channel's full state at `seq`: the next message for this user has `seq + 1`. */
export interface PrivateSnapshot {
  topic: UserTopic;
  seq: number;
  data: { [K in PrivateKind]: PrivatePayloads[K]['snapshot'] };
}

/** Acknowledgement of `auth`: with a valid token, the private channel's snapshot. */
export type AuthAck = { ok: true; snapshot: PrivateSnapshot } | { ok: false };

/** The `hello` event's payload. */
export interface HelloInfo {
  version: number;
  serverTime: number;
}

/** Server→client events, typed for socket.io on both ends. */
export interface ServerToClientEvents {
  /** One live message of a subscribed topic or of the private channel. */
  m: (message: TopicMessage | UserMessage) => void;
  /** Sent once on connect. A client built for another `PROTOCOL_VERSION` should offer a reload. */
  hello: (info: HelloInfo) => void;
}

/** Client→server events. The server still validates every payload: a client may send anything. */
export interface ClientToServerEvents {
  /** Joins topics; the ack carries a snapshot of each. */
  sub: (topics: string[] | string, ack: (answer: SubscribeAck) => void) => void;
  /** Leaves topics. */
  unsub: (topics: string[] | string, ack: (answer: { ok: boolean }) => void) => void;
  /** Joins the private channel when the token is valid (the ack carries its snapshot); a bad token leaves it. */
  auth: (payload: { token: string }, ack: (answer: AuthAck) => void) => void;
}

/** Most topics one socket may hold at once; more are refused. */
export const MAX_TOPICS_PER_SOCKET = 64;
