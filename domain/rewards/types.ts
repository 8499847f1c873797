/**
 * Invitations, rebates and coupons (docs/REWARDS.md). Wire types shared
 * by the server and the app. Amounts and rates are decimal strings; times epoch milliseconds.
 */

/** The trading areas whose fees pay rebates (options charge no fee). */
export const REBATE_AREAS = ['futures', 'spot'] as const;
export type RebateArea = (typeof REBATE_AREAS)[number];

/** One currency's rebate total. */
export interface RebateTotal {
  currency_id: number;
  currency: string;
  amount: string;
}

/** `GET /rewards/invite`: the caller's invite code, what the link is made of, counts and rebate totals. */
export interface InviteSummary {
  invite_code: string;
  /** The app route a link opens, with the code as its `code` query parameter. */
  register_path: string;
  invite_count: number;
  traded_count: number;
  /** The share of each invitee's trading fees (after vouchers) the inviter receives now (`0.2` is 20%). */
  rebate_share: string;
  totals: RebateTotal[];
}

/** One rebate credited to the caller (`GET /rewards/rebates`). */
export interface RebateItem {
  id: number;
  area: RebateArea;
  /** The invitee, masked. */
  invitee: string;
  /** The fee charged, what the invitee actually paid of it (fee − voucher), the share and the rebate. */
  fee: string;
  paid: string;
  share: string;
  amount: string;
  currency_id: number;
  currency: string;
  created_at: number;
}

/** One user who registered with the caller's code (`GET /rewards/invitees`). */
export interface InviteeItem {
  /** The invitee's user id (rows of a page are keyed by it). */
  id: number;
  /** Masked nickname: `Al***e`. */
  name: string;
  traded: boolean;
  joined_at: number;
}

export const COUPON_TYPES = ['futures_fee', 'deposit_bonus'] as const;
/** `futures_fee`: a voucher of face value V that pays futures trading fees until used up; `deposit_bonus`: B credited once on an approved deposit of at least the threshold. */
export type CouponType = (typeof COUPON_TYPES)[number];

export const COUPON_STATES = ['usable', 'used', 'expired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** A coupon kind as the coupon center lists it. */
export interface CouponKindView {
  id: number;
  type: CouponType;
  currency_id: number;
  currency: string;
  /** Face value (voucher) or bonus. */
  value: string;
  /** Smallest deposit a bonus needs; null for a voucher. */
  threshold: string | null;
  /** Days a coupon stays usable once claimed. */
  valid_days: number;
  total: number;
  claimed: number;
  remaining: number;
  claim_start: number;
  claim_end: number;
  /** `open` now, `upcoming` (window not started), `ended`, or `sold_out`. */
  status: 'open' | 'upcoming' | 'ended' | 'sold_out';
  /** With a session: the caller already holds one of this kind. */
  claimed_by_me: boolean;
}

/** A coupon the user holds. */
export interface CouponItem {
  id: number;
  kind_id: number;
  type: CouponType;
  currency_id: number;
  currency: string;
  value: string;
  /** What is left to use (a voucher's unspent value; a bonus's full value until used). */
  remaining: string;
  threshold: string | null;
  state: CouponState;
  source: 'claim' | 'grant';
  /** How many fees or deposits it paid. */
  uses: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
