import type { HandlerMap } from '../http/context';
import type { AlertsService } from './AlertsService';
import type { PushSender } from './PushSender';

/** `/alerts/*`: the signed-in user's price alerts and this browser's push subscription. */
export function createAlertsHandlers(service: AlertsService, push: PushSender): HandlerMap {
  return {
    '/alerts/list': async (_input, ctx) => service.list(ctx.user.id),
    '/alerts/create': async (input, ctx) => service.create(ctx.user.id, input),
    '/alerts/update': async (input, ctx) => service.update(ctx.user.id, input),
    '/alerts/delete': async (input, ctx) => service.delete(ctx.user.id, input.id),
    '/alerts/push/key': async () => ({ public_key: push.publicKey }),
    '/alerts/push/subscribe': async (input, ctx) => service.subscribe(ctx.user.id, input),
    '/alerts/push/unsubscribe': async (input, ctx) => service.unsubscribe(ctx.user.id, input.endpoint),
  };
}
