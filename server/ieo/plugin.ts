/**
 * The IEO area (docs/FINANCE.md "IEO"): the `/project*` endpoints, the operator's
 * `create-project` and `projects`, the engine (leader only) that allocates each project at its
 * end and releases its tokens at unlock, and the auditor. Owns `ieo_projects`, `ieo_orders` and
 * the tokens' `currencies` rows (IeoRepository); registers the tokens with the market so wallets
 * and the ledger know them. Every effect moves a balance, which the ledger pushes on the private
 * channel: the app refreshes its IEO lists on those `balances` messages.
 */
import fp from 'fastify-plugin';
import { createIeoAuditor } from './audit';
import { IeoEngine } from './IeoEngine';
import { createIeoHandlers, createIeoOpsHandlers } from './ieoHandlers';
import { IeoRepository } from './IeoRepository';
import { IeoService } from './IeoService';
import { seedIeoProjects } from './seedProjects';

declare module 'fastify' {
  interface FastifyInstance {
    ieo: { service: IeoService; engine: IeoEngine; repo: IeoRepository };
  }
}

export const ieoPlugin = fp(
  async (fastify) => {
    const { db, clock, ledger, balances, market, users, audit } = fastify;
    const repo = new IeoRepository(db);
    const service = new IeoService({ db, clock, ledger, balances, market, users, repo });
    const engine = new IeoEngine({ clock, bus: fastify.bus, repo, service, log: fastify.log });
    fastify.decorate('ieo', { service, engine, repo });
    await seedIeoProjects({ repo, service, clock });
    await service.loadTokens();
    // A project created on this node: its end is armed now rather than at the next sweep.
    service.onCreate(() => engine.poke());

    fastify.finance.registry.register({ product: 'ieo', yieldKind: 'none', holdings: (userId) => service.holdings(userId) });
    // The assets page's "IEO" line: payments in escrow, then the allocated tokens locked (frozen).
    fastify.holdings.register({ kind: 'ieo', holdings: (userId) => service.assetHoldings(userId) });
    audit.registry.register(createIeoAuditor({ repo, ledger, db, currencies: market.currencies }));
    fastify.api.handle(createIeoHandlers(service));
    fastify.ops.handle(createIeoOpsHandlers(service));
    fastify.leaderWork.add({ start: () => engine.start(), stop: () => engine.stop() });
  },
  { name: 'ieo', dependencies: ['platform', 'http', 'ledger', 'market', 'users', 'audit', 'financial', 'funds'] },
);
