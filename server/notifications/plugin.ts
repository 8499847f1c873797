/** The notifications area: rows written in the caller's transaction, pushed on the private channel after commit. */
import fp from 'fastify-plugin';
import { createNotificationHandlers } from './notificationHandlers';
import { Notifications } from './Notifications';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

export const notificationsPlugin = fp(
  async (fastify) => {
    const notifications = new Notifications(fastify.db, fastify.clock, fastify.hub);
    fastify.decorate('notifications', notifications);
    fastify.hub.provideSnapshot('notifications', (userId) => notifications.snapshot(userId));
    fastify.api.handle(createNotificationHandlers(notifications));
  },
  { name: 'notifications', dependencies: ['platform', 'realtime'] },
);
