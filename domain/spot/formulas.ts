/**
 * The spot economics (docs/SPOT.md), once: the worker's previews and the server's
 * fills call these same functions. Quantities have the pair's `qty_decimals`, quote values the
 * quote currency's decimals, prices the pair's `price_decimals`.
 *
 * Rounding, always against the user by less than one unit of the last place: what a buy spends
 * up, what a sell receives down, every fee up.
 */
import { Decimal, type DecimalValue } from '../decimal';
import type { SpotFill, SpotSide } from './types';

type Rounding = Parameters<Decimal['toDecimalPlaces']>[1];

/** One level of a book: [price, quantity], best first (asks ascending, bids descending). */
export type BookLevel = readonly [price: string, amount: string];

export interface Walk {
  fills: SpotFill[];
  /** Σ price × amount, unrounded. */
  total: Decimal;
  /** The base quantity the book could give (less than asked when the book runs out). */
  filled: Decimal;
}

/**
 * Walks a book for a market order of `amount` base: a buy takes the asks from the lowest, a
 * sell the bids from the highest, each level up to its quantity. `levels` is the side the order
 * takes (asks for a buy, bids for a sell), best first.
 */
export function walkBook(levels: readonly BookLevel[], amount: DecimalValue): Walk {
  let left = new Decimal(amount);
  const fills: SpotFill[] = [];
  let total = new Decimal(0);
  for (const [price, qty] of levels) {
    if (left.lte(0)) break;
    const take = Decimal.min(left, qty);
    if (take.lte(0)) continue;
    fills.push({ price, amount: take.toString() });
    total = total.plus(take.mul(price));
    left = left.minus(take);
  }
  return { fills, total, filled: new Decimal(amount).minus(left) };
}

/** Σ price × amount of fills. */
export function fillsTotal(fills: readonly SpotFill[]): Decimal {
  return fills.reduce((sum, f) => sum.plus(new Decimal(f.price).mul(f.amount)), new Decimal(0));
}

