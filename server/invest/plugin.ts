/**
 * The invest (dual investment) area (docs/FINANCE.md): the `/dual/*` endpoints,
 * the engine (leader only) that issues each day's products and settles positions at maturity
 * from the recorded price, and the auditor. Owns `dual_products` and `dual_orders`
 * (DualRepository). Every purchase and settlement moves a balance, which the ledger pushes on the
 * private channel: the app refreshes its lists on those `balances` messages (src/api/liveInvalidation.ts).
 */
import fp from 'fastify-plugin';
import { Decimal } from '../../domain/decimal';
import { dualFactor } from '../../domain/invest/formulas';
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
    const engine = new DualEngine({ clock, bus: fastify.bus, repo, service, log: fastify.log });
    fastify.decorate('invest', { service, engine, repo });

    // The assets page's "Earn" line: each position's principal before settlement, frozen in the
    // coin account in the coin its side invests.
    fastify.holdings.register({
      kind: 'earn',
      async holdings(userId) {
        return (await repo.openOrders(userId)).map((o) => ({
          currency_id: o.invest_currency_id,
          amount: new Decimal(o.amount),
          place: 'frozen' as const,
        }));
      },
    });
    // The finance tab: positions before settlement, with what they pay at maturity in the coin
    // they keep (amount × (1 + days × APR / 365), rounded down as a payout is, less the amount).
    fastify.finance.registry.register({
      product: 'dual',
      yieldKind: 'expected',
      async holdings(userId) {
        const orders = await repo.openOrders(userId);
        const holdings = orders.map((o) => {
          const decimals = market.currencies.find((c) => c.id === o.invest_currency_id)?.decimals ?? 8;
          const amount = new Decimal(o.amount);
          const grown = amount.mul(dualFactor(o.days, o.apr)).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
          return { currency_id: o.invest_currency_id, amount, yield: grown.minus(amount) };
        });
        return { open_orders: orders.length, holdings };
      },
    });
    audit.registry.register(createDualAuditor({ repo, balances, service }));
    fastify.api.handle(createInvestHandlers(service));
    fastify.leaderWork.add({ start: () => engine.start(), stop: () => engine.stop() });
  },
  { name: 'invest', dependencies: ['platform', 'http', 'ledger', 'market', 'users', 'audit', 'financial', 'funds'] },
);
