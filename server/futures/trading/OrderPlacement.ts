/**
 * Placing and withdrawing orders: a market order opens a position at the mark, a limit order rests
 * entrusted (or fills at once when the market already crosses it), and an entrusted order can be
 * withdrawn. Every figure comes from the domain formulas (domain/futures/formulas.ts) at the market
 * source's recorded last price (the mark), never a client's price, so the worker's preview and the
 * server's settlement agree to the last digit.
 */
import { Decimal } from '../../../domain/decimal';
import {
  checkStops,
  limitFillPrice,
  marketable,
  maxNotional,
  openCost,
  positionValue,
  stopLossPastLiquidation,
} from '../../../domain/futures/formulas';
import type { FuturesSettings, FuturesSide, FuturesTrade } from '../../../domain/futures/types';
import type { MarketPair } from '../../../domain/market/types';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { AppError } from '../../http/AppError';
import { feesFor } from '../../ledger/Ledger';
import { isJoined, txRunner, type TxRunner } from '../../ledger/tx';
import type { MarketSource } from '../../market/MarketSource';
import type { UserRepository } from '../../users/UserRepository';
import { toTrade, type FuturesRepository, type SizeLimits } from '../FuturesRepository';
import { exposureCapOf } from '../settings';
import type { FuturesCore } from './FuturesCore';
import { LEVER, USDT_ID, fixed, readLots, readPrice, type QuoteRate } from './terms';

/**
 * The refusals of an order as such by the trading rules (its leverage, its size with what the user
 * holds, the pair's net exposure cap): the same order would be refused again until something else
 * changes. Copy trading skips a copy refused this way rather than trying it again.
 */
const RULE_REFUSALS = new Set(['errors.leverageBracket', 'errors.positionLimit', 'errors.exposureLimit', 'validation.multipleInvalid']);

/** Whether `error` is one of the trading rules' refusals of an order as such (`RULE_REFUSALS`). */
export function isRuleRefusal(error: unknown): boolean {
  return error instanceof AppError && RULE_REFUSALS.has(error.key);
}

export interface SubmitInput {
  match_id: number;
  type: FuturesSide;
  share: string;
  multiple: number;
  target_price?: string;
  target_profit_price?: string;
  stop_loss_price?: string;
}

