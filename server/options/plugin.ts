/**
 * The seconds options area (docs/OPTIONS.md): the `/microtrade/*` endpoints, the engine
 * (leader only) that settles each option once at the recorded price of its expiry, the private
 * channel's `positions` (product `options`) and the auditor. Owns `options_orders` (OptionsRepository).
 */
import fp from 'fastify-plugin';
import { OptionsEngine } from './OptionsEngine';
import { OptionsRepository } from './OptionsRepository';
import { OptionsService } from './OptionsService';
import { createOptionsAuditor } from './audit';
import { createOptionsHandlers } from './optionsHandlers';

declare module 'fastify' {
  interface FastifyInstance {
    /** Not `options`: that is Fastify's OPTIONS route shorthand. */
    microtrade: { service: OptionsService; engine: OptionsEngine; repo: OptionsRepository };
  }
}

export const optionsPlugin = fp(
  async (fastify) => {
    const { db, clock, ledger, balances, market, users, hub, audit } = fastify;
    const repo = new OptionsRepository(db);
    users.addTradeSource((ids) => repo.tradersAmong(ids));
    const service = new OptionsService({ db, clock, ledger, balances, market, users, repo });
    const engine = new OptionsEngine({ clock, bus: fastify.bus, market, repo, service, prices: audit.prices, log: fastify.log });
    fastify.decorate('microtrade', { service, engine, repo });

    // The private channel: a pending option, and its settlement (open: false, with the result), on `positions`.
    service.onChange((row) => void hub.publishToUser(row.user_id, 'positions', [service.toOrder(row)]));
    hub.provideSnapshot('positions', (userId) => service.pending(userId));

    audit.registry.register(createOptionsAuditor({ repo, balances, currencies: market.currencies }));
    fastify.api.handle(createOptionsHandlers(service));
    fastify.leaderWork.add({ start: () => engine.start(), stop: () => engine.stop() });
  },
  { name: 'options', dependencies: ['platform', 'http', 'ledger', 'market', 'users', 'realtime', 'audit'] },
);
