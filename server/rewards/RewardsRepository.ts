/**
 * All SQL of the rewards area (docs/REWARDS.md): `reward_settings`, `rebates`, `coupon_kinds`,
 * `coupons` and `coupon_uses` (migration 019). Inside a transaction every call takes its `q`.
 */
import type { Page } from '../../domain/api/envelope';
import type { CouponState, CouponType, RebateArea } from '../../domain/rewards/types';
import type { Db, Queryable } from '../db/db';
import { paginate } from '../db/paginate';

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

const KIND_COLUMNS = `id, type, currency_id, value::text AS value, threshold::text AS threshold, valid_days, claimable, total, claimed,
  claim_start, claim_end, created_at`;
const COUPON_COLUMNS = `id, kind_id, user_id, type, currency_id, value::text AS value, remaining::text AS remaining,
  threshold::text AS threshold, source, state, uses, created_at, expires_at, used_at, expired_at`;
const REBATE_COLUMNS = `id, inviter_id, invitee_id, area, fee_ref, fee::text AS fee, paid::text AS paid, share::text AS share,
  amount::text AS amount, currency_id, created_at`;

const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toKind(r: KindRow): KindRow {
  return {
    ...r,
    id: num(r.id),
    currency_id: num(r.currency_id),
    valid_days: num(r.valid_days),
    total: num(r.total),
    claimed: num(r.claimed),
    claim_start: num(r.claim_start),
    claim_end: num(r.claim_end),
    created_at: num(r.created_at),
  };
}

function toCoupon(r: CouponRow): CouponRow {
  return {
    ...r,
    id: num(r.id),
    kind_id: num(r.kind_id),
    user_id: num(r.user_id),
    currency_id: num(r.currency_id),
    uses: num(r.uses),
    created_at: num(r.created_at),
    expires_at: num(r.expires_at),
    used_at: numOrNull(r.used_at),
    expired_at: numOrNull(r.expired_at),
  };
}

