/**
 * The helpers every futures part calls: the pair and its settings, the mark, the lever account's
 * balance, the trading rules' price bands and liquidation estimate, the user's locked trade, the
 * ledger post under a settlement's key, the trading fee's follow-ups, and the announcement of a
 * changed trade after commit.
 *
 * Every money transaction locks the user's row first: one user's futures operations (and the
 * lever transfer guard) run one after another, so "available" read in a transaction stays true
 * until it commits. Locks: user row (with the lever balance where the transaction reads it at once,
 * `lockAndAvailable`), then the user's trades, then balances (the ledger). The futures
 * paths take the user's trades and lever balance only under the user's lock, and anything else that
 * moves that balance does so in a single ledger post (user rows before platform rows), so taking
 * the balance before the trades cannot deadlock.
 */
import { Decimal, type DecimalValue } from '../../../domain/decimal';
import type { LedgerKind } from '../../../domain/funds/ledgerKinds';
import { liquidationPrice, profit } from '../../../domain/futures/formulas';
import type { FuturesSettings, FuturesSide } from '../../../domain/futures/types';
import { checkBand } from '../../../domain/market/priceBand';
import type { MarketPair } from '../../../domain/market/types';
import type { Queryable } from '../../db/db';
import { AppError } from '../../http/AppError';
import type { Balances } from '../../ledger/Balances';
import type { Leg, Ledger } from '../../ledger/Ledger';
import type { TradingFees } from '../../ledger/TradingFees';
import type { AfterCommit } from '../../ledger/tx';
import type { MarketSource } from '../../market/MarketSource';
import type { FuturesRepository, TradeRow } from '../FuturesRepository';
import { futuresSettings } from '../settings';
import { LEVER, USDT_ID, type Mark, type TradeListener } from './terms';

/** The lever balance as decimals; a balance never held is zero. */
function walletOf(row: { available: string; frozen: string } | null): { available: Decimal; frozen: Decimal } {
  return { available: new Decimal(row?.available ?? 0), frozen: new Decimal(row?.frozen ?? 0) };
}

export class FuturesCore {
  constructor(
    private readonly deps: {
      ledger: Ledger;
      balances: Balances;
      market: MarketSource;
      repo: FuturesRepository;
      tradingFees: TradingFees;
      /** Who is told of a changed trade (the service's `onChange`). */
      listeners: ReadonlySet<TradeListener>;
    },
  ) {}

  /** The pair of `matchId` and its settings; unknown pairs answer "Unknown trading pair". */
  pair(matchId: number): { pair: MarketPair; settings: FuturesSettings } {
    const pair = this.deps.market.pairs.find((p) => p.id === matchId);
    if (!pair) throw new AppError('errors.symbolUnknown');
    return { pair, settings: futuresSettings(pair) };
  }

  /** The settings of the pair a trade is on. */
  settingsOf(row: TradeRow): FuturesSettings {
    return this.pair(row.match_id).settings;
  }

  /**
   * Makes the prices the market has shown durable in its record (`MarketSource.record`): for a
   * caller about to open a transaction in which this service takes a mark (`joining`).
   */
  recordMarks(): Promise<void> {
    return this.deps.market.record();
  }

  /** The mark: the market source's recorded last price of `symbol` and its tick time. */
  mark(symbol: string): Mark {
    const ticker = this.deps.market.ticker(symbol);
    if (!ticker) throw new AppError('errors.priceUnavailable');
    return { price: ticker.price, ts: ticker.ts };
  }

  /**
   * The mark a user's decision is taken at (an open, a close, new stops): refused while the
   * venue pricing the pair is silent (docs/MARKET.md). Reads, cancels and valuations use `mark`.
   */
  tradingMark(symbol: string): Mark {
    const mark = this.mark(symbol);
    if (this.deps.market.isStale(symbol)) throw new AppError('errors.priceStale');
    return mark;
  }

  async available(userId: number, q?: Queryable): Promise<{ available: Decimal; frozen: Decimal }> {
    return walletOf(await this.deps.balances.one(userId, LEVER, USDT_ID, q));
  }

