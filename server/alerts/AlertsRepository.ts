/**
 * The one owner of `price_alerts` and `push_subscriptions` (migration 023): every SQL string
 * naming them lives here. Rows are read through checked row readers (server/db/rows.ts).
 */
import type { AlertKind, AlertState } from '../../domain/alerts/types';
import type { Db, Queryable } from '../db/db';
import { rowReader } from '../db/rows';

// The threshold is stored normalised (checkThreshold) and comes back so from the drivers' parser; the
// fired price and change are cast to text so they keep the decimals the tick recorded ("58999.50", "5.00").
const ALERT_COLUMNS = `id, user_id, match_id, kind, threshold, state, created_at, updated_at, fired_at,
  fired_price::text AS fired_price, fired_change::text AS fired_change`;

export interface AlertRow {
  id: number;
  user_id: number;
  match_id: number;
  kind: AlertKind;
  threshold: string;
  state: AlertState;
  created_at: number;
  updated_at: number;
  fired_at: number | null;
  fired_price: string | null;
  fired_change: string | null;
}

export interface PushSubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The recorded tick an alert fired at. */
export interface FireMark {
  ts: number;
  price: string;
  change: string;
}

const alertRows = rowReader<AlertRow>('price_alerts', {
  id: 'int',
  user_id: 'int',
  match_id: 'int',
  kind: 'text',
  threshold: 'decimal',
  state: 'text',
  created_at: 'int',
  updated_at: 'int',
  fired_at: 'int?',
  fired_price: 'decimal?',
  fired_change: 'decimal?',
});

const subscriptionRows = rowReader<PushSubscriptionRow>('push_subscriptions', {
  id: 'int',
  user_id: 'int',
  endpoint: 'text',
  p256dh: 'text',
  auth: 'text',
});

export class AlertsRepository {
  constructor(private readonly db: Db) {}

  /** The user's alerts: active first, then triggered, newest first within each. */
  async list(userId: number, q: Queryable = this.db): Promise<AlertRow[]> {
    return alertRows.all(q, `SELECT ${ALERT_COLUMNS} FROM price_alerts WHERE user_id = $1 ORDER BY (state = 'active') DESC, id DESC`, [
      userId,
    ]);
  }

  /** Every armed alert (the engine's working set). */
  async active(q: Queryable = this.db): Promise<AlertRow[]> {
    return alertRows.all(q, `SELECT ${ALERT_COLUMNS} FROM price_alerts WHERE state = 'active' ORDER BY id`);
  }

  /** One alert of the user, locked for the caller's transaction; null when it is not theirs or gone. */
  async lockOwn(userId: number, id: number, q: Queryable): Promise<AlertRow | null> {
    const row = await alertRows.one(q, `SELECT ${ALERT_COLUMNS} FROM price_alerts WHERE id = $1 AND user_id = $2 FOR UPDATE`, [id, userId]);
    return row ?? null;
  }

  /** How many alerts the user has, in all and armed. */
  async counts(userId: number, q: Queryable): Promise<{ total: number; active: number }> {
    const [row] = await q.query<{ total: number; active: number }>(
      `SELECT COUNT(*)::int AS total, COUNT(*) FILTER (WHERE state = 'active')::int AS active FROM price_alerts WHERE user_id = $1`,
      [userId],
    );
    return { total: row?.total ?? 0, active: row?.active ?? 0 };
  }

  async insert(a: { userId: number; matchId: number; kind: AlertKind; threshold: string; at: number }, q: Queryable): Promise<AlertRow> {
    const row = await alertRows.one(
      q,
      `INSERT INTO price_alerts (user_id, match_id, kind, threshold, state, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'active', $5, $5) RETURNING ${ALERT_COLUMNS}`,
      [a.userId, a.matchId, a.kind, a.threshold, a.at],
    );
    return row!;
  }

  /** New kind and threshold, and armed again (a triggered alert forgets its fire). */
  async rearm(id: number, kind: AlertKind, threshold: string, at: number, q: Queryable): Promise<AlertRow> {
    const row = await alertRows.one(
      q,
      `UPDATE price_alerts SET kind = $2, threshold = $3, state = 'active', updated_at = $4, fired_at = NULL, fired_price = NULL,
       fired_change = NULL WHERE id = $1 RETURNING ${ALERT_COLUMNS}`,
      [id, kind, threshold, at],
    );
    return row!;
  }

  async delete(id: number, q: Queryable): Promise<void> {
    await q.query('DELETE FROM price_alerts WHERE id = $1', [id]);
  }

  /**
   * Fires alert `id` at `mark` if it is still armed with the same rule the engine judged
   * (`kind`, `threshold`, `updatedAt`): the conditional UPDATE is what makes a fire happen once,
   * however many nodes or retries try. Null when it was not armed any more (or was edited).
   */
  async fire(
    id: number,
    expected: { kind: AlertKind; threshold: string; updatedAt: number },
    mark: FireMark,
    q: Queryable,
  ): Promise<AlertRow | null> {
    const row = await alertRows.one(
      q,
      `UPDATE price_alerts SET state = 'triggered', fired_at = $5, fired_price = $6, fired_change = $7
       WHERE id = $1 AND state = 'active' AND kind = $2 AND threshold = $3 AND updated_at = $4 RETURNING ${ALERT_COLUMNS}`,
      [id, expected.kind, expected.threshold, expected.updatedAt, mark.ts, mark.price, mark.change],
    );
    return row ?? null;
  }

  // ---- push subscriptions --------------------------------------------------------------------

  /** Records a browser's subscription for `userId`; the same endpoint again takes the new keys and owner. */
  async subscribe(
    s: { userId: number; endpoint: string; p256dh: string; auth: string; at: number },
    q: Queryable = this.db,
  ): Promise<void> {
    await q.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
       created_at = EXCLUDED.created_at`,
      [s.userId, s.endpoint, s.p256dh, s.auth, s.at],
    );
  }

  async subscriptionCount(userId: number, q: Queryable): Promise<number> {
    const [row] = await q.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM push_subscriptions WHERE user_id = $1', [userId]);
    return row?.n ?? 0;
  }

  /** Whether `endpoint` is recorded for `userId`. */
  async hasSubscription(userId: number, endpoint: string, q: Queryable): Promise<boolean> {
    const rows = await q.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [userId, endpoint]);
    return rows.length > 0;
  }

  /** Forgets the user's subscription at `endpoint` (another user's is left alone). */
  async unsubscribe(userId: number, endpoint: string, q: Queryable = this.db): Promise<void> {
    await q.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [userId, endpoint]);
  }

  /** The user's push subscriptions, oldest first. */
  async subscriptions(userId: number, q: Queryable = this.db): Promise<PushSubscriptionRow[]> {
    return subscriptionRows.all(q, 'SELECT id, user_id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1 ORDER BY id', [
      userId,
    ]);
  }

  /** Deletes one subscription the push service said is gone (404/410). */
  async deleteSubscription(id: number, q: Queryable = this.db): Promise<void> {
    await q.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
  }
}
