/**
 * Spot trading (docs/SPOT.md): market orders that walk the server's recorded book at
 * once, limit orders (within the price band around the mark) that freeze their funds
 * until the market crosses them and then fill never worse than their price — at once against the
 * book within the limit when already crossed, or by the engine at the better of the limit and the
 * tick's last price — cancel, the lists. Every figure comes from domain/spot/formulas.ts — the same functions the worker's
 * preview calls — so preview and settlement agree to the last digit. Both currencies live in the
 * coin account (`change`); the counterparty of every fill is the platform treasury (the house
 * makes the market at the recorded book), the fee goes to the fee account, and each money effect
 * is one ledger operation whose key is also the order's unique settlement key.
 *
 * Locks: the user's row first (one user's spot calls run one after another, so a balance read
 * in a transaction stays true until it commits), then the order, then balances (the ledger).
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal } from '../../domain/decimal';
import { ACCOUNTS } from '../../domain/funds/formulas';
import { checkBand } from '../../domain/market/priceBand';
import type { MarketPair } from '../../domain/market/types';
import {
  limitCrossed,
  limitFillPrice,
  limitFreeze,
  marketableLimitFills,
  marketOrder,
  settleFills,
  type Settlement,
} from '../../domain/spot/formulas';
import type { SpotDeal, SpotFill, SpotOrder, SpotSettings, SpotSide, SpotStatus } from '../../domain/spot/types';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { AppError } from '../http/AppError';
import type { Balances } from '../ledger/Balances';
import { feesFor, type Leg, type Ledger } from '../ledger/Ledger';
import type { TradingFees } from '../ledger/TradingFees';
import { isJoined, txRunner, type AfterCommit, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { UserRepository } from '../users/UserRepository';
import { toOrder, type OrderRow, type SpotRepository } from './SpotRepository';
import { isSpotPair, spotSettings } from './settings';
import type { LedgerKind } from '../../domain/funds/ledgerKinds';

/** The coin account holds both currencies of a spot pair. */
export const COIN = ACCOUNTS.change;

/** A recorded price and the time of its tick. */
export interface Mark {
  price: string;
  ts: number;
}

export interface TradeInput {
  currency_id: number;
  legal_id: number;
  type: SpotSide;
  amount: string;
  target_price?: string;
}

/** Told after commit that an order changed (its status before, null for a new order). */
export type OrderListener = (row: OrderRow, before: SpotStatus | null) => void;

const decimalsOf = (text: string) => (text.split('.')[1] ?? '').replace(/0+$/, '').length;
const fixed = (d: Decimal) => d.toFixed();

