/**
 * The futures economics (docs/FUTURES.md), once: the worker's previews and live P&L and
 * the server's settlement call these same functions, so both agree to the last digit. Money is
 * USDT with `MONEY_DECIMALS` places; prices have the pair's `price_decimals`.
 *
 * Rounding, always against the user by less than one unit of the last place: the open price by
 * one tick at most (a long's up, a short's down), margin, handling fee and overnight fee up, an
 * unrealised or realised P&L down (toward −∞), the risk rate down.
 */
import { Decimal, type DecimalValue } from '../decimal';
import type { FuturesSide, LeverageBracket } from './types';

/** USDT, the futures account's currency, has 6 decimals in the catalogue. */
export const MONEY_DECIMALS = 6;

/** Rounding modes of decimal.js (`Decimal.ROUND_UP`, …). */
type Rounding = Parameters<Decimal['toDecimalPlaces']>[1];
const money = (d: Decimal, rounding: Rounding) => d.toDecimalPlaces(MONEY_DECIMALS, rounding);

/** The base units a position holds: lots × the pair's contract size. */
export function contractNumber(lots: DecimalValue, contractSize: DecimalValue): Decimal {
  return new Decimal(lots).mul(contractSize);
}

/** The price a position opens at: the market price plus the spread for a long, minus it for a short. */
export function openPrice(side: FuturesSide, marketPrice: DecimalValue, spread: DecimalValue, priceDecimals: number): Decimal {
  const p = new Decimal(marketPrice);
  return side === 'long'
    ? p.mul(new Decimal(1).plus(spread)).toDecimalPlaces(priceDecimals, Decimal.ROUND_UP)
    : p.mul(new Decimal(1).minus(spread)).toDecimalPlaces(priceDecimals, Decimal.ROUND_DOWN);
}

/** A position's value in USDT at `price`: price × number × the quote currency's USDT rate. */
export function positionValue(price: DecimalValue, number: DecimalValue, quoteUsdt: DecimalValue): Decimal {
  return new Decimal(price).mul(number).mul(quoteUsdt);
}

/** Margin = value at the open price / multiple. */
export function margin(price: DecimalValue, number: DecimalValue, multiple: number, quoteUsdt: DecimalValue): Decimal {
  return money(positionValue(price, number, quoteUsdt).div(multiple), Decimal.ROUND_UP);
}

/** Handling fee = value at the open price × fee rate. */
export function handlingFee(price: DecimalValue, number: DecimalValue, feeRate: DecimalValue, quoteUsdt: DecimalValue): Decimal {
  return money(positionValue(price, number, quoteUsdt).mul(feeRate), Decimal.ROUND_UP);
}

/** Overnight fee for one day = value at the open price × overnight rate. */
export function overnightFee(price: DecimalValue, number: DecimalValue, overnightRate: DecimalValue, quoteUsdt: DecimalValue): Decimal {
  return money(positionValue(price, number, quoteUsdt).mul(overnightRate), Decimal.ROUND_UP);
}

/** P&L at `mark`: long (mark − open) × number, short (open − mark) × number, in USDT. */
export function profit(side: FuturesSide, open: DecimalValue, mark: DecimalValue, number: DecimalValue, quoteUsdt: DecimalValue): Decimal {
  const move = side === 'long' ? new Decimal(mark).minus(open) : new Decimal(open).minus(mark);
  return money(move.mul(number).mul(quoteUsdt), Decimal.ROUND_FLOOR);
}

/** Return on margin, percent with 2 decimals (down). */
export function returnOnMargin(pnl: DecimalValue, positionMargin: DecimalValue): Decimal {
  const m = new Decimal(positionMargin);
  return m.isZero() ? new Decimal(0) : new Decimal(pnl).div(m).mul(100).toDecimalPlaces(2, Decimal.ROUND_FLOOR);
}

/**
 * Risk rate of the futures account = (available + Σ margin + Σ P&L) / Σ margin × 100, 2 decimals
 * (down); null with no margin in use (nothing open).
 */
export function riskRate(available: DecimalValue, totalMargin: DecimalValue, totalProfit: DecimalValue): Decimal | null {
  const m = new Decimal(totalMargin);
  if (m.lte(0)) return null;
  return new Decimal(available).plus(m).plus(totalProfit).div(m).mul(100).toDecimalPlaces(2, Decimal.ROUND_FLOOR);
}

/** True when the account must be liquidated: its risk rate at or below the threshold. */
export function mustLiquidate(rate: Decimal | null, threshold: DecimalValue): boolean {
  return rate !== null && rate.lte(threshold);
}

/**
 * The mark price of one position at which the account's risk rate reaches `threshold`, the
 * others' P&L held where it is: an estimate (the other positions move too). Null when no price
 * gets there (a short whose liquidation price would be below zero, say).
 */
