/**
 * The IEO endpoints (`/project*`, `/user/project/order`). A subscription moves
 * money and takes an `Idempotency-Key`; the amount (tokens) is checked by the server against the
 * project's phase, the per-user minimum and maximum, and the pay coin balance.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { amountField, pageFields, positiveIntParam } from '../api/fields';
import { IEO_PHASES, type IeoOrder, type IeoProject } from './types';

export const ieoEndpoints = defineEndpoints({
  /** The projects: in progress first, then preheating, then finished; optionally one phase. */
  '/project': endpoint<IeoProject[]>()({
    method: 'GET',
    access: 'public',
    input: z.object({ phase: z.enum(IEO_PHASES, { error: 'validation.invalid' }).optional() }),
  }),
  '/project/detail': endpoint<IeoProject>()({
    method: 'GET',
    access: 'public',
    input: z.object({ id: positiveIntParam('validation.projectRequired') }),
  }),
  /** Subscribes to `amount` tokens of `project_id`, paying price × amount of `pay_currency` (a currency id) into escrow. */
  '/project/order': endpoint<IeoOrder>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({
      project_id: positiveIntParam('validation.projectRequired'),
      amount: amountField('validation.amountRequired'),
      pay_currency: positiveIntParam('validation.currencyRequired'),
    }),
  }),
  /** The caller's subscriptions, newest first. */
  '/user/project/order': endpoint<Page<IeoOrder>>()({
    method: 'GET',
    access: 'user',
    input: z.object({ ...pageFields }),
  }),
});