export class SpotService {
  private readonly listeners = new Set<OrderListener>();
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ledger: Ledger;
      balances: Balances;
      market: MarketSource;
      users: UserRepository;
      repo: SpotRepository;
      tradingFees: TradingFees;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  onChange(listener: OrderListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- reading -----------------------------------------------------------------------------

  /** The spot pair of `matchId` and its settings; a pair that does not trade spot answers as unknown. */
  pair(matchId: number): { pair: MarketPair; settings: SpotSettings } {
    const pair = this.deps.market.pairs.find((p) => p.id === matchId);
    if (!pair || !isSpotPair(pair)) throw new AppError('errors.symbolUnknown');
    return { pair, settings: spotSettings(pair, this.deps.market.currencies) };
  }

  /** The spot pair of a base and quote currency. */
  pairOf(currencyId: number, legalId: number): { pair: MarketPair; settings: SpotSettings } {
    const pair = this.deps.market.pairs.find((p) => p.currency_id === currencyId && p.legal_id === legalId);
    if (!pair || !isSpotPair(pair)) throw new AppError('errors.spotPairUnknown');
    return this.pair(pair.id);
  }

  /** The recorded last price of `symbol` and its tick time. */
  mark(symbol: string): Mark {
    const ticker = this.deps.market.ticker(symbol);
    if (!ticker) throw new AppError('errors.priceUnavailable');
    return { price: ticker.price, ts: ticker.ts };
  }

  /** The mark an order is placed at: refused while the venue pricing the pair is silent (docs/MARKET.md); a cancel uses `mark`. */
  tradingMark(symbol: string): Mark {
    const mark = this.mark(symbol);
    if (this.deps.market.isStale(symbol)) throw new AppError('errors.priceStale');
    return mark;
  }

  async available(userId: number, currencyId: number, q?: Queryable): Promise<Decimal> {
    const row = await this.deps.balances.one(userId, COIN, currencyId, q);
    return new Decimal(row?.available ?? 0);
  }

  /** The wire form of an order. */
  order(row: OrderRow): SpotOrder {
    const pair = this.deps.market.pairs.find((p) => p.id === row.match_id);
    return toOrder(row, { base: pair?.base ?? '', quote: pair?.quote ?? '' });
  }

  async deal(userId: number, matchId: number): Promise<SpotDeal> {
    const { pair, settings } = this.pair(matchId);
    const [base, quote, orders] = await Promise.all([
      this.available(userId, pair.currency_id),
      this.available(userId, pair.legal_id),
      this.deps.repo.open(userId, matchId),
    ]);
    return { ...settings, base_available: fixed(base), quote_available: fixed(quote), orders: orders.map((o) => this.order(o)) };
  }

  async list(
    userId: number,
    filter: { match_id?: number; status?: SpotStatus },
    page: { page: number; limit: number },
  ): Promise<Page<SpotOrder>> {
    if (filter.match_id !== undefined) this.pair(filter.match_id);
    const orders = await this.deps.repo.page(userId, { matchId: filter.match_id, status: filter.status }, page);
    return { ...orders, data: orders.data.map((o) => this.order(o)) };
  }

  /** Open orders of a user (the private channel's `orders` snapshot, product spot). */
  async live(userId: number): Promise<SpotOrder[]> {
    return (await this.deps.repo.open(userId)).map((o) => this.order(o));
  }

  // ---- the user's calls ----------------------------------------------------------------------

  /**
   * Places an order. Market: walks the recorded book now (asks for a buy, bids for a sell) and
   * settles at once; refused when the book cannot fill it all. Limit: refused outside the price
   * band around the recorded last price; freezes its funds; when the last price already crosses
   * it, fills at once like a market order capped at its limit (`marketableLimitFills`: the book's
   * levels within the limit, else the whole at the better of the limit and the last price), from
   * the frozen funds with any excess back.
   */
  async trade(userId: number, input: TradeInput, run: TxRunner = this.tx): Promise<SpotOrder> {
    const { pair, settings } = this.pairOf(input.currency_id, input.legal_id);
    const side = input.type;
    const amount = readAmount(input.amount, settings);
    const target = readPrice(input.target_price, settings.price_decimals);
    const mark = this.tradingMark(pair.symbol);
    if (target !== null) {
      const issue = checkBand('limit', target, mark.price, settings.price_band, settings.price_decimals);
      if (issue) throw new AppError(issue.key, issue.params);
    }
    let market: { fills: SpotFill[]; settlement: Settlement } | null = null;
    // A limit the market already crosses: its fills, decided now with the mark and the book.
    let crossedFills: SpotFill[] | null = null;
    if (target === null) {
      const book = this.deps.market.depth(pair.symbol);
      market = book ? marketOrder(side, side === 'buy' ? book.asks : book.bids, amount, settings) : null;
      if (!market) throw new AppError('errors.spotBookThin');
      if (market.settlement.total.lt(settings.min_total))
        throw new AppError('errors.spotTotalMin', { min: settings.min_total, quote: pair.quote });
    } else if (new Decimal(amount).mul(target).lt(settings.min_total)) {
      throw new AppError('errors.spotTotalMin', { min: settings.min_total, quote: pair.quote });
    } else if (limitCrossed(side, target, mark.price)) {
      const book = this.deps.market.depth(pair.symbol);
      crossedFills = marketableLimitFills(side, book && (side === 'buy' ? book.asks : book.bids), amount, target, mark.price);
    }
    // The mark and the book were read together; the record now holds them (docs/ARCHITECTURE.md).
    if (!isJoined(run)) await this.deps.market.record();

    return run(async (q, afterCommit) => {
      const now = this.deps.clock.now();
      await this.deps.users.lockById(userId, q);
      const payId = side === 'buy' ? pair.legal_id : pair.currency_id;
      const needed = market ? market.settlement.spent : limitFreeze(side, amount, target!, settings.quote_decimals);
      if ((await this.available(userId, payId, q)).lt(needed)) throw new AppError('errors.insufficientBalance');
      const row = await this.deps.repo.insert(q, {
        userId,
        matchId: pair.id,
        symbol: pair.symbol,
        baseId: pair.currency_id,
        quoteId: pair.legal_id,
        side,
        kind: market ? 'market' : 'limit',
        amount,
        targetPrice: target,
        feeRate: settings.fee_rate,
        frozen: market ? '0' : fixed(needed),
        now,
      });
      let result = row;
      if (market) {
        result = await this.settle(q, row, market.fills, market.settlement, mark, now);
      } else {
        await this.post(q, `spot:${row.id}:place`, 'spot_order', row.id, [
          { holder: { userId, account: COIN }, currencyId: payId, available: needed.neg(), frozen: needed },
        ]);
        if (crossedFills) result = await this.fillLimitIn(q, row, crossedFills, mark, now);
      }
      this.announce(afterCommit, result, null);
      return this.order(result);
    });
  }

  /** Cancels one of the user's open orders: its frozen funds return to available. */
  async cancel(userId: number, id: number, run: TxRunner = this.tx): Promise<SpotOrder> {
    if (!isJoined(run)) await this.deps.market.record();
    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const row = await this.deps.repo.lock(q, id);
      if (!row || row.user_id !== userId) throw new AppError('errors.spotOrderNotFound');
      if (row.status === 'filled') throw new AppError('errors.spotOrderFilled');
      if (row.status === 'cancelled') throw new AppError('errors.spotOrderCancelled');
      const now = this.deps.clock.now();
      const mark = this.mark(row.symbol);
      const key = `spot:${row.id}:cancel`;
      const held = new Decimal(row.frozen);
      await this.post(q, key, 'spot_cancel', row.id, [
        { holder: { userId, account: COIN }, currencyId: this.payCurrency(row), available: held, frozen: held.neg() },
      ]);
      const cancelled = await this.deps.repo.cancel(q, row.id, key, mark.price, mark.ts, now);
      this.announce(afterCommit, cancelled, row.status);
      return this.order(cancelled);
    });
  }

  // ---- the engine's effect -------------------------------------------------------------------

  /**
   * Fills an open limit order the recorded price `mark` crosses, as one fill at the better of its
   * limit and the mark (`limitFillPrice`: a gap's better price goes to the user). Re-checks under
   * the locks; answers false when the order is no longer open or the mark does not cross.
   */
  async fill(orderId: number, mark: Mark): Promise<boolean> {
    const owner = await this.deps.repo.byId(orderId);
    if (!owner || owner.status !== 'open') return false;
    await this.deps.market.record();
    return this.tx(async (q, afterCommit) => {
      await this.deps.users.lockById(owner.user_id, q);
      const row = await this.deps.repo.lock(q, orderId);
      if (!row || row.status !== 'open' || !limitCrossed(row.side, row.target_price!, mark.price)) return false;
      const fills = [{ price: limitFillPrice(row.side, row.target_price!, mark.price).toFixed(), amount: row.amount }];
      const filled = await this.fillLimitIn(q, row, fills, mark, this.deps.clock.now());
      this.announce(afterCommit, filled, row.status);
      return true;
    });
  }

  // ---- internals -----------------------------------------------------------------------------

  private payCurrency(row: OrderRow): number {
    return row.side === 'buy' ? row.quote_id : row.base_id;
  }

  private scaleOf(row: OrderRow): SpotSettings & { fee_rate: string } {
    const { settings } = this.pair(row.match_id);
    return { ...settings, fee_rate: row.fee_rate };
  }

  /**
   * Fills an open limit order (locked) with `fills` (none worse than its limit), from its frozen
   * funds: a buy spends at most what it froze, the excess returns in the same ledger operation.
   */
  private async fillLimitIn(q: Queryable, row: OrderRow, fills: SpotFill[], mark: Mark, now: number): Promise<OrderRow> {
    const settlement = settleFills(row.side, fills, this.scaleOf(row));
    return this.settle(q, row, fills, settlement, mark, now);
  }

  /**
   * The fill's money, one ledger operation (key `spot:<id>:fill`, the order's settlement key):
   * what is spent leaves the user (from frozen for a limit order, any excess frozen returns),
   * the treasury takes it and gives the gross received, the user gets it net of the fee, the fee
   * goes to the fee account.
   */
  private async settle(q: Queryable, row: OrderRow, fills: SpotFill[], s: Settlement, mark: Mark, now: number): Promise<OrderRow> {
    const key = `spot:${row.id}:fill`;
    const user = { userId: row.user_id, account: COIN } as const;
    const pay = this.payCurrency(row);
    const get = row.side === 'buy' ? row.base_id : row.quote_id;
    const gross = s.received.plus(s.fee);
    const frozen = new Decimal(row.status === 'open' && row.kind === 'limit' ? row.frozen : 0);
    const legs: Leg[] = [
      frozen.gt(0)
        ? { holder: user, currencyId: pay, frozen: frozen.neg(), available: frozen.minus(s.spent) }
        : { holder: user, currencyId: pay, available: s.spent.neg() },
      { holder: { platform: 'treasury' }, currencyId: pay, available: s.spent },
      { holder: { platform: 'treasury' }, currencyId: get, available: gross.neg() },
      { holder: user, currencyId: get, available: s.received },
    ];
    if (s.fee.gt(0)) legs.push({ holder: feesFor(row.user_id), currencyId: get, available: s.fee });
    try {
      await this.post(q, key, 'spot_fill', row.id, legs);
    } catch (error) {
      // The user's side was checked under the lock: what is short is the house's liquidity.
      if (error instanceof AppError && error.key === 'errors.insufficientBalance' && frozen.isZero())
        throw new AppError('errors.spotLiquidity');
      throw error;
    }
    if (s.fee.gt(0))
      await this.deps.tradingFees.charged(q, { userId: row.user_id, area: 'spot', currencyId: get, fee: fixed(s.fee), ref: key });
    return this.deps.repo.fill(q, row.id, {
      key,
      fills,
      avgPrice: fixed(s.avgPrice),
      total: fixed(s.total),
      fee: fixed(s.fee),
      received: fixed(s.received),
      decidingPrice: mark.price,
      decidingTs: mark.ts,
      now,
    });
  }

  private async post(q: Queryable, key: string, kind: LedgerKind, orderId: number, legs: Leg[]): Promise<void> {
    await this.deps.ledger.postOnce(q, { key, kind, ref: { type: 'spot', id: orderId }, legs });
  }

  private announce(afterCommit: AfterCommit, row: OrderRow, before: SpotStatus | null): void {
    afterCommit(() => {
      for (const listener of this.listeners) listener(row, before);
    });
  }
}

/** The amount (a normalised positive decimal from the contract): at most the pair's quantity decimals, within min and max. */
export function readAmount(value: string, s: SpotSettings): string {
  if (decimalsOf(value) > s.qty_decimals) throw new AppError('errors.spotAmountDecimals', { decimals: s.qty_decimals });
  const amount = new Decimal(value);
  if (amount.lt(s.min_amount)) throw new AppError('errors.spotAmountMin', { min: s.min_amount, base: s.base });
  if (amount.gt(s.max_amount)) throw new AppError('errors.spotAmountMax', { max: s.max_amount, base: s.base });
  return amount.toFixed();
}

/** An optional limit price: positive, at most the pair's price decimals. */
export function readPrice(value: string | undefined, decimals: number): string | null {
  if (value === undefined) return null;
  if (decimalsOf(value) > decimals) throw new AppError('errors.priceDecimals', { decimals });
  const price = new Decimal(value);
  if (price.lte(0)) throw new AppError('errors.pricePositive');
  return price.toFixed();
}
