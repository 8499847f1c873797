import type { HandlerMap } from '../http/context';
import type { FuturesService } from './FuturesService';

/** The `/lever/*` endpoints (domain/futures/contract.ts). Calls that move money run their effect in `ctx.tx` (idempotency keys). */
export function createFuturesHandlers(futures: FuturesService): HandlerMap {
  return {
    '/lever/deal': async (input, ctx) => futures.deal(ctx.user.id, input.match_id),
    '/lever/submit': async (input, ctx) => futures.submit(ctx.user.id, input, ctx.tx),
    '/lever/dealall': async (input, ctx) => futures.dealAll(ctx.user.id, input.status, input),
    '/lever/close': async (input, ctx) => futures.close(ctx.user.id, input.id, ctx.tx),
    '/lever/setstop': async (input, ctx) => futures.setStop(ctx.user.id, input.id, input, ctx.tx),
    '/lever/batch_close': async (input, ctx) => futures.batchClose(ctx.user.id, input.type, ctx.tx),
    '/lever/cancel': async (input, ctx) => futures.cancel(ctx.user.id, input.id, ctx.tx),
    '/lever/my_trade': async (input, ctx) => futures.history(ctx.user.id, input.match_id, input),
  };
}
