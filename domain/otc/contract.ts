/**
 * The OTC endpoints (docs/OTC.md "Endpoints"). Creating an order,
 * marking it paid, cancelling and appealing move money or an order's state and take an
 * `Idempotency-Key`. An order is created with the advert and EITHER a fiat amount or a USDT amount;
 * the server computes the other from the advert's price (domain/otc/formulas.ts `otcQuote`).
 * Ordering needs identity level 1 (type 998 otherwise).
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { pageFields, positiveIntParam, requiredText } from '../api/fields';
import { normaliseAmount } from '../funds/amounts';
import { OTC_FIATS, OTC_SIDES, OTC_STATE_FILTERS, type OtcAdvert, type OtcLimits, type OtcOrder } from './types';

/** An optional amount: absent or empty is none; otherwise a plain positive-looking decimal. */
const optionalAmount = z
  .string({ error: 'validation.amountInvalid' })
  .trim()
  .max(64, { error: 'validation.amountInvalid' })
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || normaliseAmount(v) !== null, { error: 'validation.amountInvalid' })
  .transform((v) => (v === undefined ? undefined : (normaliseAmount(v) ?? v)));

const orderId = z.object({ id: positiveIntParam('validation.otcOrderRequired') });

export const otcEndpoints = defineEndpoints({
  /** Enabled adverts of one side (the USER's side), optionally one fiat: best price first (lowest to buy, highest to sell). */
  '/otc/adverts': endpoint<OtcAdvert[]>()({
    method: 'GET',
    access: 'public',
    input: z.object({
      side: z.enum(OTC_SIDES, { error: 'validation.otcSideInvalid' }),
      fiat: z.enum(OTC_FIATS, { error: 'validation.otcFiatInvalid' }).optional(),
    }),
  }),
  '/otc/advert': endpoint<OtcAdvert>()({
    method: 'GET',
    access: 'public',
    input: z.object({ id: positiveIntParam('validation.otcAdvertRequired') }),
  }),
  /** The caller's identity level and per-trade limit (the enforced one, and the figure the language states). */
  '/otc/limits': endpoint<OtcLimits>()({ method: 'GET', access: 'user', input: z.object({}) }),
  /** Places an order on an advert for `fiat_amount` OR `usdt_amount` (exactly one). */
  '/otc/order/create': endpoint<OtcOrder>()({
    method: 'POST',
    access: 'user',
    identity: 1,
    idempotent: true,
    input: z.object({
      advert_id: positiveIntParam('validation.otcAdvertRequired'),
      fiat_amount: optionalAmount,
      usdt_amount: optionalAmount,
    }),
  }),
  /** The caller's orders, newest first; `state` a state, `open` (not yet final) or `all`. */
  '/otc/orders': endpoint<Page<OtcOrder>>()({
    method: 'GET',
    access: 'user',
    input: z.object({ state: z.enum(OTC_STATE_FILTERS, { error: 'validation.invalid' }).optional().default('all'), ...pageFields }),
  }),
  '/otc/order': endpoint<OtcOrder>()({ method: 'GET', access: 'user', input: orderId }),
  /** The user has sent the fiat (buy orders, before the deadline). */
  '/otc/order/paid': endpoint<OtcOrder>()({ method: 'POST', access: 'user', idempotent: true, input: orderId }),
  /** Cancels a buy order not yet marked paid; the merchant's USDT returns to them. */
  '/otc/order/cancel': endpoint<OtcOrder>()({ method: 'POST', access: 'user', idempotent: true, input: orderId }),
  /** Asks the operators to decide: a buy order marked paid, or a sell order waiting for the merchant's payment. */
  '/otc/order/appeal': endpoint<OtcOrder>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({
      id: positiveIntParam('validation.otcOrderRequired'),
      reason: requiredText('validation.otcAppealReasonRequired', 500),
    }),
  }),
});
