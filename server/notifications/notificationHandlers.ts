import type { HandlerMap } from '../http/context';
import type { Notifications } from './Notifications';

/** The user's system notifications and their read state. */
export function createNotificationHandlers(notifications: Notifications): HandlerMap {
  return {
    '/user/notifications': async (input, ctx) => notifications.page(ctx.user.id, input.page, input.limit),
    '/user/notifications/read': async (input, ctx) => notifications.markRead(ctx.user.id, input.id),
  };
}
