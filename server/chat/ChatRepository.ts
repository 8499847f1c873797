/**
 * The one owner of the chat tables (migration 020): `chat_messages` and `chat_mutes`. Every SQL
 * string naming them lives here. Times are epoch milliseconds.
 */
import { maskName } from '../../domain/nft/formulas';
import type { ChatMessage, ChatMute, ChatRoom } from '../../domain/chat/types';
import type { Queryable } from '../db/db';

interface MessageRow {
  id: number | string;
  room: string;
  user_id: number | string;
  text: string;
  created_at: number | string;
  nickname: string | null;
  email: string | null;
  mobile: string | null;
}

/** What others see of the sender: the nickname, else the masked email or phone. */
function shownName(row: Pick<MessageRow, 'nickname' | 'email' | 'mobile' | 'user_id'>): string {
  if (row.nickname) return row.nickname;
  const account = row.email?.split('@')[0] ?? row.mobile ?? `#${row.user_id}`;
  return maskName(account);
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: Number(row.id),
    room: row.room as ChatRoom,
    user_id: Number(row.user_id),
    name: shownName(row),
    text: row.text,
    created_at: Number(row.created_at),
  };
}

const SELECT_MESSAGE = `SELECT m.id, m.room, m.user_id, m.text, m.created_at, u.nickname, u.email, u.mobile
  FROM chat_messages m JOIN users u ON u.id = m.user_id`;

export class ChatRepository {
  constructor(private readonly db: Queryable) {}

  async insert(room: ChatRoom, userId: number, text: string, at: number, q: Queryable = this.db): Promise<ChatMessage> {
    const [inserted] = await q.query<{ id: number | string }>(
      'INSERT INTO chat_messages (room, user_id, text, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [room, userId, text, at],
    );
    const [row] = await q.query<MessageRow>(`${SELECT_MESSAGE} WHERE m.id = $1`, [inserted!.id]);
    return toMessage(row!);
  }

  /** The room's messages before `beforeId` (or the newest), newest first; deleted ones left out. */
  async history(room: ChatRoom, beforeId: number | null, limit: number): Promise<ChatMessage[]> {
    const rows = await this.db.query<MessageRow>(
      `${SELECT_MESSAGE} WHERE m.room = $1 AND m.deleted_at IS NULL AND ($2::bigint IS NULL OR m.id < $2::bigint)
       ORDER BY m.id DESC LIMIT $3`,
      [room, beforeId, limit],
    );
    return rows.map(toMessage);
  }

  /** When the user's messages in `[since, …)` were sent, oldest first (deleted ones count too). */
  async sentSince(userId: number, since: number, q: Queryable = this.db): Promise<number[]> {
    const rows = await q.query<{ created_at: number | string }>(
      'SELECT created_at FROM chat_messages WHERE user_id = $1 AND created_at > $2 ORDER BY created_at ASC',
      [userId, since],
    );
    return rows.map((r) => Number(r.created_at));
  }

  /** The user's mute still running at `now` that ends last, if any. */
  async activeMute(userId: number, now: number, q: Queryable = this.db): Promise<ChatMute | null> {
    const [row] = await q.query<{ user_id: number | string; until: number | string; reason: string }>(
      'SELECT user_id, until, reason FROM chat_mutes WHERE user_id = $1 AND until > $2 ORDER BY until DESC LIMIT 1',
      [userId, now],
    );
    return row ? { user_id: Number(row.user_id), until: Number(row.until), reason: row.reason } : null;
  }

  async mute(userId: number, until: number, reason: string, at: number): Promise<ChatMute> {
    await this.db.query('INSERT INTO chat_mutes (user_id, until, reason, created_at) VALUES ($1, $2, $3, $4)', [userId, until, reason, at]);
    return { user_id: userId, until, reason };
  }

  /** Marks a message deleted; its room, or null when there was no such live message. */
  async delete(id: number, at: number): Promise<ChatRoom | null> {
    const [row] = await this.db.query<{ room: string }>(
      'UPDATE chat_messages SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING room',
      [id, at],
    );
    return row ? (row.room as ChatRoom) : null;
  }
}
