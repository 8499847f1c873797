import type { HandlerMap } from '../http/context';
import type { DualService } from './DualService';

/** The `/dual/*` endpoints (domain/invest/contract.ts). The purchase runs its effect in `ctx.tx` (idempotency keys). */
export function createInvestHandlers(dual: DualService): HandlerMap {
  return {
    '/dual/index': async (input) => dual.products(input.currency_id, input.type),
    '/dual/detail': async (input) => dual.product(input.id),
    '/dual/dual_list': async (input, ctx) => dual.orders(ctx.user.id, input.status, { page: input.page, limit: input.limit }),
    '/dual/buyDual': async (input, ctx) => dual.buy(ctx.user.id, input, ctx.tx),
  };
}
