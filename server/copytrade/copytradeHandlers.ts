import type { HandlerMap } from '../http/context';
import type { CopyService } from './CopyService';

/** The `/follow/*` endpoints (domain/copytrade/contract.ts). Follow, cancel and self-holding run in `ctx.tx` (idempotency keys). */
export function createCopytradeHandlers(copy: CopyService): HandlerMap {
  return {
    '/follow/index': async (input, ctx) => copy.traders(input.sort, { page: input.page, limit: input.limit }, ctx.user?.id ?? null),
    '/follow/traderDetail': async (input, ctx) => copy.traderDetail(input.trader_user_id, ctx.user?.id ?? null),
    '/follow/historyTrade': async (input) => copy.history(input.trader_user_id, { page: input.page, limit: input.limit }),
    '/follow/follow': async (input, ctx) => copy.follow(ctx.user.id, input, ctx.tx),
    '/follow/cancel': async (input, ctx) => copy.cancel(ctx.user.id, input.id, ctx.tx),
    '/follow/selfHolding': async (input, ctx) => copy.selfHold(ctx.user.id, input.transaction_id, ctx.tx),
    '/follow/my': async (input, ctx) => copy.my(ctx.user.id, input.status),
    '/follow/copies': async (input, ctx) => copy.copies(ctx.user.id, input.status, { page: input.page, limit: input.limit }),
    '/follow/application': async (_input, ctx) => copy.application(ctx.user.id),
    '/follow/apply': async (_input, ctx) => copy.apply(ctx.user.id),
    '/follow/traderSettings': async (input, ctx) => copy.settings(ctx.user.id, input.accepting, input.visibility),
  };
}