export class OrderPlacement {
  private readonly tx: TxRunner;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      market: MarketSource;
      users: UserRepository;
      repo: FuturesRepository;
      quoteUsdt: QuoteRate;
      core: FuturesCore;
    },
  ) {
    this.tx = txRunner(deps.db);
  }

  /**
   * Opens a position at the mark (market) or places a limit order; margin and fee leave the lever
   * account's available. The trading rules (docs/FUTURES.md "Trading rules") are checked first:
   * every named price within the pair's band around the mark, take-profit and stop-loss on their
   * side, a stop-loss before the liquidation price, the leverage bracket, the user's position
   * limit and the platform's net exposure cap. A limit the market already crosses fills at once at
   * the better of its limit and the execution price (mark ± spread), never at a worse one.
   */
  async submit(userId: number, input: SubmitInput, run: TxRunner = this.tx): Promise<FuturesTrade> {
    const { pair, settings } = this.deps.core.pair(input.match_id);
    const lots = readLots(input.share, settings);
    if (!settings.multiples.includes(input.multiple)) throw new AppError('validation.multipleInvalid');
    const pd = settings.price_decimals;
    const target = readPrice(input.target_price, pd);
    const takeProfit = readPrice(input.target_profit_price, pd);
    const stopLoss = readPrice(input.stop_loss_price, pd);
    const mark = this.deps.core.tradingMark(pair.symbol);
    this.deps.core.checkBands(settings, mark.price, { limit: target, takeProfit, stopLoss });
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
      const { available } = await this.deps.core.lockAndAvailable(userId, q);
      if (available.lt(cost.total)) throw new AppError('errors.insufficientBalance');
      // The size limits read the user's live trades on this pair summed, and the pair's running
      // exposure; every open position is read whole only for a stop-loss's liquidation estimate.
      this.checkSize(pair, settings, await this.deps.repo.sizeLimits(q, userId, pair.id, side), {
        side,
        lots,
        multiple: input.multiple,
        value: positionValue(cost.price, cost.number, quote),
        number: cost.number.mul(quote),
        mark: mark.price,
      });
      if (stopLoss !== null) {
        const open = await this.deps.repo.live(userId, 'open', undefined, q);
        const liq = this.deps.core.liquidationEstimate(open, available.minus(cost.total), {
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
      const row = await this.deps.repo.insert(
        q,
        {
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
        },
        // A fill as placed: its settlement row (the mark and its tick decided it) in the same statement.
        fillsNow ? { price: mark.price, tickTs: mark.ts } : undefined,
      );
      const user = { userId, account: LEVER };
      if (fillsNow) {
        const key = `futures:${row.id}:fill`;
        await this.deps.core.post(q, key, 'futures_open', row.id, [
          { holder: user, currencyId: USDT_ID, available: cost.total.neg(), frozen: cost.margin },
          { holder: feesFor(userId), currencyId: USDT_ID, available: cost.fee },
        ]);
        await this.deps.core.feeCharged(q, userId, fixed(cost.fee), key);
      } else {
        await this.deps.core.post(q, `futures:${row.id}:submit`, 'futures_order', row.id, [
          { holder: user, currencyId: USDT_ID, available: cost.total.neg(), frozen: cost.total },
        ]);
      }
      this.deps.core.announce(afterCommit, row, null);
      return toTrade(row);
    });
  }

  /**
   * The size limits of a new order, under the user's lock: the leverage bracket (the user's value
   * on that side of the pair, this order's included, within the largest notional its leverage
   * allows), the user's lots on the pair, and the platform's net exposure cap (an order that
   * takes |Σ long − Σ short| beyond it is refused; one that reduces it never is).
   */
  private checkSize(
    pair: MarketPair,
    settings: FuturesSettings,
    /** The user's live trades on the pair (lots, and value on the order's side); the pair's net exposure and its cap. */
    { held, sideValue: before, net, cap: set }: SizeLimits,
    order: { side: FuturesSide; lots: string; multiple: number; value: Decimal; number: Decimal; mark: string },
  ): void {
    const sideValue = before.plus(order.value);
    const most = maxNotional(settings.brackets, order.multiple);
    if (!most || sideValue.gt(most)) {
      throw new AppError('errors.leverageBracket', { multiple: order.multiple, max: (most ?? new Decimal(0)).toFixed() });
    }
    if (held.plus(order.lots).gt(settings.max_position_lots)) {
      throw new AppError('errors.positionLimit', { max: settings.max_position_lots, held: held.toFixed() });
    }
    const after = net.plus(order.side === 'long' ? order.number : order.number.neg());
    const { cap } = exposureCapOf(pair, set);
    if (after.abs().gt(net.abs()) && after.abs().mul(order.mark).gt(cap)) throw new AppError('errors.exposureLimit');
  }

  /** Withdraws an entrusted limit order: its frozen margin and fee return to available. */
  async cancel(userId: number, id: number, run: TxRunner = this.tx): Promise<FuturesTrade> {
    if (!isJoined(run)) await this.deps.market.record();
    return run(async (q, afterCommit) => {
      await this.deps.users.lockById(userId, q);
      const row = await this.deps.core.owned(q, userId, id);
      if (row.status !== 'entrusted') throw new AppError('errors.orderNotEntrusted');
      const now = this.deps.clock.now();
      const mark = this.deps.core.mark(row.symbol);
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
      // The status first, as a close does: the pair's running exposure before the balances.
      const cancelled = await this.deps.repo.update(q, row.id, { status: 'cancelled' }, now);
      await this.deps.core.post(q, key, 'futures_cancel', row.id, [
        { holder: { userId, account: LEVER }, currencyId: USDT_ID, available: held, frozen: held.neg() },
      ]);
      this.deps.core.announce(afterCommit, cancelled, row.status);
      return toTrade(cancelled);
    });
  }
}
