/**
 * Futures trading (issue 9, docs/FUTURES.md): opening, limit orders, closing, stops, and the
 * engine's effects (fills, stops, liquidation, the overnight fee). Every figure comes from the
 * domain formulas (domain/futures/formulas.ts) at the market source's recorded last price (the
 * mark) — never a client's price — so the worker's preview and the server's settlement agree to
 * the last digit. Money moves only through the ledger, in the lever account's USDT, each effect
 * in one transaction with its settlement row, whose unique key is also the ledger operation's key.
 *
 * Every money transaction locks the user's row first: one user's futures operations (and the
 * lever transfer guard) run one after another, so "available" read in a transaction stays true
 * until it commits. Locks: user row, then the user's trades, then balances (the ledger).
 */
import type { Page } from '../../domain/api/envelope';
import { Decimal, type DecimalValue } from '../../domain/decimal';
import { ACCOUNTS, type AccountId } from '../../domain/funds/formulas';
import {
  checkStops,
  closeSplit,
  limitFillPrice,
  limitFills,
  liquidationFee,
  liquidationPrice,
  marketable,
  maxNotional,
  mustLiquidate,
  openCost,
  overnightFee,
  positionValue,
  profit,
  restingFill,
  riskRate,
  splitShortfall,
  stillOwed,
  stopLossPastLiquidation,
  stopTriggered,
} from '../../domain/futures/formulas';
import { checkBand } from '../../domain/market/priceBand';
import type {
  CloseReason,
  FuturesAccount,
  FuturesSettings,
  FuturesSide,
  FuturesTrade,
  LeverDeal,
  LeverDealAll,
} from '../../domain/futures/types';
import type { MarketPair } from '../../domain/market/types';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { AppError } from '../http/AppError';
import type { Balances } from '../ledger/Balances';
import { feesFor, type Leg, type Ledger } from '../ledger/Ledger';
import type { TradingFees } from '../ledger/TradingFees';
import { isJoined, txRunner, type AfterCommit, type TxRunner } from '../ledger/tx';
import type { MarketSource } from '../market/MarketSource';
import type { UserRepository } from '../users/UserRepository';
import { toTrade, type FuturesRepository, type TradeRow } from './FuturesRepository';
import { exposureCapOf, futuresSettings } from './settings';
import type { LedgerKind } from '../../domain/funds/ledgerKinds';

/** The futures account: USDT in the lever account. */
export const LEVER: AccountId = ACCOUNTS.lever;
export const USDT_ID = 3;

/** A price the market source recorded, and the time of the tick it came from. */
export interface Mark {
  price: string;
  ts: number;
}

/** Told after commit that a trade changed (its status before, null for a new trade). */
export type TradeListener = (row: TradeRow, before: TradeRow['status'] | null) => void;

/** USDT per unit of a pair's quote currency, or null when there is none now. */
export type QuoteRate = (pair: MarketPair) => Promise<Decimal | null>;

export interface SubmitInput {
  match_id: number;
  type: FuturesSide;
  share: string;
  multiple: number;
  target_price?: string;
  target_profit_price?: string;
  stop_loss_price?: string;
}

/** What a transaction's closes have left to work with: the user's available, and the fund once read. */
interface Wallet {
  available: Decimal;
  fund?: Decimal;
}

const decimalsOf = (text: string) => (text.split('.')[1] ?? '').replace(/0+$/, '').length;
const fixed = (d: Decimal) => d.toFixed();

