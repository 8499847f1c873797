/**
 * The futures area's endpoints (`/lever/*`). Every call that moves money takes
 * an `Idempotency-Key`. Lots, prices and the multiple are checked against the pair's settings by
 * the server (`FuturesSettings`), with the messages named here.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { amountField, optionalPrice, pageFields, positiveIntParam } from '../api/fields';
import type { FuturesTrade, LeverDeal, LeverDealAll } from './types';

/** `type` on the wire: 1 long, 2 short. */
const sideField = z
  .string({ error: 'validation.sideInvalid' })
  .regex(/^[12]$/, { error: 'validation.sideInvalid' })
  .transform((v) => (v === '1' ? ('long' as const) : ('short' as const)));

/** A trade id of the caller's (another user's id answers "no such position"). */
const tradeId = { id: positiveIntParam('validation.positionRequired') };

export const futuresEndpoints = defineEndpoints({
  '/lever/deal': endpoint<LeverDeal>()({
    method: 'GET',
    access: 'user',
    input: z.object({ match_id: positiveIntParam('validation.pairRequired') }),
  }),
  '/lever/submit': endpoint<FuturesTrade>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({
      match_id: positiveIntParam('validation.pairRequired'),
      type: sideField,
      share: amountField('validation.lotsRequired'),
      multiple: positiveIntParam('validation.multipleInvalid'),
      /** A limit order's price; without it the order opens at the market price. */
      target_price: optionalPrice('validation.priceInvalid'),
      target_profit_price: optionalPrice('validation.takeProfitInvalid'),
      stop_loss_price: optionalPrice('validation.stopLossInvalid'),
    }),
  }),
  '/lever/dealall': endpoint<LeverDealAll>()({
    method: 'GET',
    access: 'user',
    input: z.object({
      status: z.enum(['open', 'entrusted', 'closed'], { error: 'validation.invalid' }).optional().default('open'),
      ...pageFields,
    }),
  }),
  '/lever/close': endpoint<FuturesTrade>()({ method: 'POST', access: 'user', idempotent: true, input: z.object(tradeId) }),
  '/lever/setstop': endpoint<FuturesTrade>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({
      ...tradeId,
      /** Empty clears it. */
      target_profit_price: optionalPrice('validation.takeProfitInvalid'),
      stop_loss_price: optionalPrice('validation.stopLossInvalid'),
    }),
  }),
  '/lever/batch_close': endpoint<{ closed: number }>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({
      /** 0 all, 1 longs only, 2 shorts only. */
      type: z
        .string({ error: 'validation.invalid' })
        .regex(/^[012]$/, { error: 'validation.invalid' })
        .transform((v) => (v === '1' ? ('long' as const) : v === '2' ? ('short' as const) : ('all' as const))),
    }),
  }),
  '/lever/cancel': endpoint<FuturesTrade>()({ method: 'POST', access: 'user', idempotent: true, input: z.object(tradeId) }),
  /** Closed and cancelled trades, newest first: the history page (transaction/contract_order). */
  '/lever/my_trade': endpoint<Page<FuturesTrade>>()({
    method: 'GET',
    access: 'user',
    input: z.object({ match_id: positiveIntParam('validation.pairRequired').optional(), ...pageFields }),
  }),
});
