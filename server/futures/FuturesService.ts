/**
 * Futures trading (docs/FUTURES.md): what `fastify.futures.service` is, composed from its parts in
 * trading/: the reads (FuturesReads), placing and withdrawing orders (OrderPlacement), the user's
 * closes and stops (PositionChanges), the settlement of a close (PositionClosing) and the engine's
 * effects (EngineEffects), over the helpers they share (FuturesCore). The handlers, the engine and
 * copy trading call it as before; each call goes to the part that does it.
 */
import type { Page } from '../../domain/api/envelope';
import type { Decimal } from '../../domain/decimal';
import type { FuturesAccount, FuturesSettings, FuturesSide, FuturesTrade, LeverDeal, LeverDealAll } from '../../domain/futures/types';
import type { MarketPair } from '../../domain/market/types';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import type { Balances } from '../ledger/Balances';
import type { Ledger } from '../ledger/Ledger';
import type { TradingFees } from '../ledger/TradingFees';
import type { TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { UserRepository } from '../users/UserRepository';
import type { FuturesRepository, TradeRow } from './FuturesRepository';
import { EngineEffects } from './trading/EngineEffects';
import { FuturesCore } from './trading/FuturesCore';
import { FuturesReads } from './trading/FuturesReads';
import { isRuleRefusal, OrderPlacement, type SubmitInput } from './trading/OrderPlacement';
import { PositionChanges } from './trading/PositionChanges';
import { PositionClosing } from './trading/PositionClosing';
import { USDT_ID, type Mark, type QuoteRate, type TradeListener } from './trading/terms';

export class FuturesService {
  /** Told after commit of every trade that changed; the parts announce to this one set. */
  private readonly listeners = new Set<TradeListener>();
  private readonly core: FuturesCore;
  private readonly reads: FuturesReads;
  private readonly orders: OrderPlacement;
  private readonly positions: PositionChanges;
  private readonly effects: EngineEffects;

  constructor(deps: {
    db: Db;
    clock: Clock;
    ledger: Ledger;
    balances: Balances;
    market: MarketSource;
    users: UserRepository;
    repo: FuturesRepository;
    quoteUsdt: QuoteRate;
    tradingFees: TradingFees;
  }) {
    const { db, clock, ledger, balances, market, users, repo, quoteUsdt, tradingFees } = deps;
    const core = new FuturesCore({ ledger, balances, market, repo, tradingFees, listeners: this.listeners });
    const usdtDecimals = market.currencies.find((c) => c.id === USDT_ID)!.decimals;
    const closing = new PositionClosing({ clock, balances, repo, core, usdtDecimals });
    this.core = core;
    this.reads = new FuturesReads({ repo, quoteUsdt, core });
    this.orders = new OrderPlacement({ db, clock, market, users, repo, quoteUsdt, core });
    this.positions = new PositionChanges({ db, clock, market, users, repo, core, closing });
    this.effects = new EngineEffects({ db, clock, market, users, repo, core, closing });
  }

  onChange(listener: TradeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- reading -----------------------------------------------------------------------------

  /** The pair of `matchId` and its settings; unknown pairs answer "Unknown trading pair". */
  pair(matchId: number): { pair: MarketPair; settings: FuturesSettings } {
    return this.core.pair(matchId);
  }

  /** The settings of the pair a trade is on. */
  settingsOf(row: TradeRow): FuturesSettings {
    return this.core.settingsOf(row);
  }

  /** For a caller about to open a transaction in which this service takes a mark (`joining`). */
  recordMarks(): Promise<void> {
    return this.core.recordMarks();
  }

  /** The mark: the market source's recorded last price of `symbol` and its tick time. */
  mark(symbol: string): Mark {
    return this.core.mark(symbol);
  }

  available(userId: number, q?: Queryable): Promise<{ available: Decimal; frozen: Decimal }> {
    return this.core.available(userId, q);
  }

  /** Several users' lever USDT, one statement. */
  availableOf(userIds: readonly number[]): Promise<Map<number, { available: Decimal; frozen: Decimal }>> {
    return this.core.availableOf(userIds);
  }

  deal(userId: number, matchId: number): Promise<LeverDeal> {
    return this.reads.deal(userId, matchId);
  }

  accountOf(available: Decimal, frozen: Decimal, open: readonly TradeRow[]): FuturesAccount {
    return this.reads.accountOf(available, frozen, open);
  }

  dealAll(userId: number, status: 'open' | 'entrusted' | 'closed', page: { page: number; limit: number }): Promise<LeverDealAll> {
    return this.reads.dealAll(userId, status, page);
  }

  history(userId: number, matchId: number | undefined, page: { page: number; limit: number }): Promise<Page<FuturesTrade>> {
    return this.reads.history(userId, matchId, page);
  }

  live(userId: number, status: 'open' | 'entrusted'): Promise<FuturesTrade[]> {
    return this.reads.live(userId, status);
  }

  // ---- the user's calls (a runner left out starts a transaction of the part's own) -------------

  /** Whether `error` is the trading rules refusing an order as such (leverage, size, the pair's cap): the same order would fail again. */
  isRuleRefusal(error: unknown): boolean {
    return isRuleRefusal(error);
  }

  submit(userId: number, input: SubmitInput, run?: TxRunner): Promise<FuturesTrade> {
    return this.orders.submit(userId, input, run);
  }

  cancel(userId: number, id: number, run?: TxRunner): Promise<FuturesTrade> {
    return this.orders.cancel(userId, id, run);
  }

  close(userId: number, id: number, run?: TxRunner): Promise<FuturesTrade> {
    return this.positions.close(userId, id, run);
  }

  batchClose(userId: number, which: FuturesSide | 'all', run?: TxRunner): Promise<{ closed: number }> {
    return this.positions.batchClose(userId, which, run);
  }

  setStop(
    userId: number,
    id: number,
    stops: { target_profit_price?: string; stop_loss_price?: string },
    run?: TxRunner,
  ): Promise<FuturesTrade> {
    return this.positions.setStop(userId, id, stops, run);
  }

  // ---- the engine's effects ------------------------------------------------------------------

  fill(tradeId: number, mark: Mark): Promise<boolean> {
    return this.effects.fill(tradeId, mark);
  }

  stop(tradeId: number, mark: Mark): Promise<boolean> {
    return this.effects.stop(tradeId, mark);
  }

  liquidate(userId: number): Promise<number> {
    return this.effects.liquidate(userId);
  }

  chargeOvernight(tradeId: number, day: string): Promise<boolean> {
    return this.effects.chargeOvernight(tradeId, day);
  }
}
