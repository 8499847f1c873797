import type { HandlerMap } from '../http/context';
import type { OptionsService } from './OptionsService';

/** The `/microtrade/*` endpoints (domain/options/contract.ts). Submit runs its effect in `ctx.tx` (idempotency keys). */
export function createOptionsHandlers(options: OptionsService): HandlerMap {
  return {
    '/microtrade/seconds': async () => options.expiries(),
    '/microtrade/payable_currencies': async (_input, ctx) => options.payable(ctx.user.id),
    '/microtrade/submit': async (input, ctx) => options.submit(ctx.user.id, input, ctx.tx),
    '/microtrade/lists': async (input, ctx) =>
      options.list(ctx.user.id, { matchId: input.match_id, status: input.status }, { page: input.page, limit: input.limit }),
    '/microtrade/get_result': async (input, ctx) => options.get(ctx.user.id, input.id),
  };
}