export function liquidationPrice(args: {
  side: FuturesSide;
  open: DecimalValue;
  number: DecimalValue;
  quoteUsdt: DecimalValue;
  available: DecimalValue;
  totalMargin: DecimalValue;
  /** Σ P&L of the account's other positions. */
  otherProfit: DecimalValue;
  threshold: DecimalValue;
  priceDecimals: number;
}): Decimal | null {
  const total = new Decimal(args.totalMargin);
  const perUnit = new Decimal(args.number).mul(args.quoteUsdt);
  if (total.lte(0) || perUnit.lte(0)) return null;
  // Equity at liquidation = threshold% of the margin; what this position's P&L must be then:
  const needed = total.mul(args.threshold).div(100).minus(new Decimal(args.available).plus(total).plus(args.otherProfit));
  const move = needed.div(perUnit);
  const price = args.side === 'long' ? new Decimal(args.open).plus(move) : new Decimal(args.open).minus(move);
  if (price.lte(0)) return null;
  // Rounded toward the open price: the estimate is never later than the real event.
  return price.toDecimalPlaces(args.priceDecimals, args.side === 'long' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
}

/** Distance from `mark` to the liquidation price, percent of `mark`, 2 decimals (down); null without one. */
export function liquidationDistance(mark: DecimalValue, liquidation: Decimal | null): Decimal | null {
  if (!liquidation) return null;
  const m = new Decimal(mark);
  if (m.lte(0)) return null;
  return m.minus(liquidation).abs().div(m).mul(100).toDecimalPlaces(2, Decimal.ROUND_FLOOR);
}

/** Why a take-profit or stop-loss price is refused, as a `validation.*` key; null when both are fine. */
export type StopIssue = 'validation.takeProfitSide' | 'validation.stopLossSide';

/**
 * A long's take-profit must be above both its entry and the current price and its stop-loss below
 * both; a short's the reverse. `entry` is the open price (or the limit price of an order).
 */
export function checkStops(
  side: FuturesSide,
  entry: DecimalValue,
  current: DecimalValue,
  takeProfit: DecimalValue | null,
  stopLoss: DecimalValue | null,
): StopIssue | null {
  const hi = Decimal.max(entry, current);
  const lo = Decimal.min(entry, current);
  if (takeProfit !== null) {
    const tp = new Decimal(takeProfit);
    if (side === 'long' ? tp.lte(hi) : tp.gte(lo)) return 'validation.takeProfitSide';
  }
  if (stopLoss !== null) {
    const sl = new Decimal(stopLoss);
    if (side === 'long' ? sl.gte(lo) : sl.lte(hi)) return 'validation.stopLossSide';
  }
  return null;
}

/** Whether a stop triggers at `mark`: a long's take-profit at or above it, stop-loss at or below; a short's the reverse. */
export function stopTriggered(
  side: FuturesSide,
  mark: DecimalValue,
  takeProfit: DecimalValue | null,
  stopLoss: DecimalValue | null,
): 'take_profit' | 'stop_loss' | null {
  const m = new Decimal(mark);
  if (takeProfit !== null && (side === 'long' ? m.gte(takeProfit) : m.lte(takeProfit))) return 'take_profit';
  if (stopLoss !== null && (side === 'long' ? m.lte(stopLoss) : m.gte(stopLoss))) return 'stop_loss';
  return null;
}

/** Whether a limit order fills at `mark`: a long when the market falls to its price, a short when it rises to it. */
export function limitFills(side: FuturesSide, mark: DecimalValue, target: DecimalValue): boolean {
  return side === 'long' ? new Decimal(mark).lte(target) : new Decimal(mark).gte(target);
}

/** What an order would cost before it is placed: the worker's preview and the server's check. */
export interface OpenCost {
  price: Decimal;
  number: Decimal;
  margin: Decimal;
  fee: Decimal;
  /** Margin + fee: what must be available. */
  total: Decimal;
}

export function openCost(args: {
  side: FuturesSide;
  /** The market price for a market order, the limit price for a limit order. */
  price: DecimalValue;
  /** Market orders pay the spread; a limit order opens at its own price. */
  market: boolean;
  lots: DecimalValue;
  multiple: number;
  quoteUsdt: DecimalValue;
  settings: { contract_size: string; spread: string; fee_rate: string; price_decimals: number };
}): OpenCost {
  const s = args.settings;
  const price = args.market
    ? openPrice(args.side, args.price, s.spread, s.price_decimals)
    : new Decimal(args.price).toDecimalPlaces(s.price_decimals);
  const number = contractNumber(args.lots, s.contract_size);
  const m = margin(price, number, args.multiple, args.quoteUsdt);
  const fee = handlingFee(price, number, s.fee_rate, args.quoteUsdt);
  return { price, number, margin: m, fee, total: m.plus(fee) };
}

// ---- trading rules (docs/FUTURES.md "Trading rules") ------------------------------

/**
 * The price a crossed limit order fills at: the better, for the user, of its limit and the
 * execution price at `mark` (the mark with the spread, as a market order): a long the lower, a
 * short the higher. Price improvement, as on every exchange: a limit is a worst price, never a
 * price the platform pays the difference of.
 */
export function limitFillPrice(
  side: FuturesSide,
  limit: DecimalValue,
  mark: DecimalValue,
  spread: DecimalValue,
  priceDecimals: number,
): Decimal {
  const exec = openPrice(side, mark, spread, priceDecimals);
  const lim = new Decimal(limit).toDecimalPlaces(priceDecimals);
  return side === 'long' ? Decimal.min(lim, exec) : Decimal.max(lim, exec);
}

/** Whether a limit order is marketable at `mark`: it fills at once when placed (the form says "fills now at about …"). */
export function marketable(side: FuturesSide, limit: DecimalValue, mark: DecimalValue): boolean {
  return limitFills(side, mark, limit);
}

/**
 * The fill of a resting limit order (margin and fee frozen when it was placed, at its limit) that
 * a later mark crosses: it opens at `limitFillPrice`; margin and fee are those of the fill price
 * but never more than what was frozen (the platform asks for nothing after the order was placed);
 * `release` is what goes back from frozen to available.
 */
export function restingFill(args: {
  side: FuturesSide;
  limit: DecimalValue;
  mark: DecimalValue;
  number: DecimalValue;
  multiple: number;
  quoteUsdt: DecimalValue;
  frozenMargin: DecimalValue;
  frozenFee: DecimalValue;
  settings: { spread: string; fee_rate: string; price_decimals: number };
}): { price: Decimal; margin: Decimal; fee: Decimal; release: Decimal } {
  const s = args.settings;
  const price = limitFillPrice(args.side, args.limit, args.mark, s.spread, s.price_decimals);
  const m = Decimal.min(margin(price, args.number, args.multiple, args.quoteUsdt), args.frozenMargin);
  const fee = Decimal.min(handlingFee(price, args.number, s.fee_rate, args.quoteUsdt), args.frozenFee);
  const release = new Decimal(args.frozenMargin).minus(m).plus(args.frozenFee).minus(fee);
  return { price, margin: m, fee, release };
}

/** The most a position may be worth (USDT) at `multiple`: the largest bracket whose leverage allows it; null when none does. */
export function maxNotional(brackets: readonly LeverageBracket[], multiple: number): Decimal | null {
  let best: Decimal | null = null;
  for (const b of brackets) if (b.max_multiple >= multiple) best = best ? Decimal.max(best, b.max_notional) : new Decimal(b.max_notional);
  return best;
}

/**
 * The liquidation fee of one position closed by a liquidation: value at the mark × rate, never
 * more than the account has left after the close (`equityLeft`, what would return to available),
 * so the fee never makes a shortfall. Money, rounded down: what the user keeps is never less.
 */
export function liquidationFee(args: {
  mark: DecimalValue;
  number: DecimalValue;
  quoteUsdt: DecimalValue;
  rate: DecimalValue;
  equityLeft: DecimalValue;
}): Decimal {
  const due = money(positionValue(args.mark, args.number, args.quoteUsdt).mul(args.rate), Decimal.ROUND_DOWN);
  return Decimal.max(0, Decimal.min(due, args.equityLeft));
}

/**
 * Who pays a loss beyond what the account holds: the insurance fund as far as it reaches
 * (`fund`, its balance), the rest is the platform's recorded bad debt. Never a failed close.
 */
export function splitShortfall(shortfall: DecimalValue, fund: DecimalValue): { insurance: Decimal; badDebt: Decimal } {
  const s = Decimal.max(shortfall, 0);
  const insurance = Decimal.min(s, Decimal.max(fund, 0));
  return { insurance, badDebt: s.minus(insurance) };
}

/**
 * What one close does to the account (`closeIn` on the server, the auditor, the property model):
 * its return (margin ± P&L) less `fee` goes back to available, but available never goes below
 * zero; whatever it would have gone below is the shortfall, for the fund and then bad debt.
 */
export function closeSplit(available: DecimalValue, back: DecimalValue, fee: DecimalValue): { toAvailable: Decimal; shortfall: Decimal } {
  const a = new Decimal(available);
  const toAvailable = new Decimal(back).minus(fee);
  if (a.plus(toAvailable).gte(0)) return { toAvailable, shortfall: new Decimal(0) };
  return { toAvailable: a.neg(), shortfall: new Decimal(back).neg().minus(a) };
}

/**
 * What the closes after the `index`-th of a liquidation still owe (Σ of their negative returns,
 * ≤ 0), in the order they close: the liquidation fee of close `index` leaves this much.
 */
export function stillOwed(returns: readonly Decimal[], index: number): Decimal {
  return returns.slice(index + 1).reduce((sum, b) => sum.plus(Decimal.min(b, 0)), new Decimal(0));
}

/** Whether a stop-loss is past the liquidation price (a long's must be above it, a short's below): false when fine or there is none. */
export function stopLossPastLiquidation(side: FuturesSide, stopLoss: DecimalValue | null, liquidation: Decimal | null): boolean {
  if (stopLoss === null || liquidation === null) return false;
  return side === 'long' ? new Decimal(stopLoss).lte(liquidation) : new Decimal(stopLoss).gte(liquidation);
}
