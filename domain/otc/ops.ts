/**
 * The OTC operator endpoints (merged into domain/ops/contract.ts): `npm run ops -- otc-ads`,
 * `create-otc-ad`, `enable-otc-ad`, `disable-otc-ad`, `otc-orders`, `release`, `cancel`,
 * `confirm-paid`. Every field of an advert is checked by the server
 * (server/otc/OtcService.createAdvert) with a plain reason.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { OTC_STATE_FILTERS, type OpsOtcOrder, type OtcAdvert } from './types';

const text = z.union([z.string(), z.number().transform(String)]);
const idParam = text.pipe(
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
);
const field = (max: number) => text.pipe(z.string().trim().min(1).max(max));
const decide = z.object({ id: idParam });

export const otcOpsEndpoints = {
  '/otc/ads': endpoint<OtcAdvert[]>()({ method: 'GET', access: 'operator', input: z.object({}) }),
  '/otc/ads/create': endpoint<OtcAdvert>()({
    method: 'POST',
    access: 'operator',
    input: z.object({
      merchant: field(60),
      side: field(8),
      fiat: field(8),
      price: field(40),
      min_fiat: field(40),
      max_fiat: field(40),
      payment_methods: field(200),
      capacity: field(40).optional(),
      details: field(300).optional(),
      enabled: field(5).optional(),
    }),
  }),
  /**
   * Takes an advert off the market (`enabled` 0) or puts it back (1). Its open orders run on; a
   * disabled advert is not listed and takes no new order.
   */
  '/otc/ads/:id/enabled': endpoint<OtcAdvert>()({
    method: 'POST',
    access: 'operator',
    input: z.object({ id: idParam, enabled: field(5) }),
  }),
  /** Orders, appealed first (oldest appeal first), then newest; `state` a state, `open`, `appealed` or `all`. */
  '/otc/orders': endpoint<OpsOtcOrder[]>()({
    method: 'GET',
    access: 'operator',
    input: z.object({
      state: z
        .enum([...OTC_STATE_FILTERS, 'appealed'])
        .optional()
        .default('open'),
    }),
  }),
  /** Buy order paid: the merchant received the fiat; the USDT goes to the user. */
  '/otc/orders/:id/release': endpoint<OpsOtcOrder>()({ method: 'POST', access: 'operator', input: decide }),
  /** Cancels an open order (buy: the USDT back to the merchant; sell: back to the user). */
  '/otc/orders/:id/cancel': endpoint<OpsOtcOrder>()({ method: 'POST', access: 'operator', input: decide }),
  /** Sell order: the merchant paid the user the fiat; the USDT goes to the merchant. */
  '/otc/orders/:id/confirm-paid': endpoint<OpsOtcOrder>()({ method: 'POST', access: 'operator', input: decide }),
};
