import type { HandlerMap } from '../http/context';
import type { OpsHandler } from '../ops/opsRoutes';
import type { OtcService } from './OtcService';

/** The `/otc/*` endpoints (domain/otc/contract.ts). Money calls run their effect in `ctx.tx` (idempotency keys). */
export function createOtcHandlers(otc: OtcService): HandlerMap {
  return {
    '/otc/adverts': async (input) => otc.adverts(input.side, input.fiat),
    '/otc/advert': async (input) => otc.advert(input.id),
    '/otc/limits': async (_input, ctx) => otc.limits(ctx.user.id),
    '/otc/order/create': async (input, ctx) => otc.createOrder(ctx.user.id, input, ctx.tx),
    '/otc/orders': async (input, ctx) => otc.orders(ctx.user.id, input.state, { page: input.page, limit: input.limit }),
    '/otc/order': async (input, ctx) => otc.order(ctx.user.id, input.id),
    '/otc/order/paid': async (input, ctx) => otc.markPaid(ctx.user.id, input.id, ctx.tx),
    '/otc/order/cancel': async (input, ctx) => otc.cancel(ctx.user.id, input.id, ctx.tx),
    '/otc/order/appeal': async (input, ctx) => otc.appeal(ctx.user.id, input.id, input.reason, ctx.tx),
  };
}

/** The operator's OTC endpoints (domain/otc/ops.ts). */
export function createOtcOpsHandlers(otc: OtcService): {
  '/otc/ads': OpsHandler<'/otc/ads'>;
  '/otc/ads/create': OpsHandler<'/otc/ads/create'>;
  '/otc/ads/:id/enabled': OpsHandler<'/otc/ads/:id/enabled'>;
  '/otc/orders': OpsHandler<'/otc/orders'>;
  '/otc/orders/:id/release': OpsHandler<'/otc/orders/:id/release'>;
  '/otc/orders/:id/cancel': OpsHandler<'/otc/orders/:id/cancel'>;
  '/otc/orders/:id/confirm-paid': OpsHandler<'/otc/orders/:id/confirm-paid'>;
} {
  return {
    '/otc/ads': async () => otc.opsAdverts(),
    '/otc/ads/create': async (input) => otc.createAdvert(input),
    '/otc/ads/:id/enabled': async (input) => otc.setAdvertEnabled(input.id, input.enabled),
    '/otc/orders': async (input) => otc.opsOrders(input.state),
    '/otc/orders/:id/release': async (input) => otc.release(input.id),
    '/otc/orders/:id/cancel': async (input) => otc.operatorCancel(input.id),
    '/otc/orders/:id/confirm-paid': async (input) => otc.confirmPaid(input.id),
  };
}
