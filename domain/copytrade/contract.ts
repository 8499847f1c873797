/**
 * The copy-trading endpoints (`/follow/*`, docs/COPYTRADE.md). Following moves
 * no money by itself (each copy is a futures order of the follower); `follow` and `cancel` take an
 * `Idempotency-Key` all the same, so a retried tap changes nothing twice.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { optionalPositiveAmount, pageFields, positiveIntParam, requiredText } from '../api/fields';
import {
  FOLLOW_STATUSES,
  POSITION_VISIBILITY,
  TRADER_SORTS,
  type CopyItem,
  type FollowItem,
  type TraderApplication,
  type TraderDetail,
  type TraderSummary,
  type TraderTrade,
} from './types';

const traderField = positiveIntParam('validation.traderRequired');

export const copytradeEndpoints = defineEndpoints({
  /** The approved traders with their hourly figures, sorted (30-day rate of return by default). */
  '/follow/index': endpoint<Page<TraderSummary>>()({
    method: 'GET',
    access: 'public',
    input: z.object({ sort: z.enum(TRADER_SORTS, { error: 'validation.invalid' }).optional().default('ror30'), ...pageFields }),
  }),
  '/follow/traderDetail': endpoint<TraderDetail>()({
    method: 'GET',
    access: 'public',
    input: z.object({ trader_user_id: traderField }),
  }),
  /** A trader's closed positions, newest first. */
  '/follow/historyTrade': endpoint<Page<TraderTrade>>()({
    method: 'GET',
    access: 'public',
    input: z.object({ trader_user_id: traderField, ...pageFields }),
  }),
  /**
   * Follows a trader, or edits the caller's follow of them: `type` 1 a fixed multiple of the
   * trader's lots, 2 fixed lots, `number` the multiple or the lots; the risk controls are optional.
   */
  '/follow/follow': endpoint<FollowItem>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({
      trader_user_id: traderField,
      type: z.enum(['1', '2'], { error: 'validation.followTypeInvalid' }).transform((v) => Number(v) as 1 | 2),
      number: requiredText('validation.followNumberRequired', 20),
      // Above zero when given (the database refuses a zero cap or stop-loss).
      max_margin: optionalPositiveAmount(),
      stop_loss: optionalPositiveAmount(),
      daily_limit: positiveIntParam('validation.invalid').optional(),
    }),
  }),
  /** Stops following (following → cancelled); copies already open stay open. */
  '/follow/cancel': endpoint<FollowItem>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({ id: positiveIntParam('validation.followRequired') }),
  }),
  /** Makes a copied position the follower's own: the trader's close no longer touches it. */
  '/follow/selfHolding': endpoint<CopyItem>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({ transaction_id: positiveIntParam('validation.positionRequired') }),
  }),
  /** The caller's follows ("my traders"), newest first. */
  '/follow/my': endpoint<FollowItem[]>()({
    method: 'GET',
    access: 'user',
    input: z.object({ status: z.enum(FOLLOW_STATUSES, { error: 'validation.invalid' }).optional() }),
  }),
  /** The caller's copies: current (open), history (closed and skipped). */
  '/follow/copies': endpoint<Page<CopyItem>>()({
    method: 'GET',
    access: 'user',
    input: z.object({ status: z.enum(['open', 'history'], { error: 'validation.invalid' }).optional().default('open'), ...pageFields }),
  }),
  /** Becoming a trader: the caller's application and the conditions. */
  '/follow/application': endpoint<TraderApplication>()({ method: 'GET', access: 'user', input: z.object({}) }),
  /** Applies to become a trader (the agreement accepted); an operator decides. */
  '/follow/apply': endpoint<TraderApplication>()({
    method: 'POST',
    access: 'user',
    input: z.object({ agree: z.literal('1', { error: 'validation.agreementRequired' }) }),
  }),
  /** A trader's own settings: whether to take new followers, what followers see of open positions. */
  '/follow/traderSettings': endpoint<TraderApplication>()({
    method: 'POST',
    access: 'user',
    input: z.object({
      accepting: z.enum(['1', '0'], { error: 'validation.invalid' }).transform((v) => v === '1'),
      visibility: z.enum(POSITION_VISIBILITY, { error: 'validation.invalid' }),
    }),
  }),
});
