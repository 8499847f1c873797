/**
 * The price alerts area (docs/ALERTS.md): the `/alerts/*` endpoints, the engine
 * (leader only) that fires armed alerts on market ticks, and Web Push. Owns `price_alerts` and
 * `push_subscriptions` (AlertsRepository). A fire writes a notification (kinds `alertAbove`,
 * `alertBelow`, `alertChange`), pushed on the private channel; the app refreshes its alert lists
 * on those (src/api/liveInvalidation.ts).
 */
import fp from 'fastify-plugin';
import type { AppOptions } from '../platform/options';
import { AlertsEngine } from './AlertsEngine';
import { createAlertsHandlers } from './alertsHandlers';
import { AlertsRepository } from './AlertsRepository';
import { AlertsService } from './AlertsService';
import { loadVapidKeys, PushSender } from './PushSender';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: { service: AlertsService; engine: AlertsEngine; repo: AlertsRepository; push: PushSender };
  }
}

export const alertsPlugin = fp<AppOptions>(
  async (fastify, options) => {
    const { db, clock, market, users, notifications, translator, secrets } = fastify;
    const repo = new AlertsRepository(db);
    const push = new PushSender({ repo, keys: await loadVapidKeys(secrets, options.vapid), log: fastify.log });
    const service = new AlertsService({
      db,
      clock,
      repo,
      market,
      users,
      notifications,
      push,
      translator,
      allowHttpPush: options.allowHttpPush,
    });
    const engine = new AlertsEngine({ clock, bus: fastify.bus, repo, service, market, log: fastify.log });
    fastify.decorate('alerts', { service, engine, repo, push });
    fastify.api.handle(createAlertsHandlers(service, push));
    fastify.leaderWork.add({ start: () => engine.start(), stop: () => engine.stop() });
    fastify.addHook('onClose', async () => push.idle());
  },
  { name: 'alerts', dependencies: ['platform', 'http', 'market', 'users', 'notifications'] },
);
