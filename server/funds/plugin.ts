/**
 * The funds area: wallets and transfers, deposits, withdrawals, exchanges and credits. Money
 * moves only through the ledger; other areas reach these services on the instance.
 */
import { createFundsOpsHandlers } from './fundsOpsHandlers';
import fp from 'fastify-plugin';
import { Credits } from './Credits';
import { Deposits } from './Deposits';
import { Exchanges } from './Exchanges';
import { HoldingsRegistry } from './Holdings';
import { createFundsHandlers } from './fundsHandlers';
import { Valuation } from './Valuation';
import { Wallets } from './Wallets';
import { Withdrawals } from './Withdrawals';

declare module 'fastify' {
  interface FastifyInstance {
    wallets: Wallets;
    deposits: Deposits;
    withdrawals: Withdrawals;
    exchanges: Exchanges;
    credits: Credits;
    /** Prices of currencies in USDT (the futures area fixes a trade's quote rate with it). */
    valuation: Valuation;
    /** What users hold in products, escrow and bids: each such area registers a source (the assets page's lines). */
    holdings: HoldingsRegistry;
  }
}

export const fundsPlugin = fp(
  async (fastify) => {
    const { db, clock, ledger, balances, market, users, uploads, notifications, targets, limits } = fastify;
    const valuation = new Valuation(market);
    const credits = new Credits(db, clock, ledger, notifications);
    const holdings = new HoldingsRegistry();
    const wallets = new Wallets(db, clock, ledger, balances, market, valuation, fastify.rates, holdings);
    const deposits = new Deposits(db, clock, ledger, market, users, uploads, notifications);
    const withdrawals = new Withdrawals(
      db,
      clock,
      ledger,
      balances,
      market,
      valuation,
      users,
      targets,
      limits,
      notifications,
      fastify.twoFactor,
    );
    const exchanges = new Exchanges(db, clock, ledger, market, valuation, await fastify.secrets.get('exchange_quote'));
    fastify.decorate('wallets', wallets);
    fastify.decorate('deposits', deposits);
    fastify.decorate('withdrawals', withdrawals);
    fastify.decorate('exchanges', exchanges);
    fastify.decorate('credits', credits);
    fastify.decorate('valuation', valuation);
    fastify.decorate('holdings', holdings);
    users.addTradeSource((ids) => exchanges.tradersAmong(ids));
    fastify.api.handle(createFundsHandlers({ wallets, deposits, withdrawals, exchanges, users }));
    fastify.ops.handle(createFundsOpsHandlers({ users, deposits, withdrawals, credits, market }));
  },
  { name: 'funds', dependencies: ['platform', 'auth', 'ledger', 'market', 'rates', 'users', 'uploads', 'notifications', 'targets'] },
);
