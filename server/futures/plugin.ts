/**
 * The futures area (docs/FUTURES.md): the `/lever/*` endpoints, the engine (leader
 * only), the private channel's `orders` and `positions`, and the lever transfer guard. Owns
 * `futures_trades` and `futures_settlements` (FuturesRepository).
 */
import fp from 'fastify-plugin';
import { Decimal } from '../../domain/decimal';
import { ACCOUNTS } from '../../domain/funds/formulas';
import type { MarketPair } from '../../domain/market/types';
import { AppError } from '../http/AppError';
import { FloatRows } from '../ledger/TreasuryFloat';
import { txRunner } from '../ledger/tx';
import { futuresAuditor } from './audit';
import { FuturesEngine, TRADE_CHANGED } from './FuturesEngine';
import { toTrade, FuturesRepository, type TradeRow } from './FuturesRepository';
import { FuturesService } from './FuturesService';
import { USDT_ID } from './trading/terms';
import { createFuturesHandlers } from './futuresHandlers';

declare module 'fastify' {
  interface FastifyInstance {
    futures: { service: FuturesService; engine: FuturesEngine; repo: FuturesRepository };
  }
}

/** The insurance fund that takes liquidation shortfalls, credited once against `grants`. */
export const INSURANCE_SEED = '1000000';
const INSURANCE_REASON = 'seed: futures insurance fund';

export const futuresPlugin = fp(
  async (fastify) => {
    const { db, clock, ledger, balances, market, users, hub, wallets, valuation, rates, credits } = fastify;
    const repo = new FuturesRepository(db);

    /** USDT per unit of a quote currency: its USDT price, else (fiat) the inverse of its display rate. */
    const quoteUsdt = async (pair: MarketPair): Promise<Decimal | null> => {
      const price = valuation.priceUsdt(pair.legal_id);
      if (price) return price;
      const currency = market.currencies.find((c) => c.id === pair.legal_id);
      const rate = currency?.is_legal ? (await rates.all()).find((r) => r.currency_code === currency.name) : undefined;
      return rate && new Decimal(rate.rate).gt(0) ? new Decimal(1).div(rate.rate).toDecimalPlaces(12) : null;
    };

    const service = new FuturesService({ db, clock, ledger, balances, market, users, repo, quoteUsdt, tradingFees: fastify.tradingFees });
    const engine = new FuturesEngine({ clock, bus: fastify.bus, market, ledger, repo, service, log: fastify.log });
    fastify.decorate('futures', { service, engine, repo });

    // The private channel: an entrusted order (and its end) on `orders`, a position on `positions`.
    service.onChange((row: TradeRow, before) => {
      const trade = toTrade(row);
      if (row.status === 'entrusted' || before === 'entrusted') {
        void hub.publishToUser(row.user_id, 'orders', [{ ...trade, open: row.status === 'entrusted' }]);
      }
      if (row.status === 'open' || (row.status === 'closed' && before === 'open')) {
        void hub.publishToUser(row.user_id, 'positions', [{ ...trade, open: row.status === 'open' }]);
      }
    });
    // The engine runs on the leader only: a change committed on this node is told to the others
    // (the leader reads the trade again at once instead of at its next reload). A single node's bus
    // reaches only itself, whose engine has the change already: nothing to say per order there.
    const { bus } = fastify;
    if (bus.shared) service.onChange((row: TradeRow) => bus.publish(TRADE_CHANGED, { id: row.id, node: bus.nodeId }));
    const unsubscribe = bus.subscribe(TRADE_CHANGED, (data) => {
      const { id, node } = (data ?? {}) as { id?: unknown; node?: unknown };
      if (node !== bus.nodeId && Number.isSafeInteger(id)) void engine.refresh([id as number]);
    });
    fastify.addHook('onClose', async () => unsubscribe());
    hub.provideSnapshot('orders', (userId) => service.live(userId, 'entrusted'));
    hub.provideSnapshot('positions', (userId) => service.live(userId, 'open'));

    // Nothing leaves the lever account while a position or an order is live; checked in the transfer's transaction.
    wallets.addTransferGuard(async (q, userId, from) => {
      if (from !== ACCOUNTS.lever) return;
      await users.lockById(userId, q);
      if ((await repo.countLive(q, userId)) > 0) throw new AppError('errors.leverPositionsOpen');
    });

    if (!(await credits.anyWithReason(INSURANCE_REASON))) {
      const usdt = market.currencies.find((c) => c.id === USDT_ID)!;
      await txRunner(db)((q, afterCommit) =>
        credits.creditIn(q, afterCommit, { platform: 'insurance' }, usdt, new Decimal(INSURANCE_SEED), INSURANCE_REASON),
      );
    }

    // A close pays on the user's treasury shard (the float), locked before the post: the rows must exist.
    await new FloatRows(db).ensureAll([USDT_ID]);

    users.addTradeSource((ids) => repo.tradersAmong(ids));
    fastify.api.handle(createFuturesHandlers(service));
    fastify.audit.registry.register(futuresAuditor({ db, repo, ledger, market }));
    fastify.leaderWork.add({ start: () => engine.start(), stop: () => engine.stop() });
  },
  { name: 'futures', dependencies: ['platform', 'http', 'ledger', 'market', 'users', 'realtime', 'rates', 'funds', 'audit'] },
);
