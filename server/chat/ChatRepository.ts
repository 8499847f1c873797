/**
 * The one owner of the chat tables (migration 020): `chat_messages` and `chat_mutes`. Every SQL
 * string naming them lives here, read through checked row readers (server/db/rows.ts). Times are
 * epoch milliseconds.
 */
import { maskName } from '../../domain/nft/formulas';
import type { ChatMessage, ChatMute, ChatRoom } from '../../domain/chat/types';
import type { Queryable } from '../db/db';
import { rowReader } from '../db/rows';

type MessageRow = Omit<ChatMessage, 'name'>;

const MESSAGE_COLUMNS = 'id, room, user_id, text, created_at';

const messageRows = rowReader<MessageRow>('chat_messages', { id: 'int', room: 'text', user_id: 'int', text: 'text', created_at: 'int' });
const muteRows = rowReader<ChatMute>('chat_mutes', { user_id: 'int', until: 'int', reason: 'text' });

/** Reads users' nicknames (UserRepository.nicknames: the users table is not ours). */
export type NicknameReader = (ids: readonly number[], q?: Queryable) => Promise<Map<number, string>>;

export class ChatRepository {
  constructor(
    private readonly db: Queryable,
    private readonly nicknames: NicknameReader,
  ) {}

  /** The rows as everyone sees them: the sender by nickname, else a masked `user<id>`. */
  private async named(rows: MessageRow[], q: Queryable): Promise<ChatMessage[]> {
    const names = await this.nicknames(
      rows.map((r) => r.user_id),
      q,
    );
    return rows.map((row) => ({
      id: row.id,
      room: row.room,
      user_id: row.user_id,
      name: names.get(row.user_id) || maskName(`user${row.user_id}`),
      text: row.text,
      created_at: row.created_at,
    }));
  }

  async insert(room: ChatRoom, userId: number, text: string, at: number, q: Queryable = this.db): Promise<ChatMessage> {
    const row = await messageRows.one(
      q,
      `INSERT INTO chat_messages (room, user_id, text, created_at) VALUES ($1, $2, $3, $4) RETURNING ${MESSAGE_COLUMNS}`,
      [room, userId, text, at],
    );
    return (await this.named([row!], q))[0]!;
  }

  /** The room's messages before `beforeId` (or the newest), newest first; deleted ones left out. */
  async history(room: ChatRoom, beforeId: number | null, limit: number): Promise<ChatMessage[]> {
    const rows = await messageRows.all(
      this.db,
      `SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE room = $1 AND deleted_at IS NULL AND ($2::bigint IS NULL OR id < $2::bigint)
       ORDER BY id DESC LIMIT $3`,
      [room, beforeId, limit],
    );
    return this.named(rows, this.db);
  }

  /** When the user's messages in `[since, …)` were sent, oldest first (deleted ones count too). */
  async sentSince(userId: number, since: number, q: Queryable = this.db): Promise<number[]> {
    const rows = await q.query<{ created_at: number }>(
      'SELECT created_at FROM chat_messages WHERE user_id = $1 AND created_at > $2 ORDER BY created_at ASC',
      [userId, since],
    );
    return rows.map((r) => r.created_at);
  }

  /** The user's mute still running at `now` that ends last, if any. */
  async activeMute(userId: number, now: number, q: Queryable = this.db): Promise<ChatMute | null> {
    const row = await muteRows.one(
      q,
      'SELECT user_id, until, reason FROM chat_mutes WHERE user_id = $1 AND until > $2 ORDER BY until DESC LIMIT 1',
      [userId, now],
    );
    return row ?? null;
  }

  async mute(userId: number, until: number, reason: string, at: number): Promise<ChatMute> {
    await this.db.query('INSERT INTO chat_mutes (user_id, until, reason, created_at) VALUES ($1, $2, $3, $4)', [userId, until, reason, at]);
    return { user_id: userId, until, reason };
  }

  /** Marks a message deleted; its room, or null when there was no such live message. */
  async delete(id: number, at: number): Promise<ChatRoom | null> {
    const [row] = await this.db.query<{ room: ChatRoom }>(
      'UPDATE chat_messages SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING room',
      [id, at],
    );
    return row?.room ?? null;
  }
}