export class FuturesService {
  private readonly listeners = new Set<TradeListener>();
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      ledger: Ledger;
      balances: Balances;
      market: MarketSource;
      users: UserRepository;
      repo: FuturesRepository;
      quoteUsdt: QuoteRate;
      tradingFees: TradingFees;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  onChange(listener: TradeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- reading -----------------------------------------------------------------------------

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

  async available(userId: number, q?: Queryable): Promise<{ available: Decimal; frozen: Decimal }> {
    const row = await this.deps.balances.one(userId, LEVER, USDT_ID, q);
    return { available: new Decimal(row?.available ?? 0), frozen: new Decimal(row?.frozen ?? 0) };
  }

  async deal(userId: number, matchId: number): Promise<LeverDeal> {
    const { pair, settings } = this.pair(matchId);
    const [{ available }, positions, orders, quote] = await Promise.all([
      this.available(userId),
      this.deps.repo.live(userId, 'open', matchId),
      this.deps.repo.live(userId, 'entrusted', matchId),
      this.deps.quoteUsdt(pair),
    ]);
    return {
      ...settings,
      available: fixed(available),
      quote_usdt: quote ? fixed(quote) : null,
      positions: positions.map(toTrade),
      orders: orders.map(toTrade),
    };
  }

  /** The account's totals at the current marks: Σ margin, Σ P&L and the risk rate, by the domain formulas. */
  accountOf(available: Decimal, frozen: Decimal, open: readonly TradeRow[]): FuturesAccount {
    let margin = new Decimal(0);
    let pnl = new Decimal(0);
    for (const t of open) {
      margin = margin.plus(t.margin);
      pnl = pnl.plus(profit(t.side, t.open_price!, this.mark(t.symbol).price, t.number, t.quote_usdt));
    }
    const risk = riskRate(available, margin, pnl);
    return {
      available: fixed(available),
      frozen: fixed(frozen),
      margin: fixed(margin),
      profit: fixed(pnl),
      risk_rate: risk ? risk.toFixed(2) : null,
    };
  }

  async dealAll(userId: number, status: 'open' | 'entrusted' | 'closed', page: { page: number; limit: number }): Promise<LeverDealAll> {
    const [{ available, frozen }, open, trades] = await Promise.all([
      this.available(userId),
      this.deps.repo.live(userId, 'open'),
      this.deps.repo.page(userId, status, undefined, page),
    ]);
    return { ...this.accountOf(available, frozen, open), trades: { ...trades, data: trades.data.map(toTrade) } };
  }

  async history(userId: number, matchId: number | undefined, page: { page: number; limit: number }): Promise<Page<FuturesTrade>> {
    if (matchId !== undefined) this.pair(matchId);
    const trades = await this.deps.repo.page(userId, 'history', matchId, page);
    return { ...trades, data: trades.data.map(toTrade) };
  }

  /** Open positions (`positions` snapshot) or entrusted orders (`orders` snapshot) of a user. */
  async live(userId: number, status: 'open' | 'entrusted'): Promise<FuturesTrade[]> {
    return (await this.deps.repo.live(userId, status)).map(toTrade);
  }

  // ---- the user's calls ----------------------------------------------------------------------

  /**
   * Opens a position at the mark (market) or places a limit order; margin and fee leave the lever
   * account's available. The trading rules (docs/FUTURES.md "Trading rules") are checked first:
   * every named price within the pair's band around the mark, take-profit and stop-loss on their
   * side, a stop-loss before the liquidation price, the leverage bracket, the user's position
   * limit and the platform's net exposure cap. A limit the market already crosses fills at once at
   * the better of its limit and the execution price (mark ± spread), never at a worse one.
   */
  async submit(userId: number, input: SubmitInput, run: TxRunner = this.tx): Promise<FuturesTrade> {
    const { pair, settings } = this.pair(input.match_id);
    const lots = readLots(input.share, settings);
    if (!settings.multiples.includes(input.multiple)) throw new AppError('validation.multipleInvalid');
    const pd = settings.price_decimals;
    const target = readPrice(input.target_price, pd);
    const takeProfit = readPrice(input.target_profit_price, pd);
    const stopLoss = readPrice(input.stop_loss_price, pd);
    const mark = this.mark(pair.symbol);
    this.checkBands(settings, mark.price, { limit: target, takeProfit, stopLoss });
    if (!isJoined(run)) await this.deps.market.record();
    const quote = await this.deps.quoteUsdt(pair);
    if (!quote) throw new AppError('errors.priceUnavailable');
    const side = input.type;
    const fillsNow = target === null || marketable(side, target, mark.price);
    const cost = openCost({
      side,
      // A crossed limit fills now, at the better of its limit and the execution price.
      price: target === null ? mark.price : fillsNow ? limitFillPrice(side, target, mark.price, settings.spread, pd) : target,
      market: target === null,
      lots,
      multiple: input.multiple,
      quoteUsdt: quote,
      settings,
    });
    const issue = checkStops(side, cost.price, mark.price, takeProfit, stopLoss);
    if (issue) throw new AppError(issue);

    return run(async (q, afterCommit) => {
      const now = this.deps.clock.now();
      await this.deps.users.lockById(userId, q);
      const { available } = await this.available(userId, q);
      if (available.lt(cost.total)) throw new AppError('errors.insufficientBalance');
      // The user's live trades, read once for the size limits and the liquidation estimate.
      const [open, entrusted] = await Promise.all([
        this.deps.repo.live(userId, 'open', undefined, q),
        this.deps.repo.live(userId, 'entrusted', pair.id, q),
      ]);
      await this.checkSize(q, pair, settings, [...open.filter((t) => t.match_id === pair.id), ...entrusted], {
        side,
        lots,
        multiple: input.multiple,
        value: positionValue(cost.price, cost.number, quote),
        number: cost.number.mul(quote),
        mark: mark.price,
      });
      if (stopLoss !== null) {
        const liq = this.liquidationEstimate(open, available.minus(cost.total), {
          side,
          open: cost.price,
          number: cost.number,
          margin: cost.margin,
          quoteUsdt: quote,
          settings,
        });
        if (stopLossPastLiquidation(side, stopLoss, liq))
          throw new AppError('validation.stopLossPastLiquidation', { price: liq!.toFixed(pd) });
      }
      const inserted = await this.deps.repo.insert(q, {
        userId,
        matchId: pair.id,
        symbol: pair.symbol,
        side,
        kind: target === null ? 'market' : 'limit',
        status: fillsNow ? 'open' : 'entrusted',
        share: lots,
        number: fixed(cost.number),
        multiple: input.multiple,
        targetPrice: target,
        openPrice: fillsNow ? fixed(cost.price) : null,
        quoteUsdt: fixed(quote),
        margin: fixed(cost.margin),
        fee: fixed(cost.fee),
        takeProfit,
        stopLoss,
        now,
      });
      let row = inserted;
      const user = { userId, account: LEVER };
      if (fillsNow) {
        const key = `futures:${row.id}:fill`;
        await this.deps.repo.settle(q, {
          tradeId: row.id,
          userId,
          kind: 'fill',
          key,
          price: mark.price,
          tickTs: mark.ts,
          margin: fixed(cost.margin),
          fee: fixed(cost.fee),
          now,
        });
        await this.post(q, key, 'futures_open', row.id, [
          { holder: user, currencyId: USDT_ID, available: cost.total.neg(), frozen: cost.margin },
          { holder: feesFor(userId), currencyId: USDT_ID, available: cost.fee },
        ]);
        await this.feeCharged(q, userId, fixed(cost.fee), key);
        // Read back: the open time comes from the fill just written, so the answer and the
        // private channel carry it as every later read does (the simulation found it null here).
        row = (await this.deps.repo.byId(row.id, q)) ?? row;
      } else {
        await this.post(q, `futures:${row.id}:submit`, 'futures_order', row.id, [
          { holder: user, currencyId: USDT_ID, available: cost.total.neg(), frozen: cost.total },
        ]);
      }
      this.announce(afterCommit, row, null);
      return toTrade(row);
    });
  }

  /** Refuses a limit, take-profit or stop-loss price outside the pair's band around the mark. */
  private checkBands(
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
   * The size limits of a new order, under the user's lock: the leverage bracket (the user's value
   * on that side of the pair, this order's included, within the largest notional its leverage
   * allows), the user's lots on the pair, and the platform's net exposure cap (an order that
   * takes |Σ long − Σ short| beyond it is refused; one that reduces it never is).
   */
  private async checkSize(
    q: Queryable,
    pair: MarketPair,
    settings: FuturesSettings,
    /** The user's open and entrusted trades on the pair. */
    live: readonly TradeRow[],
    order: { side: FuturesSide; lots: string; multiple: number; value: Decimal; number: Decimal; mark: string },
  ): Promise<void> {
    let sideValue = order.value;
    let held = new Decimal(0);
    for (const t of live) {
      held = held.plus(t.share);
      if (t.side === order.side) sideValue = sideValue.plus(positionValue(t.open_price ?? t.target_price!, t.number, t.quote_usdt));
    }
    const most = maxNotional(settings.brackets, order.multiple);
    if (!most || sideValue.gt(most)) {
      throw new AppError('errors.leverageBracket', { multiple: order.multiple, max: (most ?? new Decimal(0)).toFixed() });
    }
    if (held.plus(order.lots).gt(settings.max_position_lots)) {
      throw new AppError('errors.positionLimit', { max: settings.max_position_lots, held: held.toFixed() });
    }
    const { net, cap: set } = await this.deps.repo.exposure(q, pair.id);
    const after = net.plus(order.side === 'long' ? order.number : order.number.neg());
    const { cap } = exposureCapOf(pair, set);
    if (after.abs().gt(net.abs()) && after.abs().mul(order.mark).gt(cap)) throw new AppError('errors.exposureLimit');
  }

  /**
   * The estimated liquidation price of a position (new, or one of the user's open ones) given
   * what the account holds: the same estimate the worker shows (`liquidationPrice`).
   */
  private liquidationEstimate(
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

  /** Closes one of the user's open positions at the mark. */
  async close(userId: number, id: number, run: TxRunner = this.tx): Promise<FuturesTrade> {
    if (!isJoined(run)) await this.deps.market.record();
    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const row = await this.owned(q, userId, id);
      if (row.status === 'entrusted') throw new AppError('errors.closeEntrusted');
      if (row.status !== 'open') throw new AppError('errors.positionClosed');
      const wallet = await this.available(userId, q);
      const closed = await this.closeIn(q, row, this.mark(row.symbol), 'manual', wallet);
      this.announce(afterCommit, closed, row.status);
      return toTrade(closed);
    });
  }

