/**
 * The rewards operator endpoints (merged into domain/ops/contract.ts): `npm run ops --`
 * `coupon-kinds`, `create-coupon-kind`, `grant-coupon` and `rebate-share`. Times are epoch
 * milliseconds (the CLI reads dates); the server checks every field with a plain reason.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { COUPON_TYPES, type CouponItem, type CouponKindView } from './types';

const text = z.union([z.string(), z.number().transform(String)]);
const int = text.pipe(
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
);
const amount = z.string().trim().min(1).max(40);

export const rewardsOpsEndpoints = {
  /** Every coupon kind, newest first. */
  '/rewards/coupon-kinds': endpoint<CouponKindView[]>()({ method: 'GET', access: 'operator', input: z.object({}) }),
  /** A new kind: claimable (quantity and window) or for grants only (`claimable` 0). */
  '/rewards/coupon-kinds/create': endpoint<CouponKindView>()({
    method: 'POST',
    access: 'operator',
    input: z.object({
      type: z.enum(COUPON_TYPES),
      value: amount,
      threshold: amount.optional(),
      valid_days: int,
      claimable: z.enum(['1', '0']).optional().default('1'),
      total: int.optional(),
      claim_start: int.optional(),
      claim_end: int.optional(),
    }),
  }),
  /** Gives one coupon of a kind to a user (id, email or phone); skips the quantity and the window. */
  '/rewards/coupons/grant': endpoint<CouponItem>()({
    method: 'POST',
    access: 'operator',
    idempotent: true,
    input: z.object({ user: z.string().trim().min(1).max(254), kind_id: int }),
  }),
  /** Reads, or with `share` sets, the rebate share of invitees' trading fees (0.2 is 20%). */
  '/rewards/rebate-share': endpoint<{ share: string }>()({
    method: 'POST',
    access: 'operator',
    input: z.object({ share: z.string().trim().max(10).optional() }),
  }),
};
