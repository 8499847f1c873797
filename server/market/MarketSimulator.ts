import type { FastifyBaseLogger } from 'fastify';
import { formatUnits, parseUnits } from '../../domain/decimal';
import { calculateChangePercent } from '../../domain/market/calculateChange';
import { calculateNextPeriodStart, calculatePeriodStart, KLINE_PERIODS, type KlinePeriod } from '../../domain/market/periods';
import {
  BOOK_COARSE_EVERY,
  BOOK_FINE_LEVELS,
  BOOK_LEVELS,
  TRADES_KEPT,
  type BookLevel,
  type DepthBook,
  type Kline,
  type MarketPair,
  type Ticker,
  type Trade,
} from '../../domain/market/types';
import type { Currency } from '../../domain/market/types';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { applyTrade, openBar, toKline, type Bar } from './bars';
import { CURRENCIES, PAIRS, type PairDef } from './catalogue';
import { generateHistory } from './generateHistory';
import { insertListed, loadListed } from './listedCurrencies';
import { KlineStore, KLINE_KEEP_BARS, type BarRow, type Precision } from './KlineStore';
import type { MarketSource, MarketTick } from './MarketSource';
import { PriceWalk } from './PriceWalk';
import { createRandom, type Random } from './random';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** In-memory bars are written to the database this often (and whenever one closes). */
const FLUSH_EVERY_MS = 5_000;
/**
 * What `record` writes at once: the one-minute bars, the finest, which the audit checks a price
 * against when they are stored; the longer periods follow with the next periodic write.
 */
const RECORDED_NOW: KlinePeriod = '1min';
const PRUNE_EVERY_MS = 3_600_000;
/** Chance that a depth level near the best price keeps its quantity from one tick to the next. */
const LEVEL_PERSISTENCE = 0.75;
/** The same for levels past the first `DEPTH_LEVELS` ones: deep liquidity moves slowly, which keeps deltas small. */
const DEEP_LEVEL_PERSISTENCE = 0.97;
const NEAR_LEVELS = 20;

export interface SimulatorOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  seed: string;
  /** Ticks per second. */
  hz: number;
  /** Days of history generated when a pair has none. */
  historyDays: number;
}

/** A pair's live market; `PairState` adds its current ticker. */
interface PairMarket {
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
}

interface PairState extends PairMarket {
  ticker: Ticker;
}

function toPair(def: PairDef): MarketPair {
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

function sortedLevels(side: Map<number, bigint>, descending: boolean, p: Precision): BookLevel[] {
  return [...side.entries()]
    .sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0]))
    .map(([price, qty]) => [formatUnits(price, p.priceDecimals), formatUnits(qty, p.qtyDecimals)]);
}

/** Changed levels between two states of one side of a book; removed levels carry quantity "0". */
function diffSide(before: Map<number, bigint>, after: Map<number, bigint>, descending: boolean, p: Precision): BookLevel[] {
  const changed = new Map<number, bigint>();
  for (const [price, qty] of after) if (before.get(price) !== qty) changed.set(price, qty);
  for (const price of before.keys()) if (!after.has(price)) changed.set(price, 0n);
  return sortedLevels(changed, descending, p);
}

/** Applies book levels (decimal strings; quantity "0" removes the level) to one side. */
function applyLevels(side: Map<number, bigint>, levels: readonly BookLevel[], p: Precision): void {
  for (const [price, qty] of levels) {
    const key = Number(parseUnits(price, p.priceDecimals));
    const lots = parseUnits(qty, p.qtyDecimals);
    if (lots === 0n) side.delete(key);
    else side.set(key, lots);
  }
}

/**
 * A relayed kline as a bar. Klines carry no turnover: the bar keeps the one it had when it is the
 * same bar, else starts from none (a follower's figures come from the leader's tickers; a node
 * taking over reloads bars from the store).
 */
