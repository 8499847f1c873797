import type { IdentityState } from '../../domain/identity/types';
import type { Clock } from '../clock';
import { UNIQUE_VIOLATION, sqlState, type Db } from '../db/db';
import { rowReader } from '../db/rows';
import { AppError, identityError } from '../http/AppError';
import type { Notifications } from '../notifications/Notifications';
import type { UploadStore } from '../uploads/UploadStore';
import type { UserRepository } from '../users/UserRepository';
import type { OpsIdentityDecision } from '../../domain/ops/types';

/** One identity submission as stored: what the operator API lists. */
export type IdentityRow = OpsIdentityDecision;

const IDENTITY_COLUMNS = `id, user_id, level, id_type, name, card_id, country, front_upload_id, reverse_upload_id, status, reason,
  created_at, decided_at`;

const identityRows = rowReader<IdentityRow>('identities', {
  id: 'int',
  user_id: 'int',
  level: 'int',
  id_type: 'text?',
  name: 'text?',
  card_id: 'text?',
  country: 'text?',
  front_upload_id: 'int?',
  reverse_upload_id: 'int?',
  status: 'text',
  reason: 'text?',
  created_at: 'int',
  decided_at: 'int?',
});

export type BasicDetails = { id_type: string; name: string; card_id: string; country: string };
export type AdvancedDetails = { front_pic: string; reverse_pic: string };

/** Shows the first character and hides the rest: "张**", "J*** D**". */
function maskName(name: string): string {
  return name
    .split(' ')
    .map((part) => [...part].map((c, i) => (i === 0 ? c : '*')).join(''))
    .join(' ');
}

/**
 * Identity verification (KYC): submissions per level, the review by an operator, and the
 * level check other features call before acting.
 */
export class Identities {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly users: UserRepository,
    private readonly uploads: UploadStore,
    private readonly notifications: Notifications,
  ) {}

  async state(userId: number): Promise<IdentityState> {
    const user = await this.users.byId(userId);
    const latest = await identityRows.one(
      this.db,
      `SELECT ${IDENTITY_COLUMNS} FROM identities WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [userId],
    );
    const basic = await identityRows.one(
      this.db,
      `SELECT ${IDENTITY_COLUMNS} FROM identities WHERE user_id = $1 AND level = 1 AND status <> 'rejected' ORDER BY id DESC LIMIT 1`,
      [userId],
    );
    return {
      level: (user?.identity_level ?? 0) as 0 | 1 | 2,
      status: latest?.status ?? 'none',
      submitted_level: latest?.level ?? null,
      reason: latest?.status === 'rejected' ? latest.reason : null,
      email_bound: Boolean(user?.email),
      mobile_bound: Boolean(user?.mobile),
      name: basic?.name ? maskName(basic.name) : null,
      id_type: basic?.id_type ?? null,
    };
  }

  /** Submits level 1 (document details) or level 2 (document photos) for review. */
  async submit(userId: number, level: 1 | 2, details: BasicDetails | AdvancedDetails): Promise<void> {
    const state = await this.state(userId);
    if (!state.email_bound || !state.mobile_bound) throw new AppError('errors.bindContactsFirst');
    if (state.level >= level) throw new AppError('errors.identityAlreadyCertified');
    if (level === 2 && state.level < 1) throw new AppError('errors.basicIdentityFirst');
    const now = this.clock.now();
    try {
      await this.db.tx(async (q) => {
        if (level === 1) {
          const d = details as BasicDetails;
          await q.query(
            `INSERT INTO identities (user_id, level, id_type, name, card_id, country, status, created_at) VALUES ($1, 1, $2, $3, $4, $5, 'pending', $6)`,
            [userId, d.id_type, d.name, d.card_id.toUpperCase(), d.country, now],
          );
          return;
        }
        const d = details as AdvancedDetails;
        const front = await this.uploads.ownedByUrl(d.front_pic, userId, ['identity'], q);
        const reverse = await this.uploads.ownedByUrl(d.reverse_pic, userId, ['identity'], q);
        if (!front) throw new AppError('validation.frontPicRequired');
        if (!reverse || reverse.id === front.id) throw new AppError('validation.reversePicRequired');
        await q.query(
          `INSERT INTO identities (user_id, level, front_upload_id, reverse_upload_id, status, created_at) VALUES ($1, 2, $2, $3, 'pending', $4)`,
          [userId, front.id, reverse.id, now],
        );
      });
    } catch (error) {
      if (sqlState(error) === UNIQUE_VIOLATION) throw new AppError('errors.identityPending');
      throw error;
    }
  }

  /**
   * An operator's decision; takes effect once. Approval needs email and phone bound
   * and raises the user's level; either way the user is notified.
   */
  async decide(id: number, decision: { approve: true } | { approve: false; reason: string }): Promise<IdentityRow> {
    const { row, push } = await this.db.tx(async (q) => {
      const row = await identityRows.one(q, `SELECT ${IDENTITY_COLUMNS} FROM identities WHERE id = $1 FOR UPDATE`, [id]);
      if (!row) throw new AppError('errors.identityNotFound');
      if (row.status !== 'pending') throw new AppError('errors.alreadyDecided');
      const now = this.clock.now();
      if (decision.approve) {
        const user = await this.users.lockById(row.user_id, q);
        if (!user?.email || !user.mobile) throw new AppError('errors.bindContactsFirst');
        await this.users.raiseIdentityLevel(row.user_id, row.level, q);
      }
      const updated = await identityRows.one(
        q,
        `UPDATE identities SET status = $2, reason = $3, decided_at = $4 WHERE id = $1 RETURNING ${IDENTITY_COLUMNS}`,
        [id, decision.approve ? 'approved' : 'rejected', decision.approve ? null : decision.reason, now],
      );
      const push = await this.notifications.create(
        q,
        row.user_id,
        decision.approve ? 'identityApproved' : 'identityRejected',
        decision.approve ? { level: row.level } : { level: row.level, reason: decision.reason },
      );
      return { row: updated!, push };
    });
    push();
    return row;
  }

  /** Throws type 998 unless the user's approved identity level is at least `level`. */
  async require(userId: number, level: 1 | 2): Promise<void> {
    const user = await this.users.byId(userId);
    if ((user?.identity_level ?? 0) < level)
      throw identityError(level === 1 ? 'errors.identityRequired' : 'errors.advancedIdentityRequired');
  }

  /** Submissions for review, oldest first, with their owner and document links for an operator. */
  async list(
    status: IdentityRow['status'] | null,
    limit = 100,
  ): Promise<(IdentityRow & { email: string | null; mobile: string | null; front: string | null; reverse: string | null })[]> {
    const rows = await identityRows.all(
      this.db,
      `SELECT ${IDENTITY_COLUMNS} FROM identities WHERE ($1::text IS NULL OR status = $1) ORDER BY id LIMIT $2`,
      [status, limit],
    );
    const [contacts, photos] = await Promise.all([
      this.users.contacts(rows.map((r) => r.user_id)),
      this.uploads.urlsById(rows.flatMap((r) => [r.front_upload_id, r.reverse_upload_id])),
    ]);
    const photo = (id: number | null) => (id === null ? null : (photos.get(id) ?? null));
    return rows.map((r) => ({
      ...r,
      email: contacts.get(r.user_id)?.email ?? null,
      mobile: contacts.get(r.user_id)?.mobile ?? null,
      front: photo(r.front_upload_id),
      reverse: photo(r.reverse_upload_id),
    }));
  }
}
