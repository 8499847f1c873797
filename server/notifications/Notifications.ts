import type { Page } from '../../domain/api/envelope';
import type { NotificationItem } from '../../domain/notifications/types';
import { PRIVATE_RECENT_NOTIFICATIONS, type NotificationsState } from '../../domain/protocol';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';
import type { RealtimeHub } from '../realtime/RealtimeHub';

/** Kinds of system notification; each has `notifications.<kind>.title` and `.body` in the locales. */
export const NOTIFICATION_KINDS = [
  'identityApproved',
  'identityRejected',
  'passwordChanged',
  'payPasswordSet',
  'depositApproved',
  'depositRejected',
  'withdrawalCompleted',
  'withdrawalRejected',
  'credited',
  'traderApproved',
  'traderRejected',
  'copySkipped',
  'copyStopped',
  'nftOutbid',
  'nftWon',
  'nftLost',
  'nftSold',
  'nftBought',
  'nftForfeited',
  'nftDefaulted',
  'nftUnsold',
  'otcReleased',
  'otcSold',
  'otcCancelled',
  'otcExpired',
  'loanMarginCall',
  'loanLiquidated',
  'loanRepaid',
  'rewardsCouponGranted',
  'rewardsDepositBonus',
  'alertAbove',
  'alertBelow',
  'alertChange',
  'newDeviceLogin',
  'loginLocked',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

interface Row {
  id: number;
  kind: string;
  params: string;
  created_at: number;
  read_at: number | null;
}

const COLUMNS = 'id, kind, params, created_at, read_at';
const notificationRows = rowReader<Row>('notifications', { id: 'int', kind: 'text', params: 'text', created_at: 'int', read_at: 'int?' });
const withUnreadRows = rowReader<Row & { unread: number }>('notifications', {
  id: 'int',
  kind: 'text',
  params: 'text',
  created_at: 'int',
  read_at: 'int?',
  unread: 'int',
});

function toItem(row: Row): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    params: JSON.parse(row.params) as NotificationItem['params'],
    created_at: row.created_at,
    read: row.read_at !== null,
  };
}

/**
 * Per-user system notifications. `create` writes inside the caller's transaction and pushes
 * the notification on the private channel only once that transaction commits
 * (`q.afterCommit`), so a rolled-back action never announces itself.
 */
export class Notifications {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly hub: RealtimeHub,
  ) {}

  /**
   * Records a notification in `q`'s transaction and schedules its push for after the commit.
   * The function it resolves with does nothing: the push is already scheduled. It remains
   * so that callers written before `afterCommit` (`const push = await create(…); push()`) keep
   * working; new callers ignore it.
   */
  async create(q: Queryable, userId: number, kind: NotificationKind, params: NotificationItem['params'] = {}): Promise<() => void> {
    const row = await notificationRows.one(
      q,
      `INSERT INTO notifications (user_id, kind, params, created_at) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [userId, kind, JSON.stringify(params), this.clock.now()],
    );
    const item = toItem(row!);
    q.afterCommit(() => this.announce(userId, [item]));
    return () => undefined;
  }

  /** The private channel's notifications snapshot: the unread count and the newest few. */
  async snapshot(userId: number): Promise<NotificationsState> {
    const rows = await withUnreadRows.all(
      this.db,
      `SELECT ${COLUMNS}, (SELECT COUNT(*)::int FROM notifications WHERE user_id = $1 AND read_at IS NULL) AS unread
       FROM notifications WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
      [userId, PRIVATE_RECENT_NOTIFICATIONS],
    );
    return { unread: rows[0]?.unread ?? 0, recent: rows.map(toItem) };
  }

  /** A page of the user's notifications, newest first; with `kindPrefix` only those kinds (`nft`: the NFT messages). */
  async page(userId: number, page: number, limit: number, kindPrefix?: string): Promise<Page<NotificationItem>> {
    const params: (string | number)[] = [userId];
    const kinds = kindPrefix ? `AND kind LIKE $${params.push(`${kindPrefix}%`)}` : '';
    return paginate<Row, NotificationItem>(
      this.db,
      { select: COLUMNS, from: `FROM notifications WHERE user_id = $1 ${kinds}`, orderBy: 'id DESC', params },
      { page, limit },
      (row) => toItem(notificationRows.check(row)),
    );
  }

  async count(userId: number, unreadOnly: boolean, kindPrefix?: string): Promise<number> {
    const params: (string | number)[] = [userId];
    const kinds = kindPrefix ? `AND kind LIKE $${params.push(`${kindPrefix}%`)}` : '';
    const [row] = await this.db.query<{ n: number }>(
      `SELECT COUNT(*)::int AS n FROM notifications WHERE user_id = $1 ${unreadOnly ? 'AND read_at IS NULL' : ''} ${kinds}`,
      params,
    );
    return row?.n ?? 0;
  }

  /** Marks one of the user's notifications (or all of them, or all of `kindPrefix`'s kinds) read; returns how many changed. */
  async markRead(userId: number, id: number | undefined, kindPrefix?: string): Promise<number> {
    const params: (string | number)[] = [userId, this.clock.now()];
    const one = id ? `AND id = $${params.push(id)}` : '';
    const kinds = kindPrefix ? `AND kind LIKE $${params.push(`${kindPrefix}%`)}` : '';
    const rows = await notificationRows.all(
      this.db,
      `UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL ${one} ${kinds} RETURNING ${COLUMNS}`,
      params,
    );
    if (rows.length) {
      // The channel's clients keep only the newest few; the unread count covers the rest.
      const changed = rows.sort((a, b) => b.id - a.id).slice(0, PRIVATE_RECENT_NOTIFICATIONS);
      this.db.afterCommit(() => this.announce(userId, changed.map(toItem)));
    }
    return rows.length;
  }

  /** Pushes changed notifications with the unread count as it is when the message is numbered. */
  private announce(userId: number, changed: NotificationItem[]): Promise<number | null> {
    return this.hub.publishToUser(userId, 'notifications', async () => ({ unread: await this.count(userId, true), changed }));
  }
}
