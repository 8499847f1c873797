import type { HandlerMap } from '../http/context';
import type { SpotService } from './SpotService';

/** The `/coin/*` endpoints (domain/spot/contract.ts). Calls that move money run their effect in `ctx.tx` (idempotency keys). */
export function createSpotHandlers(spot: SpotService): HandlerMap {
  return {
    '/coin/deal': async (input, ctx) => spot.deal(ctx.user.id, input.match_id),
    '/coin/trade': async (input, ctx) => spot.trade(ctx.user.id, input, ctx.tx),
    '/coin/cancel': async (input, ctx) => spot.cancel(ctx.user.id, input.id, ctx.tx),
    '/coin/list': async (input, ctx) => spot.list(ctx.user.id, { match_id: input.match_id, status: input.status }, input),
  };
}