function toRebate(r: RebateRow): RebateRow {
  return {
    ...r,
    id: num(r.id),
    inviter_id: num(r.inviter_id),
    invitee_id: num(r.invitee_id),
    currency_id: num(r.currency_id),
    created_at: num(r.created_at),
  };
}

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
    return rows[0] ? Number(rows[0].id) : null;
  }

  async rebates(inviterId: number, page: { page: number; limit: number }): Promise<Page<RebateRow>> {
    return paginate<RebateRow, RebateRow>(
      this.db,
      { select: REBATE_COLUMNS, from: 'FROM rebates WHERE inviter_id = $1', orderBy: 'id DESC', params: [inviterId] },
      page,
      toRebate,
    );
  }

  /** The rebates an inviter received, summed per currency. */
  async rebateTotals(inviterId: number): Promise<{ currency_id: number; amount: string }[]> {
    const rows = await this.db.query<{ currency_id: number; amount: string }>(
      'SELECT currency_id, SUM(amount)::text AS amount FROM rebates WHERE inviter_id = $1 GROUP BY currency_id ORDER BY currency_id',
      [inviterId],
    );
    return rows.map((r) => ({ currency_id: num(r.currency_id), amount: r.amount }));
  }

  // ---- coupon kinds ----------------------------------------------------------------------------

  async insertKind(k: Omit<KindRow, 'id' | 'claimed'>): Promise<KindRow> {
    const [row] = await this.db.query<KindRow>(
      `INSERT INTO coupon_kinds (type, currency_id, value, threshold, valid_days, claimable, total, claim_start, claim_end, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${KIND_COLUMNS}`,
      [k.type, k.currency_id, k.value, k.threshold, k.valid_days, k.claimable, k.total, k.claim_start, k.claim_end, k.created_at],
    );
    return toKind(row!);
  }

  async kinds(): Promise<KindRow[]> {
    return (await this.db.query<KindRow>(`SELECT ${KIND_COLUMNS} FROM coupon_kinds ORDER BY id DESC`)).map(toKind);
  }

  /** Claimable kinds whose window has not ended, soonest window first. */
  async claimableKinds(now: number): Promise<KindRow[]> {
    return (
      await this.db.query<KindRow>(`SELECT ${KIND_COLUMNS} FROM coupon_kinds WHERE claimable AND claim_end > $1 ORDER BY claim_start, id`, [
        now,
      ])
    ).map(toKind);
  }

  async kind(id: number, q: Queryable = this.db): Promise<KindRow | null> {
    const [row] = await q.query<KindRow>(`SELECT ${KIND_COLUMNS} FROM coupon_kinds WHERE id = $1`, [id]);
    return row ? toKind(row) : null;
  }

  /** The kind, locked until the transaction ends: claims of one kind run one after another. */
  async lockKind(q: Queryable, id: number): Promise<KindRow | null> {
    const [row] = await q.query<KindRow>(`SELECT ${KIND_COLUMNS} FROM coupon_kinds WHERE id = $1 FOR UPDATE`, [id]);
    return row ? toKind(row) : null;
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
    return new Set(rows.map((r) => num(r.kind_id)));
  }

  // ---- coupons ---------------------------------------------------------------------------------

  async insertCoupon(
    q: Queryable,
    c: { kind: KindRow; userId: number; source: 'claim' | 'grant'; now: number; expiresAt: number },
  ): Promise<CouponRow> {
    const [row] = await q.query<CouponRow>(
      `INSERT INTO coupons (kind_id, user_id, type, currency_id, value, remaining, threshold, source, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9) RETURNING ${COUPON_COLUMNS}`,
      [c.kind.id, c.userId, c.kind.type, c.kind.currency_id, c.kind.value, c.kind.threshold, c.source, c.now, c.expiresAt],
    );
    return toCoupon(row!);
  }

  async coupon(id: number, q: Queryable = this.db): Promise<CouponRow | null> {
    const [row] = await q.query<CouponRow>(`SELECT ${COUPON_COLUMNS} FROM coupons WHERE id = $1`, [id]);
    return row ? toCoupon(row) : null;
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
    return paginate<CouponRow, CouponRow>(
      this.db,
      {
        select: COUPON_COLUMNS,
        from: `FROM coupons WHERE user_id = $1 AND ${where}`,
        orderBy: state === 'usable' ? 'expires_at, id' : 'id DESC',
        params: [userId, now],
      },
      page,
      toCoupon,
    );
  }

  /** The user's usable, unexpired fee voucher in `currencyId` that expires first, locked. */
  async lockVoucher(q: Queryable, userId: number, currencyId: number, now: number): Promise<CouponRow | null> {
    const [row] = await q.query<CouponRow>(
      `SELECT ${COUPON_COLUMNS} FROM coupons
       WHERE user_id = $1 AND type = 'futures_fee' AND currency_id = $2 AND state = 'usable' AND expires_at > $3 AND remaining > 0
       ORDER BY expires_at, id LIMIT 1 FOR UPDATE`,
      [userId, currencyId, now],
    );
    return row ? toCoupon(row) : null;
  }

  /** The user's usable, unexpired deposit bonus in `currencyId` whose threshold `amount` meets, expiring first, locked. */
  async lockBonus(q: Queryable, userId: number, currencyId: number, amount: string, now: number): Promise<CouponRow | null> {
    const [row] = await q.query<CouponRow>(
      `SELECT ${COUPON_COLUMNS} FROM coupons
       WHERE user_id = $1 AND type = 'deposit_bonus' AND currency_id = $2 AND state = 'usable' AND expires_at > $3 AND threshold <= $4
       ORDER BY expires_at, id LIMIT 1 FOR UPDATE`,
      [userId, currencyId, now, amount],
    );
    return row ? toCoupon(row) : null;
  }

  /** Takes `amount` off a locked usable coupon and records the payment; used up → `used`. */
  async spend(
    q: Queryable,
    c: { coupon: CouponRow; amount: string; kind: 'fee' | 'deposit'; ref: string; now: number },
  ): Promise<CouponRow> {
    const [row] = await q.query<CouponRow>(
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
    return toCoupon(row);
  }

  /** Usable coupons whose expiry has come, oldest first. */
  async due(now: number, limit: number): Promise<number[]> {
    const rows = await this.db.query<{ id: number }>(
      `SELECT id FROM coupons WHERE state = 'usable' AND expires_at <= $1 ORDER BY expires_at, id LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => num(r.id));
  }

  /** Marks a coupon expired once: only while usable and past its expiry (the row's lock decides). */
  async expire(q: Queryable, id: number, now: number): Promise<CouponRow | null> {
    const [row] = await q.query<CouponRow>(
      `UPDATE coupons SET state = 'expired', expired_at = $2 WHERE id = $1 AND state = 'usable' AND expires_at <= $2 RETURNING ${COUPON_COLUMNS}`,
      [id, now],
    );
    return row ? toCoupon(row) : null;
  }

  /** The soonest expiry of a usable coupon after `now`. */
  async nextExpiry(now: number): Promise<number | null> {
    const [row] = await this.db.query<{ next: number | null }>(
      `SELECT MIN(expires_at) AS next FROM coupons WHERE state = 'usable' AND expires_at > $1`,
      [now],
    );
    return numOrNull(row?.next);
  }
}
