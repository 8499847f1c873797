/**
 * The lockming endpoints (`/lh/deposit*`). Purchases and early redemptions
 * move money and take an `Idempotency-Key`; the amount is checked by the server against the
 * product (minimum, the caller's remaining limit, the quota left) and the coin balance.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { amountField, pageFields, positiveIntParam } from '../api/fields';
import { LOCKMING_CATEGORIES, LOCKMING_ORDER_STATUSES, type LockmingOrder, type LockmingProduct } from './types';

export const lockmingEndpoints = defineEndpoints({
  /** The products, on sale first; with a session, each with what the caller may still buy. */
  '/lh/deposit/config': endpoint<LockmingProduct[]>()({
    method: 'GET',
    access: 'public',
    input: z.object({ category: z.enum(LOCKMING_CATEGORIES, { error: 'validation.invalid' }).optional() }),
  }),
  /** Buys `amount` of product `config_id`, paid from the coin account (the principal is locked there). */
  '/lh/deposit': endpoint<LockmingOrder>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({
      config_id: positiveIntParam('validation.productRequired'),
      amount: amountField('validation.amountRequired'),
    }),
  }),
  /** The caller's orders, newest first. */
  '/lh/deposit/order': endpoint<Page<LockmingOrder>>()({
    method: 'GET',
    access: 'user',
    input: z.object({ status: z.enum(LOCKMING_ORDER_STATUSES, { error: 'validation.invalid' }).optional(), ...pageFields }),
  }),
  /** Redeems an order in progress early: the principal returns less the penalty; yield paid stays paid. */
  '/lh/deposit/order/cancel': endpoint<LockmingOrder>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({ id: positiveIntParam('validation.orderRequired') }),
  }),
});
