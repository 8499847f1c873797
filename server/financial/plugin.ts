/**
 * The finance tab (docs/FINANCE.md "Finance tab"): the registry the finance
 * areas add their holdings to (`fastify.finance.registry`, before they register) and
 * `GET /financial/index`. Owns no table: each product reads its own.
 */
import fp from 'fastify-plugin';
import { FinanceRegistry } from './FinanceRegistry';
import { FinancialService } from './FinancialService';

declare module 'fastify' {
  interface FastifyInstance {
    finance: { registry: FinanceRegistry; service: FinancialService };
  }
}

export const financialPlugin = fp(
  async (fastify) => {
    const registry = new FinanceRegistry();
    const service = new FinancialService({ registry, valuation: fastify.valuation, market: fastify.market, rates: fastify.rates });
    fastify.decorate('finance', { registry, service });
    fastify.api.handle({
      '/financial/index': async (_input, ctx) => service.summary(ctx.user.id, (await fastify.users.byId(ctx.user.id))?.fiat ?? 'USDT'),
    });
  },
  { name: 'financial', dependencies: ['platform', 'http', 'market', 'users', 'funds', 'rates'] },
);
