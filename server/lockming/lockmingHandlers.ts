import type { HandlerMap } from '../http/context';
import type { LockmingService } from './LockmingService';

/** The `/lh/deposit*` endpoints (domain/lockming/contract.ts). Money calls run their effect in `ctx.tx` (idempotency keys). */
export function createLockmingHandlers(lockming: LockmingService): HandlerMap {
  return {
    '/lh/deposit/config': async (input, ctx) => lockming.products(ctx.user?.id ?? null, input.category),
    '/lh/deposit': async (input, ctx) => lockming.buy(ctx.user.id, input, ctx.tx),
    '/lh/deposit/order': async (input, ctx) => lockming.orders(ctx.user.id, input.status, { page: input.page, limit: input.limit }),
    '/lh/deposit/order/cancel': async (input, ctx) => lockming.redeemEarly(ctx.user.id, input.id, ctx.tx),
  };
}
