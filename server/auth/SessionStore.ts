import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { rowReader } from '../db/rows';
import type { AuthUser } from '../http/context';

/** A session dies after this long without a request… */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
/** …and after this long in any case. */
export const SESSION_MAX_MS = 30 * 24 * 3600_000;
/** "Stay logged in" sessions: longer idle and absolute limits. */
export const REMEMBER_IDLE_MS = 30 * 24 * 3600_000;
export const REMEMBER_MAX_MS = 90 * 24 * 3600_000;
/** `last_seen_at` is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;
/**
 * How long a session read for a request is trusted without reading it again. A revocation made on
 * this node forgets it at once; one made on another node when the cluster bus tells this one
 * (`forget`), and at the latest after this long.
 */
export const SESSION_TRUST_MS = 2_000;
/** Sessions trusted at once, at most (the longest unused go first). */
const TRUSTED_MAX = 50_000;
/** How long a revoked session is never trusted from a read: a read made before its revocation committed may still return it. */
const REVOKED_KEEP_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a request's authentication needs of its session (the touch is decided in SQL), and until when it holds. */
interface SessionRow {
  id: number;
  user_id: number;
  /** The earlier of the absolute expiry and the idle one (from the last request, this one included). */
  valid_until: number;
}

const sessionRows = rowReader<SessionRow>('sessions', { id: 'int', user_id: 'int', valid_until: 'int' });

/** A session read lately: trusted for requests until `until`. */
interface Trusted {
  user: AuthUser;
  until: number;
}

type RevokeListener = (sessionIds: number[]) => void;

export interface SessionRecord {
  id: number;
  created_at: number;
  last_seen_at: number;
  ip: string | null;
  user_agent: string | null;
  remember: boolean;
}

const recordRows = rowReader<SessionRecord>('sessions', {
  id: 'int',
  created_at: 'int',
  last_seen_at: 'int',
  ip: 'text?',
  user_agent: 'text?',
  remember: 'bool',
});

/**
 * Login sessions. The client holds a 256-bit random token; only its SHA-256 is stored, so a
 * database leak yields no usable token. Sessions end on logout, idle or absolute expiry, or
 * revocation (password change).
 */
export class SessionStore {
  private listeners = new Set<RevokeListener>();
  /** By token hash. */
  private readonly trusted = new Map<string, Trusted>();
  /** Token hash by session id, for the sessions in `trusted`. */
  private readonly hashOf = new Map<number, string>();
  /** Revoked lately: session id → until when reads of it are not trusted. */
  private readonly revoked = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Starts a session and returns its token; `remember` makes it a long "stay logged in" one. */
  async create(userId: number, meta: { ip: string; userAgent: string; remember?: boolean }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const remember = meta.remember ?? false;
    await this.db.query(
      `INSERT INTO sessions (user_id, token_hash, created_at, last_seen_at, expires_at, idle_ms, remember, ip, user_agent)
       VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8)`,
      [
        userId,
        hashToken(token),
        now,
        now + (remember ? REMEMBER_MAX_MS : SESSION_MAX_MS),
        remember ? REMEMBER_IDLE_MS : SESSION_IDLE_MS,
        remember,
        meta.ip,
        meta.userAgent,
      ],
    );
    return token;
  }

  /** Switches "stay logged in" for one session; the limits count from the session's start. */
  async setRemember(sessionId: number, remember: boolean): Promise<void> {
    await this.db.query(
      `UPDATE sessions SET remember = $2, idle_ms = $3, expires_at = created_at + $4 WHERE id = $1 AND revoked_at IS NULL`,
      [sessionId, remember, remember ? REMEMBER_IDLE_MS : SESSION_IDLE_MS, remember ? REMEMBER_MAX_MS : SESSION_MAX_MS],
    );
    // Its limits changed: the next request reads them.
    this.untrust(sessionId);
  }

  /** The user's live sessions, most recent first. */
  async list(userId: number): Promise<SessionRecord[]> {
    const now = this.clock.now();
    return recordRows.all(
      this.db,
      `SELECT id, created_at, last_seen_at, ip, user_agent, remember FROM sessions
       WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND last_seen_at + idle_ms > $2
       ORDER BY last_seen_at DESC`,
      [userId, now],
    );
  }

  /**
   * The user and session a token stands for, or null. A session read for an earlier request is
   * trusted for `SESSION_TRUST_MS` (never past its expiry) without reading it again: most
   * requests of an active user cost no statement.
   */
  async authenticate(token: string): Promise<AuthUser | null> {
    if (token.length > 128) return null;
    const now = this.clock.now();
    const hash = hashToken(token);
    const known = this.trusted.get(hash);
    if (known && now < known.until) return known.user;
    if (known) this.untrust(known.user.sessionId);
    // One round trip: the session, and `last_seen_at` moved on when it is older than the touch
    // interval (the update writes only then, so most requests only read).
    const row = await sessionRows.one(
      this.db,
      `WITH s AS (
         SELECT id, user_id, last_seen_at, expires_at, idle_ms FROM sessions
         WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2 AND last_seen_at + idle_ms > $2
       ), touched AS (
         UPDATE sessions SET last_seen_at = $2 FROM s WHERE sessions.id = s.id AND s.last_seen_at < $2 - $3
       )
       SELECT id, user_id,
         LEAST(expires_at, CASE WHEN last_seen_at < $2 - $3 THEN $2 ELSE last_seen_at END + idle_ms) AS valid_until
       FROM s`,
      [hash, now, TOUCH_EVERY_MS],
    );
    if (!row) return null;
    const user = { id: row.user_id, sessionId: row.id };
    if (!this.revoked.has(row.id)) this.trust(hash, user, Math.min(now + SESSION_TRUST_MS, row.valid_until));
    return user;
  }

  /**
   * Stops trusting sessions read earlier: revoked on another node (the cluster bus tells this one).
   * This node's own revocations do it themselves.
   */
  forget(sessionIds: readonly number[]): void {
    const now = this.clock.now();
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
    for (const id of sessionIds) {
      this.untrust(id);
      this.revoked.set(id, now + REVOKED_KEEP_MS);
    }
  }

  private trust(hash: string, user: AuthUser, until: number): void {
    this.untrust(user.sessionId);
    this.trusted.set(hash, { user, until });
    this.hashOf.set(user.sessionId, hash);
    if (this.trusted.size > TRUSTED_MAX) {
      const [, oldest] = this.trusted.entries().next().value!;
      this.untrust(oldest.user.sessionId);
    }
  }

  private untrust(sessionId: number): void {
    const hash = this.hashOf.get(sessionId);
    if (hash === undefined) return;
    this.trusted.delete(hash);
    this.hashOf.delete(sessionId);
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [sessionId, this.clock.now()]);
    this.notify([sessionId]);
  }

  /**
   * Revokes every live session of `userId` (password change or reset), optionally keeping one;
   * pass the transaction that changes the password so both happen or neither.
   */
  async revokeAll(userId: number, exceptSessionId: number | null = null, q: Queryable = this.db): Promise<void> {
    const rows = await q.query<{ id: number }>(
      `UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND id <> $3 RETURNING id`,
      [userId, this.clock.now(), exceptSessionId ?? 0],
    );
    this.notify(rows.map((r) => r.id));
  }

  /** Called with the ids of revoked sessions (the socket layer drops their private channel). */
  onRevoke(listener: RevokeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(ids: number[]): void {
    if (!ids.length) return;
    this.forget(ids);
    for (const l of this.listeners) l(ids);
  }
}