function fromKline(k: Kline, previous: Bar | undefined, p: Precision): Bar {
  const ticks = (v: string) => Number(parseUnits(v, p.priceDecimals));
  return {
    t: k.t,
    open: ticks(k.open),
    high: ticks(k.high),
    low: ticks(k.low),
    close: ticks(k.close),
    volume: parseUnits(k.volume, p.qtyDecimals),
    turnover: previous?.t === k.t ? previous.turnover : 0n,
  };
}

/**
 * The embedded market: a seeded random walk per pair producing trades, a 200-level book, rolling
 * 24 h figures and klines for every period. History is generated once and persisted; a restart
 * continues from the last stored price and fills the time the server was down.
 */
export class MarketSimulator implements MarketSource {
  readonly currencies: Currency[] = CURRENCIES.map((c) => ({
    id: c.id,
    name: c.name,
    decimals: c.decimals,
    color: c.color,
    is_legal: c.isLegal,
  }));
  readonly pairs: readonly MarketPair[] = PAIRS.map(toPair);

  listCurrency(q: Queryable, name: string, decimals: number, minId: number): Promise<Currency | null> {
    return insertListed(q, name, decimals, minId);
  }

  loadCurrencies(): Promise<void> {
    return loadListed(this.options.db, this.currencies);
  }

