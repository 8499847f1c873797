/**
 * The customer-service tables (`support_messages`, `support_reads`; migration 021), read through
 * checked row readers (server/db/rows.ts). Times are epoch milliseconds.
 */
import type { OpsSupportTicket, SupportSender } from '../../domain/support/types';
import type { Queryable } from '../db/db';
import { rowReader } from '../db/rows';

export interface SupportRow {
  id: number;
  user_id: number;
  sender: SupportSender;
  body: string;
  upload_id: number | null;
  created_at: number;
}

interface TicketRow {
  user_id: number;
  unread: number;
  last_sender: SupportSender;
  last_body: string;
  last_image: number | null;
  last_at: number;
}

const SUPPORT_COLUMNS = 'id, user_id, sender, body, upload_id, created_at';

const supportRows = rowReader<SupportRow>('support_messages', {
  id: 'int',
  user_id: 'int',
  sender: 'text',
  body: 'text',
  upload_id: 'int?',
  created_at: 'int',
});

const ticketRows = rowReader<TicketRow>('support_messages', {
  user_id: 'int',
  unread: 'int',
  last_sender: 'text',
  last_body: 'text',
  last_image: 'int?',
  last_at: 'int',
});

export class SupportRepository {
  constructor(private readonly db: Queryable) {}

  async insert(m: Omit<SupportRow, 'id'>, q: Queryable = this.db): Promise<SupportRow> {
    const row = await supportRows.one(
      q,
      `INSERT INTO support_messages (user_id, sender, body, upload_id, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${SUPPORT_COLUMNS}`,
      [m.user_id, m.sender, m.body, m.upload_id, m.created_at],
    );
    return row!;
  }

  /** The user's messages older than `before` (an id), newest first. */
  async page(userId: number, before: number | null, limit: number, q: Queryable = this.db): Promise<SupportRow[]> {
    return supportRows.all(
      q,
      `SELECT ${SUPPORT_COLUMNS} FROM support_messages WHERE user_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
       ORDER BY id DESC LIMIT $3`,
      [userId, before, limit],
    );
  }

  /** Operator replies the user has not read. */
  async unreadForUser(userId: number, q: Queryable = this.db): Promise<number> {
    const [row] = await q.query<{ n: number }>(
      `SELECT count(*) AS n FROM support_messages m
        WHERE m.user_id = $1 AND m.sender = 'operator'
          AND m.id > COALESCE((SELECT user_read_id FROM support_reads WHERE user_id = $1), 0)`,
      [userId],
    );
    return row?.n ?? 0;
  }

  async markRead(userId: number, side: 'user' | 'operator', q: Queryable = this.db): Promise<void> {
    const column = side === 'user' ? 'user_read_id' : 'operator_read_id';
    await q.query(
      `INSERT INTO support_reads (user_id, ${column})
         VALUES ($1, COALESCE((SELECT max(id) FROM support_messages WHERE user_id = $1), 0))
       ON CONFLICT (user_id) DO UPDATE SET ${column} = GREATEST(support_reads.${column}, EXCLUDED.${column})`,
      [userId],
    );
  }

  /** Every conversation: unread user messages first, then the most recent (`user` is filled in by the service). */
  async tickets(q: Queryable = this.db): Promise<OpsSupportTicket[]> {
    const rows = await ticketRows.all(
      q,
      `SELECT c.user_id, c.unread, l.sender AS last_sender, l.body AS last_body,
              l.upload_id AS last_image, l.created_at AS last_at
         FROM (SELECT m.user_id, max(m.id) AS last_id,
                      count(*) FILTER (WHERE m.sender = 'user' AND m.id > COALESCE(r.operator_read_id, 0)) AS unread
                 FROM support_messages m LEFT JOIN support_reads r ON r.user_id = m.user_id
                GROUP BY m.user_id) c
         JOIN support_messages l ON l.id = c.last_id
        ORDER BY (c.unread > 0) DESC, c.last_id DESC`,
    );
    return rows.map((r) => ({
      user_id: r.user_id,
      user: `#${r.user_id}`,
      unread: r.unread,
      last_sender: r.last_sender,
      last_body: r.last_body || (r.last_image !== null ? '[image]' : ''),
      last_at: r.last_at,
    }));
  }
}
