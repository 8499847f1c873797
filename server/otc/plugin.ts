/**
 * The OTC area (docs/OTC.md): the `/otc/*` endpoints, the operator's adverts and
 * order decisions (`otc-ads`, `create-otc-ad`, `enable-otc-ad`, `disable-otc-ad`, `otc-orders`,
 * `release`, `cancel`, `confirm-paid`), the engine (leader only) that expires buy orders not paid
 * within the window, and the auditor. Owns `otc_adverts` and `otc_orders` (OtcRepository). Every
 * effect moves a balance (pushed on the private channel by the ledger) or notifies the user
 * (`otc*` kinds), which the app's live invalidation turns into fresh OTC lists.
 */
import fp from 'fastify-plugin';
import { createOtcAuditor } from './audit';
import { OtcEngine } from './OtcEngine';
import { createOtcHandlers, createOtcOpsHandlers } from './otcHandlers';
import { OtcRepository } from './OtcRepository';
import { OtcService } from './OtcService';
import { seedOtcAdverts } from './seedAdverts';

declare module 'fastify' {
  interface FastifyInstance {
    otc: { service: OtcService; engine: OtcEngine; repo: OtcRepository };
  }
}

export const otcPlugin = fp(
  async (fastify) => {
    const { db, clock, ledger, market, users, notifications, audit } = fastify;
    const repo = new OtcRepository(db);
    const service = new OtcService({ db, clock, ledger, market, users, notifications, repo, log: fastify.log });
    const engine = new OtcEngine({ clock, bus: fastify.bus, repo, service, log: fastify.log });
    fastify.decorate('otc', { service, engine, repo });
    await seedOtcAdverts({ repo, service });
    // A buy order created on this node: its deadline is armed now rather than at the next sweep.
    service.onOrderCreated(() => engine.armed());
    audit.registry.register(createOtcAuditor({ repo, ledger, db, currencies: market.currencies }));
    fastify.api.handle(createOtcHandlers(service));
    fastify.ops.handle(createOtcOpsHandlers(service));
    fastify.leaderWork.add({ start: () => engine.start(), stop: () => engine.stop() });
  },
  { name: 'otc', dependencies: ['platform', 'http', 'ledger', 'market', 'users', 'notifications', 'audit'] },
);
