/** The customer-service tables (`support_messages`, `support_reads`; migration 021). */
import type { OpsSupportTicket, SupportSender } from '../../domain/support/types';
import type { Queryable } from '../db/db';

export interface SupportRow {
  id: number;
  user_id: number;
  sender: SupportSender;
  body: string;
  upload_id: number | null;
  created_at: number;
}

const toRow = (r: SupportRow): SupportRow => ({
  ...r,
  id: Number(r.id),
  user_id: Number(r.user_id),
  upload_id: r.upload_id === null ? null : Number(r.upload_id),
  created_at: Number(r.created_at),
});

export class SupportRepository {
  constructor(private readonly db: Queryable) {}

  async insert(m: Omit<SupportRow, 'id'>, q: Queryable = this.db): Promise<SupportRow> {
    const [row] = await q.query<SupportRow>(
      'INSERT INTO support_messages (user_id, sender, body, upload_id, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING *',
      [m.user_id, m.sender, m.body, m.upload_id, m.created_at],
    );
    return toRow(row!);
  }

  /** The user's messages older than `before` (an id), newest first. */
  async page(userId: number, before: number | null, limit: number, q: Queryable = this.db): Promise<SupportRow[]> {
    const rows = await q.query<SupportRow>(
      'SELECT * FROM support_messages WHERE user_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint) ORDER BY id DESC LIMIT $3',
      [userId, before, limit],
    );
    return rows.map(toRow);
  }

  /** Operator replies the user has not read. */
  async unreadForUser(userId: number, q: Queryable = this.db): Promise<number> {
    const [row] = await q.query<{ n: string }>(
      `SELECT count(*) AS n FROM support_messages m
        WHERE m.user_id = $1 AND m.sender = 'operator'
          AND m.id > COALESCE((SELECT user_read_id FROM support_reads WHERE user_id = $1), 0)`,
      [userId],
    );
    return Number(row?.n ?? 0);
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
    const rows = await q.query<{
      user_id: string;
      unread: string;
      last_sender: SupportSender;
      last_body: string;
      last_image: string | null;
      last_at: string;
    }>(
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
      user_id: Number(r.user_id),
      user: `#${r.user_id}`,
      unread: Number(r.unread),
      last_sender: r.last_sender,
      last_body: r.last_body || (r.last_image ? '[image]' : ''),
      last_at: Number(r.last_at),
    }));
  }
}