  /** Closes all the user's open positions, or only the longs or the shorts, at their marks. */
  async batchClose(userId: number, which: FuturesSide | 'all', run: TxRunner = this.tx): Promise<{ closed: number }> {
    if (!isJoined(run)) await this.deps.market.record();
    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const open = await this.deps.repo.lockLive(q, userId, 'open', which === 'all' ? undefined : which);
      const wallet = await this.available(userId, q);
      for (const row of this.winnersFirst(open)) {
        const closed = await this.closeIn(q, row, this.mark(row.symbol), 'batch', wallet);
        this.announce(afterCommit, closed, row.status);
      }
      return { closed: open.length };
    });
  }

  /** Withdraws an entrusted limit order: its frozen margin and fee return to available. */
  async cancel(userId: number, id: number, run: TxRunner = this.tx): Promise<FuturesTrade> {
    if (!isJoined(run)) await this.deps.market.record();
    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const row = await this.owned(q, userId, id);
      if (row.status !== 'entrusted') throw new AppError('errors.orderNotEntrusted');
      const now = this.deps.clock.now();
      const mark = this.mark(row.symbol);
      const held = new Decimal(row.margin).plus(row.fee);
      const key = `futures:${row.id}:cancel`;
      await this.deps.repo.settle(q, {
        tradeId: row.id,
        userId,
        kind: 'cancel',
        key,
        price: mark.price,
        tickTs: mark.ts,
        margin: row.margin,
        fee: row.fee,
        now,
      });
      await this.post(q, key, 'futures_cancel', row.id, [
        { holder: { userId, account: LEVER }, currencyId: USDT_ID, available: held, frozen: held.neg() },
      ]);
      const cancelled = await this.deps.repo.update(q, row.id, { status: 'cancelled' }, now);
      this.announce(afterCommit, cancelled, row.status);
      return toTrade(cancelled);
    });
  }

  /**
   * Sets (or, with an empty value, clears) the take-profit and stop-loss of an open position or
   * an entrusted order, checked against its entry (the open or limit price) and the mark.
   */
  async setStop(
    userId: number,
    id: number,
    stops: { target_profit_price?: string; stop_loss_price?: string },
    run: TxRunner = this.tx,
  ): Promise<FuturesTrade> {
    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const row = await this.owned(q, userId, id);
      if (row.status !== 'open' && row.status !== 'entrusted') throw new AppError('errors.positionClosed');
      const pd = this.settingsOf(row).price_decimals;
      const takeProfit = readPrice(stops.target_profit_price, pd);
      const stopLoss = readPrice(stops.stop_loss_price, pd);
      const entry = row.open_price ?? row.target_price!;
      const settings = this.settingsOf(row);
      const mark = this.mark(row.symbol).price;
      this.checkBands(settings, mark, { takeProfit, stopLoss });
      const issue = checkStops(row.side, entry, mark, takeProfit, stopLoss);
      if (issue) throw new AppError(issue);
      if (stopLoss !== null) {
        const [{ available }, open] = await Promise.all([this.available(userId, q), this.deps.repo.live(userId, 'open', undefined, q)]);
        const liq = this.liquidationEstimate(open, available, {
          id: row.status === 'open' ? row.id : undefined,
          side: row.side,
          open: entry,
          number: row.number,
          margin: row.margin,
          quoteUsdt: row.quote_usdt,
          settings,
        });
        if (stopLossPastLiquidation(row.side, stopLoss, liq))
          throw new AppError('validation.stopLossPastLiquidation', { price: liq!.toFixed(pd) });
      }
      const changed = await this.deps.repo.update(
        q,
        row.id,
        { target_profit_price: takeProfit, stop_loss_price: stopLoss },
        this.deps.clock.now(),
      );
      this.announce(afterCommit, changed, row.status);
      return toTrade(changed);
    });
  }

  // ---- the engine's effects ------------------------------------------------------------------
  // Each runs in its own transaction, re-checks under the locks what made the engine call it,
  // and does nothing when the effect no longer applies or already happened.

  /**
   * Fills an entrusted limit order the mark has crossed, at the better of its limit and the
   * execution price at that mark (`restingFill`): the fee goes to the fee account, the margin stays
   * frozen, and what was frozen beyond the fill's margin and fee returns to available.
   */
  async fill(tradeId: number, mark: Mark): Promise<boolean> {
    return this.engineTx(tradeId, async (q, afterCommit, row) => {
      if (row.status !== 'entrusted' || !limitFills(row.side, mark.price, row.target_price!)) return false;
      const now = this.deps.clock.now();
      const key = `futures:${row.id}:fill`;
      const f = restingFill({
        side: row.side,
        limit: row.target_price!,
        mark: mark.price,
        number: row.number,
        multiple: row.multiple,
        quoteUsdt: row.quote_usdt,
        frozenMargin: row.margin,
        frozenFee: row.fee,
        settings: this.settingsOf(row),
      });
      const fresh = await this.deps.repo.settle(q, {
        tradeId: row.id,
        userId: row.user_id,
        kind: 'fill',
        key,
        price: mark.price,
        tickTs: mark.ts,
        margin: fixed(f.margin),
        fee: fixed(f.fee),
        now,
      });
      if (!fresh) return false;
      await this.post(q, key, 'futures_open', row.id, [
        { holder: { userId: row.user_id, account: LEVER }, currencyId: USDT_ID, frozen: f.fee.plus(f.release).neg(), available: f.release },
        { holder: feesFor(row.user_id), currencyId: USDT_ID, available: f.fee },
      ]);
      await this.feeCharged(q, row.user_id, fixed(f.fee), key);
      const opened = await this.deps.repo.update(
        q,
        row.id,
        { status: 'open', open_price: fixed(f.price), margin: fixed(f.margin), fee: fixed(f.fee), opened_at: now },
        now,
      );
      this.announce(afterCommit, opened, row.status);
      return true;
    });
  }

  /** Closes a position whose take-profit or stop-loss the mark has reached, at that mark. */
  async stop(tradeId: number, mark: Mark): Promise<boolean> {
    return this.engineTx(tradeId, async (q, afterCommit, row) => {
      if (row.status !== 'open') return false;
      const reason = stopTriggered(row.side, mark.price, row.target_profit_price, row.stop_loss_price);
      if (!reason) return false;
      const wallet = await this.available(row.user_id, q);
      const closed = await this.closeIn(q, row, mark, reason, wallet);
      this.announce(afterCommit, closed, row.status);
      return true;
    });
  }

  /**
   * Liquidates the user's futures account when its risk rate at the current marks is at or below
   * the threshold: every open position closes at its mark; a loss beyond margin + available is
   * taken by the insurance account. Answers how many positions closed.
   */
  async liquidate(userId: number): Promise<number> {
    await this.deps.market.record();
    return this.tx(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const open = await this.deps.repo.lockLive(q, userId, 'open');
      if (!open.length) return 0;
      const wallet = await this.available(userId, q);
      const marks = new Map(open.map((t) => [t.id, this.mark(t.symbol)]));
      let margin = new Decimal(0);
      let pnl = new Decimal(0);
      let threshold = new Decimal(0);
      for (const t of open) {
        margin = margin.plus(t.margin);
        pnl = pnl.plus(profit(t.side, t.open_price!, marks.get(t.id)!.price, t.number, t.quote_usdt));
        threshold = Decimal.max(threshold, this.settingsOf(t).liquidation_risk);
      }
      if (!mustLiquidate(riskRate(wallet.available, margin, pnl), threshold)) return 0;
      // What returns the most closes first; each liquidation fee leaves enough for the losses still
      // to close (`stillOwed`), so a solvent account never draws on the fund.
      const queue = this.winnersFirst(open, marks);
      const backs = queue.map((t) => this.returnOf(t, marks.get(t.id)!));
      for (const [i, row] of queue.entries()) {
        const closed = await this.closeIn(q, row, marks.get(row.id)!, 'liquidation', wallet, stillOwed(backs, i));
        this.announce(afterCommit, closed, row.status);
      }
      return open.length;
    });
  }

  /**
   * Charges one day's overnight fee (`day`, yyyy-mm-dd UTC) on an open position: from its margin
   * first, then from available, to the fee account. Once per trade and day: the settlement row's
   * unique key decides. Answers whether it charged now.
   */
  async chargeOvernight(tradeId: number, day: string): Promise<boolean> {
    return this.engineTx(tradeId, async (q, afterCommit, row) => {
      if (row.status !== 'open') return false;
      const settings = this.settingsOf(row);
      const mark = this.mark(row.symbol);
      const due = overnightFee(row.open_price!, row.number, settings.overnight_rate, row.quote_usdt);
      const wallet = await this.available(row.user_id, q);
      const fromMargin = Decimal.min(due, row.margin);
      const fromAvailable = Decimal.min(due.minus(fromMargin), Decimal.max(wallet.available, 0));
      const charged = fromMargin.plus(fromAvailable);
      const now = this.deps.clock.now();
      const key = `futures:${row.id}:overnight:${day}`;
      const fresh = await this.deps.repo.settle(q, {
        tradeId: row.id,
        userId: row.user_id,
        kind: `overnight:${day}`,
        key,
        price: mark.price,
        tickTs: mark.ts,
        margin: fixed(fromMargin),
        fee: fixed(charged),
        now,
      });
      if (!fresh) return false;
      if (charged.gt(0)) {
        await this.post(q, key, 'futures_overnight', row.id, [
          {
            holder: { userId: row.user_id, account: LEVER },
            currencyId: USDT_ID,
            frozen: fromMargin.neg(),
            available: fromAvailable.neg(),
          },
          { holder: feesFor(row.user_id), currencyId: USDT_ID, available: charged },
        ]);
      }
      const changed = await this.deps.repo.update(
        q,
        row.id,
        { margin: fixed(new Decimal(row.margin).minus(fromMargin)), overnight_fee: fixed(new Decimal(row.overnight_fee).plus(charged)) },
        now,
      );
      this.announce(afterCommit, changed, row.status);
      return true;
    });
  }

  // ---- internals -----------------------------------------------------------------------------

  /**
   * Settles a close at `mark`: the margin leaves frozen, margin ± P&L returns to available, the
   * P&L's counterparty is the treasury (the house). A liquidation pays a liquidation fee to the
   * insurance fund out of what the account has left (never making a shortfall). When a loss
   * exceeds the margin and all that is available (`wallet`, updated here for the next close of
   * the same transaction), the insurance fund takes the shortfall as far as it holds and the rest
   * is the platform's recorded bad debt: the close always completes, no user balance goes below
   * zero.
   */
  private async closeIn(
    q: Queryable,
    row: TradeRow,
    mark: Mark,
    reason: CloseReason,
    wallet: Wallet,
    /** Σ of the negative returns of the positions this transaction closes after this one (≤ 0). */
    owed: Decimal = new Decimal(0),
  ): Promise<TradeRow> {
    const now = this.deps.clock.now();
    const settings = this.settingsOf(row);
    const pnl = profit(row.side, row.open_price!, mark.price, row.number, row.quote_usdt);
    const margin = new Decimal(row.margin);
    const back = margin.plus(pnl);
    const fee =
      reason === 'liquidation'
        ? liquidationFee({
            mark: mark.price,
            number: row.number,
            quoteUsdt: row.quote_usdt,
            rate: settings.liquidation_fee_rate,
            equityLeft: wallet.available.plus(back).plus(owed),
          })
        : new Decimal(0);
    const { toAvailable, shortfall } = closeSplit(wallet.available, back, fee);
    wallet.available = wallet.available.plus(toAvailable);
    let cover = { insurance: new Decimal(0), badDebt: new Decimal(0) };
    if (shortfall.gt(0)) {
      wallet.fund ??= new Decimal(await this.deps.balances.insuranceFund(q, USDT_ID));
      cover = splitShortfall(shortfall, wallet.fund);
      wallet.fund = wallet.fund.minus(cover.insurance);
    }
    if (wallet.fund !== undefined) wallet.fund = wallet.fund.plus(fee);
    const key = `futures:${row.id}:close`;
    const fresh = await this.deps.repo.settle(q, {
      tradeId: row.id,
      userId: row.user_id,
      kind: reason === 'manual' ? 'close' : reason,
      key,
      price: mark.price,
      tickTs: mark.ts,
      margin: row.margin,
      fee: fixed(fee),
      profit: fixed(pnl),
      insurance: fixed(cover.insurance),
      badDebt: fixed(cover.badDebt),
      now,
    });
    // The trade was locked open, so its close cannot have been settled: a second one is a bug.
    if (!fresh) throw new Error(`futures trade ${row.id} was already settled`);
    const legs: Leg[] = [
      { holder: { userId: row.user_id, account: LEVER }, currencyId: USDT_ID, frozen: margin.neg(), available: toAvailable },
      { holder: { platform: 'treasury' }, currencyId: USDT_ID, available: pnl.neg() },
    ];
    const toFund = fee.minus(cover.insurance);
    if (!toFund.isZero()) legs.push({ holder: { platform: 'insurance' }, currencyId: USDT_ID, available: toFund });
    if (cover.badDebt.gt(0)) legs.push({ holder: { platform: 'bad_debt' }, currencyId: USDT_ID, available: cover.badDebt.neg() });
    await this.post(q, key, 'futures_close', row.id, legs);
    return this.deps.repo.update(
      q,
      row.id,
      { status: 'closed', profit: fixed(pnl), close_price: mark.price, close_reason: reason, closed_at: now },
      now,
    );
  }

  /**
   * What returns the most (margin + P&L) settles first, so a losing position is covered by what
   * the others returned before the insurance fund is touched (ordering by P&L alone could close a
   * high-leverage loser before a low-leverage one that would have covered it: found by the
   * property tests in tests/unit/futuresMath.test.ts).
   */
  private winnersFirst(rows: readonly TradeRow[], marks?: Map<number, Mark>): TradeRow[] {
    const back = new Map(rows.map((t) => [t.id, this.returnOf(t, marks?.get(t.id) ?? this.mark(t.symbol))]));
    return [...rows].sort((a, b) => back.get(b.id)!.cmp(back.get(a.id)!) || a.id - b.id);
  }

  /** What closing a position at `mark` returns to the account: its margin plus its P&L. */
  private returnOf(t: TradeRow, mark: Mark): Decimal {
    return new Decimal(t.margin).plus(profit(t.side, t.open_price!, mark.price, t.number, t.quote_usdt));
  }

  /** The user's trade, locked; another user's id answers the same as one that does not exist. */
  private async owned(q: Queryable, userId: number, id: number): Promise<TradeRow> {
    const row = await this.deps.repo.lock(q, id);
    if (!row || row.user_id !== userId) throw new AppError('errors.positionNotFound');
    return row;
  }

  /** One engine effect on one trade: the owner's row, then the trade, locked in one transaction. */
  private async engineTx(
    tradeId: number,
    fn: (q: Queryable, afterCommit: AfterCommit, row: TradeRow) => Promise<boolean>,
  ): Promise<boolean> {
    const owner = await this.deps.repo.byId(tradeId);
    if (!owner) return false;
    await this.deps.market.record();
    return this.tx(async (q, afterCommit) => {
      await this.deps.users.lockById(owner.user_id, q);
      const row = await this.deps.repo.lock(q, tradeId);
      return row ? fn(q, afterCommit, row) : false;
    });
  }

  private async post(q: Queryable, key: string, kind: LedgerKind, tradeId: number, legs: Leg[]): Promise<void> {
    await this.deps.ledger.postOnce(q, { key, kind, ref: { type: 'futures', id: tradeId }, legs });
  }

  /** A trading fee was posted under `ref`: rebates and vouchers act on it in this transaction (server/ledger/TradingFees.ts). */
  private async feeCharged(q: Queryable, userId: number, fee: string, ref: string): Promise<void> {
    if (new Decimal(fee).gt(0)) await this.deps.tradingFees.charged(q, { userId, area: 'futures', currencyId: USDT_ID, fee, ref });
  }

  private announce(afterCommit: AfterCommit, row: TradeRow, before: TradeRow['status'] | null): void {
    afterCommit(() => {
      for (const listener of this.listeners) listener(row, before);
    });
  }
}

/** Lots: a plain positive decimal (the contract's field), at most `lot_decimals` places, within min and max. */
export function readLots(share: string, s: FuturesSettings): string {
  if (decimalsOf(share) > s.lot_decimals) throw new AppError('errors.lotsDecimals', { decimals: s.lot_decimals });
  const lots = new Decimal(share);
  if (lots.lt(s.min_lots)) throw new AppError('errors.lotsMin', { min: s.min_lots });
  if (lots.gt(s.max_lots)) throw new AppError('errors.lotsMax', { max: s.max_lots });
  return lots.toFixed();
}

/** An optional price (already a normalised decimal from the contract): positive, at most the pair's decimals. */
export function readPrice(value: string | undefined, decimals: number): string | null {
  if (value === undefined) return null;
  if (decimalsOf(value) > decimals) throw new AppError('errors.priceDecimals', { decimals });
  const price = new Decimal(value);
  if (price.lte(0)) throw new AppError('errors.pricePositive');
  return price.toFixed();
}
