import { formatUnits, parseUnits } from '../../domain/decimal';
import type { KlinePeriod } from '../../domain/market/periods';
import {
  BOOK_COARSE_EVERY,
  BOOK_FINE_LEVELS,
  BOOK_LEVELS,
  TRADES_KEPT,
  type DepthBook,
  type Kline,
  type Trade,
} from '../../domain/market/types';
import type { Clock } from '../clock';
import type { MarketTick } from './MarketSource';
import { buildTicker, diffSide, type PairMarket, type PairState } from './pairState';
import { createRandom, type Random } from './random';

/** Chance that a depth level near the best price keeps its quantity from one tick to the next. */
const LEVEL_PERSISTENCE = 0.75;
/** The same for levels past the first `DEPTH_LEVELS` ones: deep liquidity moves slowly, which keeps deltas small. */
const DEEP_LEVEL_PERSISTENCE = 0.97;
const NEAR_LEVELS = 20;

/** Where a trade lands in the bars: the kline recorder rolls every period's bar over it. */
export type TradeRecorder = (s: PairState, now: number, lots: bigint, changed: Map<KlinePeriod, Kline[]>) => void;

export interface TickProducerOptions {
  clock: Clock;
  seed: string;
  /** Ticks per second. */
  hz: number;
  /** The pairs, by symbol (the market state's live map). */
  states: ReadonlyMap<string, PairState>;
  recordTrade: TradeRecorder;
}

/**
 * The seeded side of the simulator: one random source drives every pair's walk, its trades and
 * its book, so a seed replays the same market. Every draw from it happens here, in a fixed order
 * (per pair: whether it trades, how many trades, each trade's move, side and size, then the
 * book's levels); changing that order changes every market a seed produced before.
 */
export class TickProducer {
  private readonly random: Random;
  private nextTradeId: number;

  constructor(private readonly options: TickProducerOptions) {
    this.random = createRandom(`${options.seed}:live`);
    this.nextTradeId = options.clock.now() * 10;
  }

  /** Advances every pair by one tick and returns what changed. */
  tick(): MarketTick {
    const now = this.options.clock.now();
    const dtSeconds = 1 / this.options.hz;
    const out: MarketTick = { tickers: [], depth: [], trades: [], klines: [] };
    for (const s of this.options.states.values()) {
      const symbol = s.pair.symbol;
      // A venue's pair moves by the venue's trades and book (venue/VenueTicks.ts).
      if (s.venue) continue;
      if (this.random.next() < s.def.activity) {
        const count = 1 + Math.floor(this.random.next() * 3);
        const fresh: Trade[] = [];
        const changed = new Map<KlinePeriod, Kline[]>();
        for (let i = 0; i < count; i++) {
          const before = s.price;
          s.price = s.walk.step(dtSeconds / count, this.random);
          const side = s.price > before ? 'buy' : s.price < before ? 'sell' : this.random.next() < 0.5 ? 'buy' : 'sell';
          const lots = BigInt(Math.max(1, Math.round(Number(s.tradeLots) * Math.exp(0.8 * this.random.gaussian()))));
          this.options.recordTrade(s, now, lots, changed);
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
        s.ticker = buildTicker(s);
        out.tickers.push(s.ticker);
        out.trades.push({ symbol, trades: fresh });
        for (const [period, bars] of changed) out.klines.push({ symbol, period, bars });
      }
      const delta = this.rebuildBook(s);
      if (delta.bids.length || delta.asks.length) out.depth.push({ symbol, delta });
    }
    return out;
  }

  /**
   * One trade of `symbol` at exactly `price` (a decimal of the pair's precision) now, as a tick
   * would publish it; the random walk is left as it was.
   */
  tradeAt(symbol: string, price: string): MarketTick {
    const s = this.options.states.get(symbol);
    if (!s) throw new Error(`unknown symbol ${symbol}`);
    const now = this.options.clock.now();
    const { priceDecimals, qtyDecimals } = s.precision;
    s.price = Number(parseUnits(price, priceDecimals));
    const changed = new Map<KlinePeriod, Kline[]>();
    this.options.recordTrade(s, now, s.tradeLots, changed);
    const trade: Trade = {
      id: this.nextTradeId++,
      price: formatUnits(s.price, priceDecimals),
      qty: formatUnits(s.tradeLots, qtyDecimals),
      side: 'buy',
      ts: now,
    };
    s.trades = [trade, ...s.trades].slice(0, TRADES_KEPT);
    s.lastTs = now;
    s.ticker = buildTicker(s);
    return {
      tickers: [s.ticker],
      depth: [],
      trades: [{ symbol, trades: [trade] }],
      klines: [...changed].map(([period, bars]) => ({ symbol, period, bars })),
    };
  }

  /**
   * Lays a freshly loaded pair's first book (drawing from the same random source as the ticks); a
   * venue's pair waits for the venue's book.
   */
  layBook(s: PairMarket): void {
    if (!s.venue) this.rebuildBook(s);
  }

  /** A node taking the market over numbers its trades after any the old leader can have made. */
  continueTradeIds(): void {
    this.nextTradeId = Math.max(this.nextTradeId, this.options.clock.now() * 10);
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
}
