/**
 * The public chat rooms (docs/community/CHAT.md): one room per interface
 * language, live on the socket topic `chat:<lang>`, history over HTTP paged backwards.
 */
import { LANGS, type Lang } from '../i18n';

/** The rooms: one per interface language. */
export const CHAT_ROOMS = LANGS;
export type ChatRoom = Lang;

/** A message's text after trimming: 1 to 500 characters. */
export const CHAT_TEXT_MAX = 500;
/** Per-user rate limit: at most this many messages in any window of `CHAT_RATE_WINDOW_MS`. */
export const CHAT_RATE_COUNT = 5;
export const CHAT_RATE_WINDOW_MS = 10_000;
/** History page size: default and most. */
export const CHAT_PAGE_DEFAULT = 30;
export const CHAT_PAGE_MAX = 50;

/** One message as everyone sees it. `name` is the sender's nickname or masked account, never the account itself. */
export interface ChatMessage {
  id: number;
  room: ChatRoom;
  user_id: number;
  name: string;
  text: string;
  created_at: number;
}

/** The room's state at subscribe time: how many sockets are in it (on this node; see the doc). */
export interface ChatRoomState {
  online: number;
}

/** A live event of a room: a new message, a deleted one (gone for everyone) or a new online count. */
export type ChatEvent =
  | { type: 'message'; message: ChatMessage; online: number }
  | { type: 'delete'; id: number; online: number }
  | { type: 'online'; online: number };

/** An operator's mute (`chat-mute`). */
export interface ChatMute {
  user_id: number;
  until: number;
  reason: string;
}
