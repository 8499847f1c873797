import { formatUnits, parseUnits } from '../../domain/decimal';
import { calculateChangePercent } from '../../domain/market/calculateChange';
import type { KlinePeriod } from '../../domain/market/periods';
import type { BookLevel, MarketPair, Ticker, Trade } from '../../domain/market/types';
import type { Bar } from './bars';
import { CURRENCIES, type PairDef } from './catalogue';
import type { Precision } from './KlineStore';
import type { PriceWalk } from './PriceWalk';

const DAY_MS = 86_400_000;

/**
 * A pair's live market, shared by the simulator's parts: the tick producer moves its price and
 * book, the kline recorder rolls its bars, the market state answers reads and follows a leader.
 * `PairState` adds its current ticker.
 */
export interface PairMarket {
  def: PairDef;
  pair: MarketPair;
  precision: Precision;
  walk: PriceWalk;
  tradeLots: bigint;
  price: number;
  lastTs: number;
  bars: Map<KlinePeriod, Bar>;
  dirty: Set<KlinePeriod>;
  /** Closed one-minute bars of the last 24 h, oldest first. */
  day: Bar[];
  dayHigh: number;
  dayLow: number;
  dayVolume: bigint;
  dayTurnover: bigint;
  bids: Map<number, bigint>;
  asks: Map<number, bigint>;
  /** Newest first. */
  trades: Trade[];
  /** The venue feeding this pair (`MARKET_SOURCE=ccxt`); unset: the seeded walk moves it. */
  venue?: string;
  /** The venue's feed for this pair has been silent past the stale threshold. */
  stale?: boolean;
}

export interface PairState extends PairMarket {
  ticker: Ticker;
}

export function toPair(def: PairDef): MarketPair {
  const id = (name: string) => CURRENCIES.find((c) => c.name === name)!.id;
  return {
    id: def.id,
    symbol: `${def.base}/${def.quote}`,
    base: def.base,
    quote: def.quote,
    currency_id: id(def.base),
    legal_id: id(def.quote),
    category: def.category,
    price_decimals: def.priceDecimals,
    qty_decimals: def.qtyDecimals,
  };
}

export function precisionOf(def: PairDef): Precision {
  return { priceDecimals: def.priceDecimals, qtyDecimals: def.qtyDecimals };
}

/**
 * A pair as loaded: its walk positioned at the last price, its bars in progress and its last 24 h
 * of closed minutes; the book starts empty and the 24 h figures are summed here.
 */
export function newPairMarket(def: PairDef, walk: PriceWalk, bars: Map<KlinePeriod, Bar>, day: Bar[], now: number): PairMarket {
  const state: PairMarket = {
    def,
    pair: toPair(def),
    precision: precisionOf(def),
    walk,
    tradeLots: parseUnits(def.tradeSize, def.qtyDecimals),
    price: walk.ticks,
    lastTs: now,
    bars,
    dirty: new Set(),
    day,
    dayHigh: -Infinity,
    dayLow: Infinity,
    dayVolume: 0n,
    dayTurnover: 0n,
    bids: new Map(),
    asks: new Map(),
    trades: [],
  };
  summariseDay(state);
  return state;
}

export function sortedLevels(side: Map<number, bigint>, descending: boolean, p: Precision): BookLevel[] {
  return [...side.entries()]
    .sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0]))
    .map(([price, qty]) => [formatUnits(price, p.priceDecimals), formatUnits(qty, p.qtyDecimals)]);
}

/** Changed levels between two states of one side of a book; removed levels carry quantity "0". */
export function diffSide(before: Map<number, bigint>, after: Map<number, bigint>, descending: boolean, p: Precision): BookLevel[] {
  const changed = new Map<number, bigint>();
  for (const [price, qty] of after) if (before.get(price) !== qty) changed.set(price, qty);
  for (const price of before.keys()) if (!after.has(price)) changed.set(price, 0n);
  return sortedLevels(changed, descending, p);
}

/** Applies book levels (decimal strings; quantity "0" removes the level) to one side. */
export function applyLevels(side: Map<number, bigint>, levels: readonly BookLevel[], p: Precision): void {
  for (const [price, qty] of levels) {
    const key = Number(parseUnits(price, p.priceDecimals));
    const lots = parseUnits(qty, p.qtyDecimals);
    if (lots === 0n) side.delete(key);
    else side.set(key, lots);
  }
}

/** Moves a closed minute into the rolling 24 h window and recomputes the window's figures. */
export function addToDay(s: PairMarket, bar: Bar, now: number): void {
  s.day.push(bar);
  const cutoff = now - DAY_MS;
  let drop = 0;
  while (drop < s.day.length && s.day[drop]!.t < cutoff) drop++;
  if (drop) s.day.splice(0, drop);
  summariseDay(s);
}

export function summariseDay(s: PairMarket): void {
  let high = -Infinity;
  let low = Infinity;
  let volume = 0n;
  let turnover = 0n;
  for (const b of s.day) {
    if (b.high > high) high = b.high;
    if (b.low < low) low = b.low;
    volume += b.volume;
    turnover += b.turnover;
  }
  s.dayHigh = high;
  s.dayLow = low;
  s.dayVolume = volume;
  s.dayTurnover = turnover;
}

/** The ticker: the last price against the rolling 24 h window and the minute in progress. */
export function buildTicker(s: PairMarket): Ticker {
  const minute = s.bars.get('1min')!;
  const { priceDecimals: pd, qtyDecimals: qd } = s.precision;
  const open = s.day[0]?.open ?? minute.open;
  const price = formatUnits(s.price, pd);
  const openText = formatUnits(open, pd);
  return {
    ...s.pair,
    price,
    open: openText,
    high: formatUnits(Math.max(s.dayHigh, minute.high), pd),
    low: formatUnits(Math.min(s.dayLow, minute.low), pd),
    change: calculateChangePercent(price, openText),
    volume: formatUnits(s.dayVolume + minute.volume, qd),
    turnover: formatUnits(s.dayTurnover + minute.turnover, pd + qd),
    ts: s.lastTs,
    ...(s.venue ? { venue: s.venue } : {}),
    ...(s.stale ? { stale: true as const } : {}),
  };
}
