import type { HandlerMap } from '../http/context';
import type { OpsHandler } from '../ops/opsRoutes';
import type { SupportService } from './SupportService';

/** The `/support/*` endpoints (domain/support/contract.ts); the user is the session's. */
export function createSupportHandlers(support: SupportService): HandlerMap {
  return {
    '/support/messages': async (input, ctx) => support.history(ctx.user.id, input.before ?? null, input.limit),
    '/support/send': async (input, ctx) => support.send(ctx.user.id, input),
    '/support/read': async (_input, ctx) => support.markRead(ctx.user.id),
  };
}

/** The operator's `tickets` and `reply` (domain/support/ops.ts). */
export function createSupportOpsHandlers(support: SupportService): {
  '/support/tickets': OpsHandler<'/support/tickets'>;
  '/support/reply': OpsHandler<'/support/reply'>;
} {
  return {
    '/support/tickets': async () => support.tickets(),
    '/support/reply': async (input) => support.reply(input.user, input.body, input.image_base64),
  };
}
