/** The market area: the embedded market source (`fastify.market`), run by the leader, and its endpoints. */
import fp from 'fastify-plugin';
import type { AppOptions } from '../platform/options';
import { createMarketHandlers } from './marketHandlers';
import { MarketSimulator } from './MarketSimulator';
import { MarketRelay } from './MarketRelay';
import type { MarketSource } from './MarketSource';
import { CcxtVenue } from './venue/CcxtVenue';

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketSource;
  }
}

export const marketPlugin = fp<AppOptions>(
  async (fastify, options) => {
    const { db, clock, log } = fastify;
    const market = await MarketSimulator.open({
      db,
      clock,
      log,
      seed: options.seed,
      hz: options.marketHz,
      historyDays: options.historyDays,
      ...(options.marketVenue
        ? {
            venue: {
              feed: new CcxtVenue({
                exchange: options.marketVenue.exchange,
                clock,
                log,
                ...(options.marketVenue.urls ? { urls: options.marketVenue.urls } : {}),
              }),
              staleMs: options.marketVenue.staleMs,
            },
          }
        : {}),
    });
    fastify.decorate('market', market);
    fastify.api.handle(createMarketHandlers({ market, clock }));
    // With several nodes the leader relays its ticks and the others apply them (one process: no traffic).
    const relay = new MarketRelay({ bus: fastify.bus, market, clock, isLeader: () => fastify.isLeader(), log });
    // Tests may step the market by hand; otherwise it ticks on the leader node.
    if (options.startMarket !== false) {
      fastify.leaderWork.add({
        start: async () => {
          await market.start();
          relay.startPublishing();
        },
        stop: async () => {
          relay.stopPublishingTicks();
          await market.stop();
        },
      });
    }
    fastify.addHook('preClose', async () => {
      relay.close();
      await market.stop();
    });
  },
  { name: 'market', dependencies: ['platform', 'http'] },
);
