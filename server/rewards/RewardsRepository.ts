/**
 * All SQL of the rewards area (docs/REWARDS.md): `reward_settings`, `rebates`, `coupon_kinds`,
 * `coupons` and `coupon_uses` (migration 019). Inside a transaction every call takes its `q`.
 */
import type { Page } from '../../domain/api/envelope';
import type { CouponState, CouponType, RebateArea } from '../../domain/rewards/types';
import type { Db, Queryable } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';

export interface KindRow {
  id: number;
  type: CouponType;
  currency_id: number;
  value: string;
  threshold: string | null;
  valid_days: number;
  claimable: boolean;
  total: number;
  claimed: number;
  claim_start: number;
  claim_end: number;
  created_at: number;
}

export interface CouponRow {
  id: number;
  kind_id: number;
  user_id: number;
  type: CouponType;
  currency_id: number;
  value: string;
  remaining: string;
  threshold: string | null;
  source: 'claim' | 'grant';
  state: CouponState;
  uses: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  expired_at: number | null;
}

export interface RebateRow {
  id: number;
  inviter_id: number;
  invitee_id: number;
  area: RebateArea;
  fee_ref: string;
  fee: string;
  paid: string;
  share: string;
  amount: string;
  currency_id: number;
  created_at: number;
}

// NUMERIC columns come back normalised by the drivers' parser ("0.0100" → "0.01").
const KIND_COLUMNS = 'id, type, currency_id, value, threshold, valid_days, claimable, total, claimed, claim_start, claim_end, created_at';
const COUPON_COLUMNS = `id, kind_id, user_id, type, currency_id, value, remaining, threshold, source, state, uses, created_at, expires_at,
  used_at, expired_at`;
const REBATE_COLUMNS = 'id, inviter_id, invitee_id, area, fee_ref, fee, paid, share, amount, currency_id, created_at';

const kindRows = rowReader<KindRow>('coupon_kinds', {
  id: 'int',
  type: 'text',
  currency_id: 'int',
  value: 'decimal',
  threshold: 'decimal?',
  valid_days: 'int',
  claimable: 'bool',
  total: 'int',
  claimed: 'int',
  claim_start: 'int',
  claim_end: 'int',
  created_at: 'int',
});

const couponRows = rowReader<CouponRow>('coupons', {
  id: 'int',
  kind_id: 'int',
  user_id: 'int',
  type: 'text',
  currency_id: 'int',
  value: 'decimal',
  remaining: 'decimal',
  threshold: 'decimal?',
  source: 'text',
  state: 'text',
  uses: 'int',
  created_at: 'int',
  expires_at: 'int',
  used_at: 'int?',
  expired_at: 'int?',
});

const rebateRows = rowReader<RebateRow>('rebates', {
  id: 'int',
  inviter_id: 'int',
  invitee_id: 'int',
  area: 'text',
  fee_ref: 'text',
  fee: 'decimal',
  paid: 'decimal',
  share: 'decimal',
  amount: 'decimal',
  currency_id: 'int',
  created_at: 'int',
});

/** An inviter's rebates summed in one currency (SUM over NUMERIC is NUMERIC). */
interface RebateTotalRow {
  currency_id: number;
  amount: string;
}

const rebateTotalRows = rowReader<RebateTotalRow>('rebates', { currency_id: 'int', amount: 'decimal' });

export class RewardsRepository {
  constructor(private readonly db: Db) {}

  // ---- settings --------------------------------------------------------------------------------

  async setting(key: string, q: Queryable = this.db): Promise<string | null> {
    const [row] = await q.query<{ value: string }>('SELECT value FROM reward_settings WHERE key = $1', [key]);
    return row?.value ?? null;
  }

