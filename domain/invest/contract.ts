/**
 * The dual-investment endpoints (`/dual/*`). A purchase moves money and takes
 * an `Idempotency-Key`; `num` is a whole number of shares ("must be an integer"), and
 * its cost is num × the product's share price, computed by the server.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { pageFields, positiveIntParam } from '../api/fields';
import { DUAL_ORDER_STATUSES, DUAL_TYPES, type DualOrder, type DualProduct } from './types';

/** Whole shares: digits only; a fraction, sign or exponent reads "must be an integer". */
const sharesField = z
  .string({ error: 'validation.sharesRequired' })
  .trim()
  .min(1, { error: 'validation.sharesRequired' })
  .regex(/^\d+$/, { error: 'validation.sharesInteger' })
  .regex(/^0*[1-9]\d{0,8}$/, { error: 'validation.sharesPositive' })
  .transform(Number);

export const investEndpoints = defineEndpoints({
  /** The products of one coin and type (a call by default): on sale first, nearest maturity first. */
  '/dual/index': endpoint<DualProduct[]>()({
    method: 'GET',
    access: 'public',
    input: z.object({
      currency_id: positiveIntParam('validation.currencyRequired'),
      type: z.enum(DUAL_TYPES, { error: 'validation.invalid' }).optional().default('call'),
    }),
  }),
  '/dual/detail': endpoint<DualProduct>()({
    method: 'GET',
    access: 'public',
    input: z.object({ id: positiveIntParam('validation.productRequired') }),
  }),
  /** The caller's positions, newest first. */
  '/dual/dual_list': endpoint<Page<DualOrder>>()({
    method: 'GET',
    access: 'user',
    input: z.object({ status: z.enum(DUAL_ORDER_STATUSES, { error: 'validation.invalid' }).optional(), ...pageFields }),
  }),
  /** Buys `num` whole shares of product `id`, paid from the coin account. */
  '/dual/buyDual': endpoint<DualOrder>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({ id: positiveIntParam('validation.productRequired'), num: sharesField }),
  }),
});
