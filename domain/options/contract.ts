/**
 * The seconds options area's endpoints (`/microtrade/*`). `/microtrade/submit`
 * moves money and takes an `Idempotency-Key`; the stake, expiry and currency are checked by the
 * server against `/microtrade/seconds` and `/microtrade/payable_currencies`.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { amountField, pageFields, positiveIntParam } from '../api/fields';
import { OPTION_DIRECTIONS, OPTION_STATUSES, type OptionExpiry, type OptionOrder, type PayableCurrency } from './types';

/** The spec's page size of the options list. */
export const OPTIONS_PAGE_SIZE = 5;

export const optionsEndpoints = defineEndpoints({
  /** The expiries on offer, shortest first. */
  '/microtrade/seconds': endpoint<OptionExpiry[]>()({ method: 'GET', access: 'public', input: z.object({}) }),
  /** The currencies a stake may be paid in, with the caller's options-account balance. */
  '/microtrade/payable_currencies': endpoint<PayableCurrency[]>()({ method: 'GET', access: 'user', input: z.object({}) }),
  /** Places an option at the recorded price of now; it settles at the recorded price of its expiry. */
  '/microtrade/submit': endpoint<OptionOrder>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({
      match_id: positiveIntParam('validation.pairRequired'),
      currency_id: positiveIntParam('validation.currencyRequired'),
      type: z.enum(OPTION_DIRECTIONS, { error: 'validation.directionInvalid' }),
      seconds: positiveIntParam('validation.expiryInvalid'),
      number: amountField('validation.amountRequired'),
    }),
  }),
  /** The caller's options, newest first (5 a page by default). */
  '/microtrade/lists': endpoint<Page<OptionOrder>>()({
    method: 'GET',
    access: 'user',
    input: z.object({
      match_id: positiveIntParam('validation.pairRequired').optional(),
      status: z.enum(OPTION_STATUSES, { error: 'validation.invalid' }).optional(),
      ...pageFields,
      limit: pageFields.limit.default(OPTIONS_PAGE_SIZE),
    }),
  }),
  /** One option of the caller's (another user's id answers "no such order"). */
  '/microtrade/get_result': endpoint<OptionOrder>()({
    method: 'GET',
    access: 'user',
    input: z.object({ id: positiveIntParam('validation.orderRequired') }),
  }),
});
