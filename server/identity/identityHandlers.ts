import type { HandlerMap } from '../http/context';
import type { Identities } from './Identities';

/** `GET /real/state` and `POST /user/real`. */
export function createIdentityHandlers(identities: Identities): HandlerMap {
  return {
    '/real/state': async (_input, ctx) => identities.state(ctx.user.id),
    '/user/real': async (input, ctx) => {
      if (input.real_type === '1') await identities.submit(ctx.user.id, 1, input);
      else await identities.submit(ctx.user.id, 2, input);
      return ctx.t('messages.identitySubmitted');
    },
  };
}
