/**
 * The lockming area (docs/FINANCE.md): the `/lh/deposit*` endpoints, the engine (leader
 * only) that pays the daily yields and returns principals at expiry, and the auditor. Owns
 * `lockming_products` and `lockming_orders` (LockmingRepository). Every change of an order moves
 * a balance, which the ledger pushes on the private channel: the app refreshes its order list on
 * those `balances` messages (src/api/liveInvalidation.ts).
 */
import fp from 'fastify-plugin';
import { Decimal } from '../../domain/decimal';
import { LockmingEngine } from './LockmingEngine';
import { LockmingRepository } from './LockmingRepository';
import { LockmingService } from './LockmingService';
import { createLockmingAuditor } from './audit';
import { createLockmingHandlers } from './lockmingHandlers';
import { seedLockmingProducts } from './seedProducts';

declare module 'fastify' {
  interface FastifyInstance {
    lockming: { service: LockmingService; engine: LockmingEngine; repo: LockmingRepository };
  }
}

export const lockmingPlugin = fp(
  async (fastify) => {
    const { db, clock, ledger, balances, market, users, audit } = fastify;
    const repo = new LockmingRepository(db);
    const service = new LockmingService({ db, clock, ledger, balances, currencies: market.currencies, users, repo });
    const engine = new LockmingEngine({ clock, bus: fastify.bus, repo, service, log: fastify.log });
    fastify.decorate('lockming', { service, engine, repo });
    await seedLockmingProducts(db, { repo, currencies: market.currencies, clock });

    fastify.finance.registry.register({
      product: 'lockming',
      yieldKind: 'paid',
      async holdings(userId) {
        const orders = await repo.holdingOrders(userId);
        const holdings = orders.map((o) => ({
          currency_id: o.currency_id,
          amount: new Decimal(o.amount),
          yield: new Decimal(o.yield_paid),
        }));
        return { open_orders: orders.length, holdings };
      },
    });
    // The assets page's "Earn" line: the principal of each order in progress, frozen in the coin account.
    fastify.holdings.register({
      kind: 'earn',
      async holdings(userId) {
        return (await repo.holdingOrders(userId)).map((o) => ({
          currency_id: o.currency_id,
          amount: new Decimal(o.amount),
          place: 'frozen' as const,
        }));
      },
    });
    audit.registry.register(createLockmingAuditor({ repo, balances, currencies: market.currencies, clock }));
    fastify.api.handle(createLockmingHandlers(service));
    fastify.leaderWork.add({ start: () => engine.start(), stop: () => engine.stop() });
  },
  { name: 'lockming', dependencies: ['platform', 'http', 'ledger', 'market', 'users', 'audit', 'financial', 'funds'] },
);
