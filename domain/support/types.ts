/** Customer service (docs/community/SUPPORT.md): one conversation per user with the operators. */

/** Who wrote a message. */
export type SupportSender = 'user' | 'operator';

/** One message of a conversation. `image` is a signed link to its picture (owner and operators only). */
export interface SupportMessage {
  id: number;
  sender: SupportSender;
  body: string;
  image: string | null;
  created_at: number;
}

/** A page of the conversation, newest first; `before` the oldest id to page further back. */
export interface SupportHistory {
  items: SupportMessage[];
  has_more: boolean;
  /** Operator replies the user has not read yet. */
  unread: number;
}

/** The private channel's `support` kind: snapshot `{unread, recent}`, update `{unread, message}`. */
export interface SupportState {
  unread: number;
  /** The newest messages, newest first, at most `SUPPORT_RECENT`. */
  recent: SupportMessage[];
}
export interface SupportChange {
  unread: number;
  /** The message just written; null when only the unread count changed (the user read the conversation). */
  message: SupportMessage | null;
}

export const SUPPORT_RECENT = 20;
export const SUPPORT_TEXT_MAX = 1000;

/** One row of the operator's `tickets`: a conversation, those with unread user messages first. */
export interface OpsSupportTicket {
  user_id: number;
  user: string;
  unread: number;
  last_sender: SupportSender;
  last_body: string;
  last_at: number;
}