/** The quote a buy pays (rounded up) or a sell receives before its fee (rounded down), in `quoteDecimals`. */
export function quoteValue(side: SpotSide, total: DecimalValue, quoteDecimals: number): Decimal {
  return new Decimal(total).toDecimalPlaces(quoteDecimals, side === 'buy' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
}

/** Volume-weighted average price, against the user: a buy's rounded up, a sell's down. */
export function averagePrice(side: SpotSide, total: DecimalValue, amount: DecimalValue, priceDecimals: number): Decimal {
  const rounding: Rounding = side === 'buy' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN;
  return new Decimal(total).div(amount).toDecimalPlaces(priceDecimals, rounding);
}

/** The fee of a fill, in the currency received: received × fee rate, rounded up to that currency's decimals. */
export function spotFee(received: DecimalValue, feeRate: DecimalValue, decimals: number): Decimal {
  return new Decimal(received).mul(feeRate).toDecimalPlaces(decimals, Decimal.ROUND_UP);
}

/** What an open limit order freezes: a buy amount × price of the quote (up), a sell its amount of the base. */
export function limitFreeze(side: SpotSide, amount: DecimalValue, price: DecimalValue, quoteDecimals: number): Decimal {
  return side === 'buy' ? new Decimal(amount).mul(price).toDecimalPlaces(quoteDecimals, Decimal.ROUND_UP) : new Decimal(amount);
}

/** A limit order fills when the recorded last price crosses its price: a buy at or below it, a sell at or above it. */
export function limitCrossed(side: SpotSide, target: DecimalValue, price: DecimalValue): boolean {
  return side === 'buy' ? new Decimal(price).lte(target) : new Decimal(price).gte(target);
}

/**
 * The price a crossed limit order fills at (docs/SPOT.md "Fills"): the better for the
 * user of its limit and the execution price — a buy the lower, a sell the higher — so a fill is
 * never worse than either. The engine's fills and a placement the book cannot fill within the
 * limit use the recorded last price as the execution price; the auditor recomputes it from the
 * stored deciding price.
 */
export function limitFillPrice(side: SpotSide, limit: DecimalValue, execution: DecimalValue): Decimal {
  return side === 'buy' ? Decimal.min(limit, execution) : Decimal.max(limit, execution);
}

/**
 * The fills of a limit order the market already crosses when it is placed: it executes
 * like a market order capped at its limit — the book side it takes (`levels`: asks for a buy,
 * bids for a sell, best first), only the levels at or better than the limit, each up to its
 * quantity. When those levels cannot fill the whole amount (or there is no book), the whole
 * amount fills as one fill at `limitFillPrice(side, limit, last)`, exactly as the engine would
 * fill the order on the next tick had it rested. Either way no fill is worse than the limit.
 */
export function marketableLimitFills(
  side: SpotSide,
  levels: readonly BookLevel[] | undefined,
  amount: DecimalValue,
  limit: DecimalValue,
  last: DecimalValue,
): SpotFill[] {
  const within = (levels ?? []).filter(([price]) => limitCrossed(side, limit, price));
  const walk = walkBook(within, amount);
  if (walk.fills.length && walk.filled.gte(amount)) return walk.fills;
  return [{ price: limitFillPrice(side, limit, last).toFixed(), amount: new Decimal(amount).toFixed() }];
}

/**
 * The most base quantity `available` buys against `asks` including nothing else (the 25–100 %
 * buttons of a buy), rounded down to `qtyDecimals`; a sell's is simply the available base.
 */
export function maxBuyAmount(asks: readonly BookLevel[], available: DecimalValue, qtyDecimals: number): Decimal {
  let money = new Decimal(available);
  let amount = new Decimal(0);
  for (const [price, qty] of asks) {
    if (money.lte(0)) break;
    const cost = new Decimal(qty).mul(price);
    if (cost.lte(money)) {
      amount = amount.plus(qty);
      money = money.minus(cost);
    } else {
      amount = amount.plus(money.div(price));
      money = new Decimal(0);
    }
  }
  return amount.toDecimalPlaces(qtyDecimals, Decimal.ROUND_DOWN);
}

/** The decimals an order's figures are rounded to (a subset of SpotSettings). */
export interface SpotScale {
  price_decimals: number;
  qty_decimals: number;
  base_decimals: number;
  quote_decimals: number;
  fee_rate: DecimalValue;
}

/**
 * The settlement of a set of fills, the one computation the server stores and the worker previews
 * and the auditor repeats: what leaves the user's coin account (`spent`, in the currency paid),
 * the quote value of the fills (`total`, rounded against the user), the average price, the fee
 * and what arrives (`received`, net of the fee, in the currency received).
 *
 * Buy: spends `total` quote (rounded up), receives `amount` base minus the fee (base decimals, up).
 * Sell: spends `amount` base, receives `total` quote (rounded down) minus the fee (quote decimals, up).
 */
export interface Settlement {
  side: SpotSide;
  amount: Decimal;
  total: Decimal;
  avgPrice: Decimal;
  fee: Decimal;
  spent: Decimal;
  received: Decimal;
  /** Which currency the fee and `received` are in. */
  feeIn: 'base' | 'quote';
}

export function settleFills(side: SpotSide, fills: readonly SpotFill[], scale: SpotScale): Settlement {
  const amount = fills.reduce((sum, f) => sum.plus(f.amount), new Decimal(0));
  const raw = fillsTotal(fills);
  const total = quoteValue(side, raw, scale.quote_decimals);
  const avgPrice = amount.gt(0) ? averagePrice(side, raw, amount, scale.price_decimals) : new Decimal(0);
  if (side === 'buy') {
    const fee = spotFee(amount, scale.fee_rate, scale.base_decimals);
    return { side, amount, total, avgPrice, fee, spent: total, received: amount.minus(fee), feeIn: 'base' };
  }
  const fee = spotFee(total, scale.fee_rate, scale.quote_decimals);
  return { side, amount, total, avgPrice, fee, spent: amount, received: total.minus(fee), feeIn: 'quote' };
}

/** A market order against a book side (asks for a buy, bids for a sell): its fills and settlement, or null when the book cannot fill it all. */
export function marketOrder(
  side: SpotSide,
  levels: readonly BookLevel[],
  amount: DecimalValue,
  scale: SpotScale,
): { fills: SpotFill[]; settlement: Settlement } | null {
  const walk = walkBook(levels, amount);
  if (walk.filled.lt(amount) || !walk.fills.length) return null;
  return { fills: walk.fills, settlement: settleFills(side, walk.fills, scale) };
}

/** A limit order filled as one fill at `price` (its own price in a resting order's preview; `limitFillPrice` when crossed). */
export function limitFill(side: SpotSide, amount: DecimalValue, price: DecimalValue, scale: SpotScale): Settlement {
  return settleFills(side, [{ price: new Decimal(price).toFixed(), amount: new Decimal(amount).toFixed() }], scale);
}

/**
 * The most base quantity a budget of quote buys (the 25–100 % buttons of a buy), such that what
 * it spends never exceeds the budget: at the market against `asks` (maxBuyAmount, then one
 * quantity unit down at a time while the rounded-up cost is over the budget), or at a limit price
 * (what `limitFreeze` would hold).
 */
export function buyAmountFor(
  budget: DecimalValue,
  scale: SpotScale,
  at: { asks: readonly BookLevel[] } | { price: DecimalValue },
): Decimal {
  const unit = new Decimal(1).div(new Decimal(10).pow(scale.qty_decimals));
  const money = new Decimal(budget);
  if (money.lte(0)) return new Decimal(0);
  let amount: Decimal;
  let cost: (a: Decimal) => Decimal;
  if ('asks' in at) {
    amount = maxBuyAmount(at.asks, money, scale.qty_decimals);
    cost = (a) => quoteValue('buy', walkBook(at.asks, a).total, scale.quote_decimals);
  } else {
    if (new Decimal(at.price).lte(0)) return new Decimal(0);
    amount = money.div(at.price).toDecimalPlaces(scale.qty_decimals, Decimal.ROUND_DOWN);
    cost = (a) => limitFreeze('buy', a, at.price, scale.quote_decimals);
  }
  while (amount.gt(0) && cost(amount).gt(money)) amount = amount.minus(unit);
  return Decimal.max(amount, 0);
}

/** The base a sell of `fraction` of the available base offers, rounded down to the pair's quantity decimals. */
export function sellAmountFor(available: DecimalValue, fraction: DecimalValue, qtyDecimals: number): Decimal {
  return Decimal.max(new Decimal(available).mul(fraction).toDecimalPlaces(qtyDecimals, Decimal.ROUND_DOWN), 0);
}
