/**
 * The spot area's endpoints (`/coin/*`). The order's money moves through the
 * ledger in the coin account (`change`); `/coin/trade` and `/coin/cancel` take an
 * `Idempotency-Key`. Amounts and prices are checked against the pair's settings by the server.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { amountField, optionalPrice, pageFields, positiveIntParam } from '../api/fields';
import { SPOT_SIDES, SPOT_STATUSES, type SpotDeal, type SpotOrder } from './types';

export const spotEndpoints = defineEndpoints({
  /** A pair's spot settings and the caller's balances and open orders on it. */
  '/coin/deal': endpoint<SpotDeal>()({
    method: 'GET',
    access: 'user',
    input: z.object({ match_id: positiveIntParam('validation.pairRequired') }),
  }),
  /**
   * Buys or sells `amount` of the base: at the market (walks the recorded book at once) or, with
   * `target_price`, a limit order that fills when the market crosses it.
   */
  '/coin/trade': endpoint<SpotOrder>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({
      currency_id: positiveIntParam('validation.pairRequired'),
      legal_id: positiveIntParam('validation.pairRequired'),
      type: z.enum(SPOT_SIDES, { error: 'validation.sideInvalid' }),
      amount: amountField('validation.amountRequired'),
      target_price: optionalPrice('validation.priceInvalid'),
    }),
  }),
  /** Cancels an open limit order of the caller's; its frozen funds return. */
  '/coin/cancel': endpoint<SpotOrder>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({ id: positiveIntParam('validation.orderRequired') }),
  }),
  /** The caller's orders, newest first, optionally of one pair and one status. */
  '/coin/list': endpoint<Page<SpotOrder>>()({
    method: 'GET',
    access: 'user',
    input: z.object({
      match_id: positiveIntParam('validation.pairRequired').optional(),
      status: z.enum(SPOT_STATUSES, { error: 'validation.invalid' }).optional(),
      ...pageFields,
    }),
  }),
});
