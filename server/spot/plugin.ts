/**
 * The spot area (docs/SPOT.md): the `/coin/*` endpoints, the limit-order engine
 * (leader only), the private channel's `orders` with product `spot`, the settlement auditor, and
 * the treasury's liquidity in the spot coins it was not seeded with. Owns `spot_orders` and
 * `spot_fills` (SpotRepository).
 */
import fp from 'fastify-plugin';
import { Decimal } from '../../domain/decimal';
import { txRunner } from '../ledger/tx';
import { SpotEngine } from './SpotEngine';
import { SpotRepository } from './SpotRepository';
import { SpotService } from './SpotService';
import { spotAuditor } from './audit';
import { isSpotPair } from './settings';
import { createSpotHandlers } from './spotHandlers';

declare module 'fastify' {
  interface FastifyInstance {
    spot: { service: SpotService; engine: SpotEngine; repo: SpotRepository };
  }
}

const LIQUIDITY_REASON = 'seed: spot liquidity';
/** The treasury's seeded liquidity per spot coin, in USDT at the price of the first start. */
export const LIQUIDITY_USDT = '2000000';

export const spotPlugin = fp(
  async (fastify) => {
    const { db, clock, ledger, balances, market, users, hub, credits } = fastify;
    const repo = new SpotRepository(db);
    users.addTradeSource((ids) => repo.tradersAmong(ids));
    const service = new SpotService({ db, clock, ledger, balances, market, users, repo, tradingFees: fastify.tradingFees });
    const engine = new SpotEngine({ clock, bus: fastify.bus, market, repo, service, log: fastify.log });
    fastify.decorate('spot', { service, engine, repo });

    service.onChange((row) => void hub.publishToUser(row.user_id, 'orders', [service.order(row)]));
    hub.provideSnapshot('orders', (userId) => service.live(userId));
    fastify.audit.registry.register(spotAuditor(repo, market));

    // The house makes the market: the treasury needs each spot coin (the funds seed has a few).
    if (!(await credits.anyWithReason(LIQUIDITY_REASON))) {
      await txRunner(db)(async (q, afterCommit) => {
        for (const pair of market.pairs.filter(isSpotPair)) {
          const price = market.ticker(pair.symbol)?.price;
          const base = market.currencies.find((c) => c.id === pair.currency_id)!;
          if (!price) continue;
          const amount = new Decimal(LIQUIDITY_USDT).div(price).toDecimalPlaces(base.decimals, Decimal.ROUND_DOWN);
          await credits.creditIn(q, afterCommit, { platform: 'treasury' }, base, amount, LIQUIDITY_REASON);
        }
        const usdt = market.currencies.find((c) => c.name === 'USDT')!;
        await credits.creditIn(q, afterCommit, { platform: 'treasury' }, usdt, new Decimal(LIQUIDITY_USDT).mul(20), LIQUIDITY_REASON);
      });
    }

    fastify.api.handle(createSpotHandlers(service));
    fastify.leaderWork.add({ start: () => engine.start(), stop: () => engine.stop() });
  },
  { name: 'spot', dependencies: ['platform', 'http', 'ledger', 'market', 'users', 'realtime', 'funds', 'audit', 'futures'] },
);
