/** The rates area: fiat display rates (`fastify.rates`). */
import fp from 'fastify-plugin';
import { createRateHandlers } from './rateHandlers';
import { builtInRates, RateSource } from './RateSource';

declare module 'fastify' {
  interface FastifyInstance {
    rates: RateSource;
  }
}

export const ratesPlugin = fp(
  async (fastify) => {
    const rates = new RateSource(builtInRates, fastify.clock);
    fastify.decorate('rates', rates);
    fastify.api.handle(createRateHandlers(rates));
  },
  { name: 'rates', dependencies: ['platform'] },
);