  private readonly states = new Map<string, PairState>();
  private readonly listeners = new Set<(tick: MarketTick) => void>();
  private readonly store: KlineStore;
  private readonly random: Random;
  private stopTimers: (() => void)[] = [];
  private closedRows: BarRow[] = [];
  /** Rows handed to a flush whose write has not finished: still answered by `klines` from memory. */
  private savingRows: BarRow[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private nextTradeId: number;
  /** Set once this node has applied another node's tick: taking the market over then reloads from the store. */
  private followed = false;
  /**
   * A follower's last closed bar of each pair and period as the leader relayed it (`symbol:period`):
   * the leader writes it up to a flush later, so a takeover writes it if the leader died first.
   */
  private readonly heardClosed = new Map<string, BarRow>();

  private constructor(private readonly options: SimulatorOptions) {
    this.store = new KlineStore(options.db);
    this.random = createRandom(`${options.seed}:live`);
    this.nextTradeId = options.clock.now() * 10;
  }

  /** Writes the catalogue, generates or back-fills history, and loads the live state. */
  static async open(options: SimulatorOptions): Promise<MarketSimulator> {
    const sim = new MarketSimulator(options);
    const started = performance.now();
    await sim.writeCatalogue();
    await sim.loadCurrencies();
    await sim.loadPairs();
    options.log.info({ pairs: PAIRS.length, ms: Math.round(performance.now() - started) }, 'market loaded');
    return sim;
  }

  pairBySymbol(symbol: string): MarketPair | undefined {
    return this.states.get(symbol)?.pair;
  }

  tickers(): Ticker[] {
    return [...this.states.values()].map((s) => s.ticker);
  }

  ticker(symbol: string): Ticker | undefined {
    return this.states.get(symbol)?.ticker;
  }

  depth(symbol: string): DepthBook | undefined {
    const s = this.states.get(symbol);
    return (
      s && {
        bids: sortedLevels(s.bids, true, s.precision),
        asks: sortedLevels(s.asks, false, s.precision),
        step: formatUnits(s.def.depthStepTicks, s.precision.priceDecimals),
      }
    );
  }

  trades(symbol: string): Trade[] | undefined {
    return this.states.get(symbol)?.trades.slice();
  }

  currentBar(symbol: string, period: KlinePeriod): Kline | undefined {
    const s = this.states.get(symbol);
    const bar = s?.bars.get(period);
    return s && bar && toKline(bar, s.precision.priceDecimals, s.precision.qtyDecimals);
  }

  async klines(symbol: string, period: KlinePeriod, fromMs: number, toMs: number): Promise<Kline[]> {
    const s = this.states.get(symbol);
    if (!s) return [];
    const unsaved = [...this.savingRows, ...this.closedRows].filter(
      (r) => r.pairId === s.pair.id && r.period === period && r.bar.t >= fromMs && r.bar.t <= toMs,
    );
    const stored = await this.store.range(s.pair.id, period, fromMs, toMs);
    const live = this.currentBar(symbol, period);
    if (!unsaved.length && !(live && live.t >= fromMs && live.t <= toMs)) return stored;
    // Bars closed in the last few seconds (not yet written) and the bar in progress win over what is stored.
    const byTime = new Map(stored.map((k) => [k.t, k]));
    for (const r of unsaved) byTime.set(r.bar.t, toKline(r.bar, r.precision.priceDecimals, r.precision.qtyDecimals));
    if (live && live.t >= fromMs && live.t <= toMs) byTime.set(live.t, live);
    return [...byTime.values()].sort((a, b) => a.t - b.t);
  }

  onTick(listener: (tick: MarketTick) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    if (this.followed) await this.takeOver();
    const { clock, hz } = this.options;
    this.stopTimers.push(
      clock.every(Math.round(1000 / hz), () => this.tick()),
      clock.every(FLUSH_EVERY_MS, () => void this.flush()),
      clock.every(PRUNE_EVERY_MS, () => void this.store.prune().catch((e: unknown) => this.options.log.error(e, 'kline prune failed'))),
    );
  }

  /**
   * The leader writes the one-minute bars that changed since its last write (the periodic write's
   * work for the finest period, done early).
   * A follower writes nothing: the leader writes the prices it relayed, and should it die first,
   * the node that takes over writes what it heard (`takeOver`).
   */
  record(): Promise<void> {
    return this.followed ? Promise.resolve() : this.flush(RECORDED_NOW);
  }

  async stop(): Promise<void> {
    for (const stop of this.stopTimers) stop();
    this.stopTimers = [];
    await this.flush();
  }

  /** Advances every pair by one tick and tells the listeners what changed. Public so tests can step it. */
  tick(): void {
    const now = this.options.clock.now();
    const dtSeconds = 1 / this.options.hz;
    const out: MarketTick = { tickers: [], depth: [], trades: [], klines: [] };
    for (const s of this.states.values()) {
      const symbol = s.pair.symbol;
      if (this.random.next() < s.def.activity) {
        const count = 1 + Math.floor(this.random.next() * 3);
        const fresh: Trade[] = [];
        const changed = new Map<KlinePeriod, Kline[]>();
        for (let i = 0; i < count; i++) {
          const before = s.price;
          s.price = s.walk.step(dtSeconds / count, this.random);
          const side = s.price > before ? 'buy' : s.price < before ? 'sell' : this.random.next() < 0.5 ? 'buy' : 'sell';
          const lots = BigInt(Math.max(1, Math.round(Number(s.tradeLots) * Math.exp(0.8 * this.random.gaussian()))));
          this.recordTrade(s, now, lots, changed);
          fresh.push({
            id: this.nextTradeId++,
            price: formatUnits(s.price, s.precision.priceDecimals),
            qty: formatUnits(lots, s.precision.qtyDecimals),
            side,
            ts: now,
          });
        }
        s.trades = [...fresh].reverse().concat(s.trades).slice(0, TRADES_KEPT);
        s.lastTs = now;
        s.ticker = this.buildTicker(s);
        out.tickers.push(s.ticker);
        out.trades.push({ symbol, trades: fresh });
        for (const [period, bars] of changed) out.klines.push({ symbol, period, bars });
      }
      const delta = this.rebuildBook(s);
      if (delta.bids.length || delta.asks.length) out.depth.push({ symbol, delta });
    }
    this.publish(out);
  }

  /**
   * Hands a tick to every listener (the realtime hub, the engines). The simulator's own ticks go
   * through here; so do a benchmark feed's synthetic ones (bench/lib/feed.ts), which leave the
   * simulator's state as it was.
   */
  publish(tick: MarketTick): void {
    for (const listener of this.listeners) listener(tick);
  }

  /**
   * A follower applies the leader's tick (relayed by `MarketRelay`) to its copy of the market, then
   * hands it to its own listeners (its realtime hub), exactly as the leader's listeners got it.
   * Nothing is written: the leader stores bars.
   */
  applyRemote(tick: MarketTick): void {
    this.followed = true;
    for (const t of tick.tickers) {
      const s = this.states.get(t.symbol);
      if (!s) continue;
      s.ticker = t;
      s.price = Number(parseUnits(t.price, s.precision.priceDecimals));
      s.lastTs = t.ts;
    }
    for (const { symbol, trades } of tick.trades) {
      const s = this.states.get(symbol);
      if (s) s.trades = [...trades].reverse().concat(s.trades).slice(0, TRADES_KEPT);
    }
    for (const { symbol, delta } of tick.depth) {
      const s = this.states.get(symbol);
      if (!s) continue;
      applyLevels(s.bids, delta.bids, s.precision);
      applyLevels(s.asks, delta.asks, s.precision);
    }
    for (const { symbol, period, bars } of tick.klines) {
      const s = this.states.get(symbol);
      if (!s) continue;
      for (const k of bars) {
        const current = s.bars.get(period);
        if (current && k.t < current.t) continue;
        if (current && k.t > current.t) {
          if (period === '1min') this.addToDay(s, current, k.t);
          this.heardClosed.set(`${symbol}:${period}`, { pairId: s.pair.id, period, bar: current, precision: s.precision });
        }
        s.bars.set(period, fromKline(k, current, s.precision));
      }
    }
    this.publish(tick);
  }

  /**
   * The whole market as this node sees it, for a follower that missed relayed ticks
   * (`MarketRelay` answers its request with this).
   */
  exportState(): MarketTick {
    const out: MarketTick = { tickers: [], depth: [], trades: [], klines: [] };
    for (const s of this.states.values()) {
      const symbol = s.pair.symbol;
      out.tickers.push(s.ticker);
      const book = this.depth(symbol)!;
      out.depth.push({ symbol, delta: { bids: book.bids, asks: book.asks } });
      out.trades.push({ symbol, trades: [...s.trades].reverse() });
      for (const period of KLINE_PERIODS) out.klines.push({ symbol, period, bars: [this.currentBar(symbol, period)!] });
    }
    return out;
  }

  /**
   * Replaces this follower's copy with the leader's whole state and tells the listeners only what
   * differs (book levels that changed or left, trades not seen yet), so a client on this node
   * sees ordinary updates rather than a jump.
   */
  importState(state: MarketTick): void {
    const out: MarketTick = { tickers: state.tickers, depth: [], trades: [], klines: state.klines };
    for (const { symbol, delta } of state.depth) {
      const s = this.states.get(symbol);
      if (!s) continue;
      const bids = new Map<number, bigint>();
      const asks = new Map<number, bigint>();
      applyLevels(bids, delta.bids, s.precision);
      applyLevels(asks, delta.asks, s.precision);
      const changed = { bids: diffSide(s.bids, bids, true, s.precision), asks: diffSide(s.asks, asks, false, s.precision) };
      s.bids = bids;
      s.asks = asks;
      if (changed.bids.length || changed.asks.length) out.depth.push({ symbol, delta: changed });
    }
    for (const { symbol, trades } of state.trades) {
      const s = this.states.get(symbol);
      if (!s) continue;
      const newest = s.trades[0]?.id ?? -Infinity;
      const fresh = trades.filter((t) => t.id > newest);
      // The leader's list replaces ours; only trades we had not shown are announced.
      s.trades = [...trades].reverse().slice(0, TRADES_KEPT);
      if (fresh.length) out.trades.push({ symbol, trades: fresh });
    }
    // Tickers and bars go through the same path as a tick (they are whole values, not deltas).
    this.applyRemote({ tickers: out.tickers, depth: [], trades: [], klines: out.klines });
    if (out.depth.length || out.trades.length) this.publish({ tickers: [], depth: out.depth, trades: out.trades, klines: [] });
  }

  /**
   * This node takes the market over after following another: its bars and 24 h figures are
   * reloaded from the store, and each pair's walk continues from the last relayed price, so
   * clients see no jump. The store is up to a flush (5 s) behind the old leader, which may have
   * died before writing its last trades; this node heard them (its clients saw those prices, and
   * an order may have been placed at one), so the bars it heard are folded into the store first
   * and the record keeps every price that was shown.
   */
  private async takeOver(): Promise<void> {
    const last = new Map([...this.states].map(([symbol, s]) => [symbol, { price: s.price, trades: s.trades, bids: s.bids, asks: s.asks }]));
    const heard = [...this.heardClosed.values()];
    for (const s of this.states.values())
      for (const [period, bar] of s.bars) heard.push({ pairId: s.pair.id, period, bar: { ...bar }, precision: s.precision });
    await this.store.widen(heard);
    this.heardClosed.clear();
    await this.loadPairs();
    for (const [symbol, s] of this.states) {
      const before = last.get(symbol);
      if (!before) continue;
      s.price = before.price;
      s.walk.moveTo(before.price);
      s.trades = before.trades;
      s.bids = before.bids;
      s.asks = before.asks;
      s.ticker = this.buildTicker(s);
    }
    this.followed = false;
    this.nextTradeId = Math.max(this.nextTradeId, this.options.clock.now() * 10);
  }

  /**
   * Test seam: one trade of `symbol` at exactly `price` (a decimal of the pair's precision) now,
   * published as a tick would publish it. For tests that step the market by hand
   * (`startMarket: false`) along a scripted price path; the random walk is left as it was.
   */
  tradeAt(symbol: string, price: string): void {
    const s = this.states.get(symbol);
    if (!s) throw new Error(`unknown symbol ${symbol}`);
    const now = this.options.clock.now();
    const { priceDecimals, qtyDecimals } = s.precision;
    s.price = Number(parseUnits(price, priceDecimals));
    const changed = new Map<KlinePeriod, Kline[]>();
    this.recordTrade(s, now, s.tradeLots, changed);
    const trade: Trade = {
      id: this.nextTradeId++,
      price: formatUnits(s.price, priceDecimals),
      qty: formatUnits(s.tradeLots, qtyDecimals),
      side: 'buy',
      ts: now,
    };
    s.trades = [trade, ...s.trades].slice(0, TRADES_KEPT);
    s.lastTs = now;
    s.ticker = this.buildTicker(s);
    const out: MarketTick = {
      tickers: [s.ticker],
      depth: [],
      trades: [{ symbol, trades: [trade] }],
      klines: [...changed].map(([period, bars]) => ({ symbol, period, bars })),
    };
    this.publish(out);
  }

  /** Applies one trade at the current price to every period's bar, rolling bars over as periods end. */
  private recordTrade(s: PairState, now: number, lots: bigint, changed: Map<KlinePeriod, Kline[]>): void {
    const { priceDecimals, qtyDecimals } = s.precision;
    for (const period of KLINE_PERIODS) {
      let bar = s.bars.get(period)!;
      const list = changed.get(period) ?? [];
      if (now >= calculateNextPeriodStart(period, bar.t)) {
        this.closedRows.push({ pairId: s.pair.id, period, bar, precision: s.precision });
        if (period === '1min') this.addToDay(s, bar, now);
        if (list.at(-1)?.t !== bar.t) list.push(toKline(bar, priceDecimals, qtyDecimals));
        bar = openBar(calculatePeriodStart(period, now), bar.close);
        s.bars.set(period, bar);
      }
      applyTrade(bar, s.price, lots);
      s.dirty.add(period);
      const kline = toKline(bar, priceDecimals, qtyDecimals);
      if (list.at(-1)?.t === bar.t) list[list.length - 1] = kline;
      else list.push(kline);
      changed.set(period, list);
    }
  }

  /** Moves a closed minute into the rolling 24 h window and recomputes the window's figures. */
  private addToDay(s: PairState, bar: Bar, now: number): void {
    s.day.push(bar);
    const cutoff = now - DAY_MS;
    let drop = 0;
    while (drop < s.day.length && s.day[drop]!.t < cutoff) drop++;
    if (drop) s.day.splice(0, drop);
    this.summariseDay(s);
  }

  private summariseDay(s: PairMarket): void {
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

  private buildTicker(s: PairMarket): Ticker {
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
    };
  }

  /**
   * Re-lays the book around the current price: `BOOK_FINE_LEVELS` levels a side at every step,
   * then levels every `BOOK_COARSE_EVERY` steps on a fixed grid, `BOOK_LEVELS` in all, so a
   * grouping of × 100 still fills its rows. Returns only the levels that changed.
   */
  private rebuildBook(s: PairMarket): DepthBook {
    const step = s.def.depthStepTicks;
    const coarse = step * BOOK_COARSE_EVERY;
    const bestBid = Math.floor(s.price / step) * step;
    const bestAsk = bestBid + step;
    const bids = new Map<number, bigint>();
    const asks = new Map<number, bigint>();
    const lastFineBid = bestBid - (BOOK_FINE_LEVELS - 1) * step;
    const lastFineAsk = bestAsk + (BOOK_FINE_LEVELS - 1) * step;
    const firstCoarseBid = Math.floor((lastFineBid - 1) / coarse) * coarse;
    const firstCoarseAsk = Math.ceil((lastFineAsk + 1) / coarse) * coarse;
    for (let i = 0; i < BOOK_LEVELS; i++) {
      const fine = i < BOOK_FINE_LEVELS;
      const bidPrice = fine ? bestBid - i * step : firstCoarseBid - (i - BOOK_FINE_LEVELS) * coarse;
      if (bidPrice > 0) bids.set(bidPrice, this.levelQty(s, s.bids.get(bidPrice), i));
      const askPrice = fine ? bestAsk + i * step : firstCoarseAsk + (i - BOOK_FINE_LEVELS) * coarse;
      asks.set(askPrice, this.levelQty(s, s.asks.get(askPrice), i));
    }
    const delta = { bids: diffSide(s.bids, bids, true, s.precision), asks: diffSide(s.asks, asks, false, s.precision) };
    s.bids = bids;
    s.asks = asks;
    return delta;
  }

  private levelQty(s: PairMarket, previous: bigint | undefined, level: number): bigint {
    const persistence = level < NEAR_LEVELS ? LEVEL_PERSISTENCE : DEEP_LEVEL_PERSISTENCE;
    if (previous !== undefined && this.random.next() < persistence) return previous;
    // A coarse level stands for the orders of the steps it skips: larger.
    const weight = level < BOOK_FINE_LEVELS ? 1 + level * 0.05 : BOOK_COARSE_EVERY * 0.5;
    const scale = weight * Math.exp(0.6 * this.random.gaussian());
    return BigInt(Math.max(1, Math.round(Number(s.tradeLots) * 2 * scale)));
  }

  private async writeCatalogue(): Promise<void> {
    const { db } = this.options;
    await db.tx(async (q) => {
      for (const c of CURRENCIES) {
        await q.query(
          `INSERT INTO currencies (id, name, decimals, color, is_legal) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, decimals = EXCLUDED.decimals, color = EXCLUDED.color, is_legal = EXCLUDED.is_legal`,
          [c.id, c.name, c.decimals, c.color, c.isLegal],
        );
      }
      for (const [i, p] of this.pairs.entries()) {
        await q.query(
          `INSERT INTO pairs (id, symbol, base_id, quote_id, category, price_decimals, qty_decimals, sort) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (id) DO UPDATE SET symbol = EXCLUDED.symbol, category = EXCLUDED.category, sort = EXCLUDED.sort`,
          [p.id, p.symbol, p.currency_id, p.legal_id, p.category, p.price_decimals, p.qty_decimals, i],
        );
      }
    });
  }

  /**
   * Brings one pair's stored history up to the current minute: all of it on a fresh database,
   * the downtime after a restart. Returns the walk, positioned at the last generated price, and
   * the rows to store.
   */
  private async backfill(def: PairDef, now: number): Promise<{ walk: PriceWalk; rows: BarRow[]; fresh: boolean }> {
    const { seed, historyDays } = this.options;
    const precision: Precision = { priceDecimals: def.priceDecimals, qtyDecimals: def.qtyDecimals };
    const currentMinute = calculatePeriodStart('1min', now);
    const anchor = Number(parseUnits(def.startPrice, def.priceDecimals));
    const last = await this.store.lastMinute(def.id, precision);
    const from = last ? Math.max(last.t + MINUTE_MS, currentMinute - historyDays * DAY_MS) : currentMinute - historyDays * DAY_MS;
    const walk = new PriceWalk(last?.close ?? anchor, anchor, def.volatility);
    if (from >= currentMinute) return { walk, rows: [], fresh: !last };
    const random = createRandom(`${seed}:history:${def.base}/${def.quote}:${from}`);
    const tradeLots = parseUnits(def.tradeSize, def.qtyDecimals);
    const history = generateHistory({ walk, random, tradeLots, activity: def.activity }, from, currentMinute, KLINE_KEEP_BARS);
    const rows = [...history].flatMap(([period, bars]) =>
      bars.slice(-KLINE_KEEP_BARS).map((bar): BarRow => ({ pairId: def.id, period, bar, precision })),
    );
    return { walk, rows, fresh: !last };
  }

  /** Loads every pair: history first (one bulk write for all), then the bars in progress and the last 24 h. */
  private async loadPairs(): Promise<void> {
    const now = this.options.clock.now();
    const fills = [];
    for (const def of PAIRS) fills.push({ def, ...(await this.backfill(def, now)) });
    const rowCount = fills.reduce((n, f) => n + f.rows.length, 0);
    if (rowCount) this.options.log.info({ bars: rowCount }, 'writing generated market history (first start or after downtime)');
    await this.store.insertFresh(fills.filter((f) => f.fresh).flatMap((f) => f.rows));
    await this.store.merge(fills.filter((f) => !f.fresh).flatMap((f) => f.rows));
    for (const { def, walk } of fills) this.states.set(`${def.base}/${def.quote}`, await this.loadState(def, walk, now));
  }

  private async loadState(def: PairDef, walk: PriceWalk, now: number): Promise<PairState> {
    const pair = toPair(def);
    const precision: Precision = { priceDecimals: def.priceDecimals, qtyDecimals: def.qtyDecimals };
    const price = walk.ticks;
    const bars = new Map<KlinePeriod, Bar>();
    for (const period of KLINE_PERIODS) {
      const start = calculatePeriodStart(period, now);
      const [stored] = await this.store.barsSince(def.id, period, start, precision);
      bars.set(period, stored ?? openBar(start, price));
    }
    const currentMinute = calculatePeriodStart('1min', now);
    const day = (await this.store.barsSince(def.id, '1min', now - DAY_MS, precision)).filter((b) => b.t < currentMinute);
    const state: PairMarket = {
      def,
      pair,
      precision,
      walk,
      tradeLots: parseUnits(def.tradeSize, def.qtyDecimals),
      price,
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
    this.summariseDay(state);
    this.rebuildBook(state);
    return { ...state, ticker: this.buildTicker(state) };
  }

  /**
   * Writes closed bars and the changed bars in progress, of every period or only of `only`; one
   * write at a time.
   */
  private flush(only?: KlinePeriod): Promise<void> {
    const rows = only ? this.closedRows.filter((r) => r.period === only) : this.closedRows;
    this.closedRows = only ? this.closedRows.filter((r) => r.period !== only) : [];
    for (const s of this.states.values()) {
      for (const period of s.dirty) {
        if (only && period !== only) continue;
        rows.push({ pairId: s.pair.id, period, bar: { ...s.bars.get(period)! }, precision: s.precision });
        s.dirty.delete(period);
      }
    }
    // A bar that closed and was reopened in the same flush appears twice; the last state wins.
    const unique = [...new Map(rows.map((r) => [`${r.pairId}:${r.period}:${r.bar.t}`, r])).values()];
    this.savingRows = [...this.savingRows, ...unique];
    const written = new Set(unique);
    this.flushing = this.flushing
      .then(() => this.store.save(unique))
      .catch((e: unknown) => this.options.log.error(e, 'kline flush failed'))
      .finally(() => {
        this.savingRows = this.savingRows.filter((r) => !written.has(r));
      });
    return this.flushing;
  }
}