  async setSetting(key: string, value: string, now: number): Promise<void> {
    await this.db.query(
      `INSERT INTO reward_settings (key, value, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      [key, value, now],
    );
  }

  // ---- rebates ---------------------------------------------------------------------------------

  /** Records a rebate once per fee (`fee_ref`): its id, or null when that fee already paid one. */
  async insertRebate(q: Queryable, r: Omit<RebateRow, 'id'>): Promise<number | null> {
    const rows = await q.query<{ id: number }>(
      `INSERT INTO rebates (inviter_id, invitee_id, area, fee_ref, fee, paid, share, amount, currency_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (fee_ref) DO NOTHING RETURNING id`,
      [r.inviter_id, r.invitee_id, r.area, r.fee_ref, r.fee, r.paid, r.share, r.amount, r.currency_id, r.created_at],
    );
    return rows[0]?.id ?? null;
  }

  async rebates(inviterId: number, page: { page: number; limit: number }): Promise<Page<RebateRow>> {
    return paginate(
      this.db,
      { select: REBATE_COLUMNS, from: 'FROM rebates WHERE inviter_id = $1', orderBy: 'id DESC', params: [inviterId] },
      page,
      rebateRows.check,
    );
  }

  /** The rebates an inviter received, summed per currency. */
  async rebateTotals(inviterId: number): Promise<{ currency_id: number; amount: string }[]> {
    return rebateTotalRows.all(
      this.db,
      'SELECT currency_id, SUM(amount) AS amount FROM rebates WHERE inviter_id = $1 GROUP BY currency_id ORDER BY currency_id',
      [inviterId],
    );
  }

  // ---- coupon kinds ----------------------------------------------------------------------------

  async insertKind(k: Omit<KindRow, 'id' | 'claimed'>): Promise<KindRow> {
    const row = await kindRows.one(
      this.db,
      `INSERT INTO coupon_kinds (type, currency_id, value, threshold, valid_days, claimable, total, claim_start, claim_end, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${KIND_COLUMNS}`,
      [k.type, k.currency_id, k.value, k.threshold, k.valid_days, k.claimable, k.total, k.claim_start, k.claim_end, k.created_at],
    );
    return row!;
  }

  async kinds(): Promise<KindRow[]> {
    return kindRows.all(this.db, `SELECT ${KIND_COLUMNS} FROM coupon_kinds ORDER BY id DESC`);
  }

  /** Claimable kinds whose window has not ended, soonest window first. */
  async claimableKinds(now: number): Promise<KindRow[]> {
    return kindRows.all(this.db, `SELECT ${KIND_COLUMNS} FROM coupon_kinds WHERE claimable AND claim_end > $1 ORDER BY claim_start, id`, [
      now,
    ]);
  }

  async kind(id: number, q: Queryable = this.db): Promise<KindRow | null> {
    const row = await kindRows.one(q, `SELECT ${KIND_COLUMNS} FROM coupon_kinds WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** The kind, locked until the transaction ends: claims of one kind run one after another. */
  async lockKind(q: Queryable, id: number): Promise<KindRow | null> {
    const row = await kindRows.one(q, `SELECT ${KIND_COLUMNS} FROM coupon_kinds WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  async countClaim(q: Queryable, id: number): Promise<void> {
    await q.query('UPDATE coupon_kinds SET claimed = claimed + 1 WHERE id = $1', [id]);
  }

  /** Which of `kindIds` the user claimed. */
  async claimedKinds(userId: number, kindIds: readonly number[], q: Queryable = this.db): Promise<Set<number>> {
    if (!kindIds.length) return new Set();
    const rows = await q.query<{ kind_id: number }>(
      `SELECT kind_id FROM coupons WHERE user_id = $1 AND source = 'claim' AND kind_id = ANY(string_to_array($2, ',')::int[])`,
      [userId, kindIds.join(',')],
    );
    return new Set(rows.map((r) => r.kind_id));
  }

  // ---- coupons ---------------------------------------------------------------------------------

  async insertCoupon(
    q: Queryable,
    c: { kind: KindRow; userId: number; source: 'claim' | 'grant'; now: number; expiresAt: number },
  ): Promise<CouponRow> {
    const row = await couponRows.one(
      q,
      `INSERT INTO coupons (kind_id, user_id, type, currency_id, value, remaining, threshold, source, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9) RETURNING ${COUPON_COLUMNS}`,
      [c.kind.id, c.userId, c.kind.type, c.kind.currency_id, c.kind.value, c.kind.threshold, c.source, c.now, c.expiresAt],
    );
    return row!;
  }

  async coupon(id: number, q: Queryable = this.db): Promise<CouponRow | null> {
    const row = await couponRows.one(q, `SELECT ${COUPON_COLUMNS} FROM coupons WHERE id = $1`, [id]);
    return row ?? null;
  }

  /**
   * The user's coupons in `state` as of `now`: a usable coupon past its expiry is shown expired
   * even before the engine marks it. Usable soonest expiry first; the others newest first.
   */
  async coupons(userId: number, state: CouponState, now: number, page: { page: number; limit: number }): Promise<Page<CouponRow>> {
    const where =
      state === 'usable'
        ? `state = 'usable' AND expires_at > $2`
        : state === 'expired'
          ? `(state = 'expired' OR (state = 'usable' AND expires_at <= $2))`
          : `state = 'used' AND $2::bigint IS NOT NULL`;
    return paginate(
      this.db,
      {
        select: COUPON_COLUMNS,
        from: `FROM coupons WHERE user_id = $1 AND ${where}`,
        orderBy: state === 'usable' ? 'expires_at, id' : 'id DESC',
        params: [userId, now],
      },
      page,
      couponRows.check,
    );
  }

  /** The user's usable, unexpired fee voucher in `currencyId` that expires first, locked. */
  async lockVoucher(q: Queryable, userId: number, currencyId: number, now: number): Promise<CouponRow | null> {
    const row = await couponRows.one(
      q,
      `SELECT ${COUPON_COLUMNS} FROM coupons
       WHERE user_id = $1 AND type = 'futures_fee' AND currency_id = $2 AND state = 'usable' AND expires_at > $3 AND remaining > 0
       ORDER BY expires_at, id LIMIT 1 FOR UPDATE`,
      [userId, currencyId, now],
    );
    return row ?? null;
  }

  /** The user's usable, unexpired deposit bonus in `currencyId` whose threshold `amount` meets, expiring first, locked. */
  async lockBonus(q: Queryable, userId: number, currencyId: number, amount: string, now: number): Promise<CouponRow | null> {
    const row = await couponRows.one(
      q,
      `SELECT ${COUPON_COLUMNS} FROM coupons
       WHERE user_id = $1 AND type = 'deposit_bonus' AND currency_id = $2 AND state = 'usable' AND expires_at > $3 AND threshold <= $4
       ORDER BY expires_at, id LIMIT 1 FOR UPDATE`,
      [userId, currencyId, now, amount],
    );
    return row ?? null;
  }

  /** Takes `amount` off a locked usable coupon and records the payment; used up → `used`. */
  async spend(
    q: Queryable,
    c: { coupon: CouponRow; amount: string; kind: 'fee' | 'deposit'; ref: string; now: number },
  ): Promise<CouponRow> {
    const row = await couponRows.one(
      q,
      `UPDATE coupons SET remaining = remaining - $2, uses = uses + 1,
         state = CASE WHEN remaining - $2 = 0 THEN 'used' ELSE state END,
         used_at = CASE WHEN remaining - $2 = 0 THEN $3 ELSE used_at END
       WHERE id = $1 AND state = 'usable' RETURNING ${COUPON_COLUMNS}`,
      [c.coupon.id, c.amount, c.now],
    );
    if (!row) throw new Error(`coupon ${c.coupon.id} is not usable`);
    await q.query(
      `INSERT INTO coupon_uses (coupon_id, user_id, kind, ref, amount, currency_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [c.coupon.id, c.coupon.user_id, c.kind, c.ref, c.amount, c.coupon.currency_id, c.now],
    );
    return row;
  }

  /** Usable coupons whose expiry has come, oldest first. */
  async due(now: number, limit: number): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT id FROM coupons WHERE state = 'usable' AND expires_at <= $1 ORDER BY expires_at, id LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Marks a coupon expired once: only while usable and past its expiry (the row's lock decides). */
  async expire(q: Queryable, id: number, now: number): Promise<CouponRow | null> {
    const row = await couponRows.one(
      q,
      `UPDATE coupons SET state = 'expired', expired_at = $2 WHERE id = $1 AND state = 'usable' AND expires_at <= $2 RETURNING ${COUPON_COLUMNS}`,
      [id, now],
    );
    return row ?? null;
  }

  /** The soonest expiry of a usable coupon after `now`. */
  async nextExpiry(now: number): Promise<number | null> {
    const [row] = await this.db.query<{ next: number | null }>(
      `SELECT MIN(expires_at) AS next FROM coupons WHERE state = 'usable' AND expires_at > $1`,
      [now],
    );
    return row?.next ?? null;
  }
}
