/**
 * The invest (dual investment) area (issue 12 item 3, docs/FINANCE.md): the `/dual/*` endpoints,
 * the engine (leader only) that issues each day's products and settles positions at maturity
 * from the recorded price, and the auditor. Owns `dual_products` and `dual_orders`
 * (DualRepository). Every purchase and settlement moves a balance, which the ledger pushes on the
 * private channel: the app refreshes its lists on those `balances` messages (src/api/liveInvalidation.ts).
 */
import fp from 'fastify-plugin';
import { DualEngine } from './DualEngine';
import { DualRepository } from './DualRepository';
import { DualService } from './DualService';
import { createDualAuditor } from './audit';
import { createInvestHandlers } from './investHandlers';

declare module 'fastify' {
  interface FastifyInstance {
    invest: { service: DualService; engine: DualEngine; repo: DualRepository };
  }
}

export const investPlugin = fp(
  async (fastify) => {
    const { db, clock, ledger, balances, market, users, audit } = fastify;
    const repo = new DualRepository(db);
    const service = new DualService({
      db,
      clock,
      ledger,
      balances,
      currencies: market.currencies,
      lastPrice: (symbol) => market.ticker(symbol)?.price,
      priceAt: (symbol, ts) => audit.prices.priceAt(symbol, ts),
      users,
      repo,
    });
    const engine = new DualEngine({ clock, repo, service, log: fastify.log });
    fastify.decorate('invest', { service, engine, repo });

    audit.registry.register(createDualAuditor({ repo, balances, service }));
    fastify.api.handle(createInvestHandlers(service));
    fastify.leaderWork.add({ start: () => engine.start(), stop: () => engine.stop() });
  },
  { name: 'invest', dependencies: ['platform', 'http', 'ledger', 'market', 'users', 'audit'] },
);
