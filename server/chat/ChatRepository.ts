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
}

/** Reads users' nicknames (UserRepository.nicknames: the users table is not ours). */
export type NicknameReader = (ids: readonly number[], q?: Queryable) => Promise<Map<number, string>>;

const SELECT_MESSAGE = 'SELECT id, room, user_id, text, created_at FROM chat_messages';

export class ChatRepository {
  constructor(
    private readonly db: Queryable,
    private readonly nicknames: NicknameReader,
  ) {}

  /** The rows as everyone sees them: the sender by nickname, else a masked `user<id>`. */
  private async named(rows: MessageRow[], q: Queryable): Promise<ChatMessage[]> {
    const names = await this.nicknames(
      rows.map((r) => Number(r.user_id)),
      q,
    );
    return rows.map((row) => {
      const userId = Number(row.user_id);
      return {
        id: Number(row.id),
        room: row.room as ChatRoom,
        user_id: userId,
        name: names.get(userId) || maskName(`user${userId}`),
        text: row.text,
        created_at: Number(row.created_at),
      };
    });
  }

  async insert(room: ChatRoom, userId: number, text: string, at: number, q: Queryable = this.db): Promise<ChatMessage> {
    const [inserted] = await q.query<{ id: number | string }>(
      'INSERT INTO chat_messages (room, user_id, text, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [room, userId, text, at],
    );
    const rows = await q.query<MessageRow>(`${SELECT_MESSAGE} WHERE id = $1`, [inserted!.id]);
    return (await this.named(rows, q))[0]!;
  }

  /** The room's messages before `beforeId` (or the newest), newest first; deleted ones left out. */
  async history(room: ChatRoom, beforeId: number | null, limit: number): Promise<ChatMessage[]> {
    const rows = await this.db.query<MessageRow>(
      `${SELECT_MESSAGE} WHERE room = $1 AND deleted_at IS NULL AND ($2::bigint IS NULL OR id < $2::bigint)
       ORDER BY id DESC LIMIT $3`,
      [room, beforeId, limit],
    );
    return this.named(rows, this.db);
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
