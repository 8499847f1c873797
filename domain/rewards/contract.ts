/**
 * The rewards endpoints (docs/REWARDS.md): the invite summary, rebates,
 * invitees, the coupon center, claiming (moves no money but takes a limited quantity:
 * `Idempotency-Key`) and the caller's coupons.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { pageFields, positiveIntParam } from '../api/fields';
import { COUPON_STATES, type CouponItem, type CouponKindView, type InviteSummary, type InviteeItem, type RebateItem } from './types';

export const rewardsEndpoints = defineEndpoints({
  /** The caller's invite code, link parts, invite and traded counts, and rebate totals per currency. */
  '/rewards/invite': endpoint<InviteSummary>()({ method: 'GET', access: 'user', input: z.object({}) }),
  /** Rebates credited to the caller, newest first. */
  '/rewards/rebates': endpoint<Page<RebateItem>>()({ method: 'GET', access: 'user', input: z.object({ ...pageFields }) }),
  /** Users who registered with the caller's code, newest first, names masked. */
  '/rewards/invitees': endpoint<Page<InviteeItem>>()({ method: 'GET', access: 'user', input: z.object({ ...pageFields }) }),
  /** The coupon center: claimable kinds whose window has not ended; with a session, whether the caller holds one. */
  '/rewards/coupons/center': endpoint<CouponKindView[]>()({ method: 'GET', access: 'public', input: z.object({}) }),
  /** Claims one coupon of a kind (one per user, within its window and quantity). */
  '/rewards/coupons/claim': endpoint<CouponItem>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({ kind_id: positiveIntParam('validation.rewardsCouponRequired') }),
  }),
  /** The caller's coupons in one state, soonest expiry first for usable ones, newest first otherwise. */
  '/rewards/coupons': endpoint<Page<CouponItem>>()({
    method: 'GET',
    access: 'user',
    input: z.object({ state: z.enum(COUPON_STATES, { error: 'validation.invalid' }).optional().default('usable'), ...pageFields }),
  }),
});