  /** Several users' lever USDT (the engine's working set after a reload), one statement. */
  async availableOf(userIds: readonly number[]): Promise<Map<number, { available: Decimal; frozen: Decimal }>> {
    const rows = await this.deps.balances.ofUsers(userIds, LEVER, USDT_ID);
    return new Map(userIds.map((id) => [id, walletOf(rows.get(id) ?? null)]));
  }

  /**
   * Locks the user's row, as every money transaction does first, and reads the lever account's
   * balance, locked too, in the same round trip (`Balances.lockUserAndRead`).
   */
  async lockAndAvailable(userId: number, q: Queryable): Promise<{ available: Decimal; frozen: Decimal }> {
    return walletOf(await this.deps.balances.lockUserAndRead(q, userId, LEVER, USDT_ID));
  }

  /** Refuses a limit, take-profit or stop-loss price outside the pair's band around the mark. */
  checkBands(
    settings: FuturesSettings,
    mark: string,
    prices: { limit?: string | null; takeProfit: string | null; stopLoss: string | null },
  ): void {
    const named = [
      ['limit', prices.limit ?? null],
      ['takeProfit', prices.takeProfit],
      ['stopLoss', prices.stopLoss],
    ] as const;
    for (const [which, price] of named) {
      if (price === null) continue;
      const issue = checkBand(which, price, mark, settings.price_band, settings.price_decimals);
      if (issue) throw new AppError(issue.key, issue.params);
    }
  }

  /**
   * The estimated liquidation price of a position (new, or one of the user's open ones) given
   * what the account holds: the same estimate the worker shows (`liquidationPrice`).
   */
  liquidationEstimate(
    /** The user's open positions. */
    open: readonly TradeRow[],
    availableAfter: Decimal,
    position: {
      id?: number;
      side: FuturesSide;
      open: DecimalValue;
      number: DecimalValue;
      margin: DecimalValue;
      quoteUsdt: DecimalValue;
      settings: FuturesSettings;
    },
  ): Decimal | null {
    let totalMargin = new Decimal(position.id === undefined ? position.margin : 0);
    let otherProfit = new Decimal(0);
    for (const t of open) {
      totalMargin = totalMargin.plus(t.margin);
      if (t.id !== position.id)
        otherProfit = otherProfit.plus(profit(t.side, t.open_price!, this.mark(t.symbol).price, t.number, t.quote_usdt));
    }
    return liquidationPrice({
      side: position.side,
      open: position.open,
      number: position.number,
      quoteUsdt: position.quoteUsdt,
      available: availableAfter,
      totalMargin,
      otherProfit,
      threshold: position.settings.liquidation_risk,
      priceDecimals: position.settings.price_decimals,
    });
  }

  /** The user's trade, locked; another user's id answers the same as one that does not exist. */
  async owned(q: Queryable, userId: number, id: number): Promise<TradeRow> {
    const row = await this.deps.repo.lock(q, id);
    if (!row || row.user_id !== userId) throw new AppError('errors.positionNotFound');
    return row;
  }

  async post(q: Queryable, key: string, kind: LedgerKind, tradeId: number, legs: Leg[]): Promise<void> {
    await this.deps.ledger.postOnce(q, { key, kind, ref: { type: 'futures', id: tradeId }, legs });
  }

  /** A trading fee was posted under `ref`: rebates and vouchers act on it in this transaction (server/ledger/TradingFees.ts). */
  async feeCharged(q: Queryable, userId: number, fee: string, ref: string): Promise<void> {
    if (new Decimal(fee).gt(0)) await this.deps.tradingFees.charged(q, { userId, area: 'futures', currencyId: USDT_ID, fee, ref });
  }

  announce(afterCommit: AfterCommit, row: TradeRow, before: TradeRow['status'] | null): void {
    afterCommit(() => {
      for (const listener of this.deps.listeners) listener(row, before);
    });
  }
}
