/**
 * A bench-only market feed: synthetic ticks at a chosen rate, published through the real
 * server's market (`MarketSimulator.publish`) so they travel the product's own path — the
 * realtime hub numbers them per topic, socket.io delivers them, the worker ingests them — and
 * nothing in the simulator changes. The simulator keeps its own slow ticks underneath (unless
 * the server was started with `quietMarket`).
 *
 * A "tick" is one quote, one book level change or one trade. Each batch (20 a second by
 * default) carries one `quotes` message with that batch's quotes, one `depth` message with its
 * level changes and one `trades` message for the focus pair: what an exchange's combined stream
 * sends. Quotes go to synthetic pairs (`X0001/USDT`…, category crypto, so the market list shows
 * them) so real prices, positions and the settlement record stay true; the focus pair's book and
 * tape get levels and trades around its real price. Every quote's `ts` is its emit time (B5
 * reads latency from it) and every quote moves the price, so a painted row shows which one arrived.
 */
import type { MarketPair, Ticker, Trade, TradeSide } from '../../domain/market/types';
import type { MarketSimulator } from '../../server/market/MarketSimulator';
import type { MarketTick } from '../../server/market/MarketSource';
import { createRandom } from '../../server/market/random';
import { centsText } from './synthetic';

export interface FeedOptions {
  /** Quotes + level changes + trades per second, all topics together. */
  ticksPerSecond: number;
  /** Synthetic pairs quoted (default 200). */
  symbols?: number;
  /** The pair whose book and tape receive the feed's levels and trades (default BTC/USDT). */
  focus?: string;
  /** Batches per second (default 20). */
  batchHz?: number;
  /** Shares of quotes, level changes and trades (default 0.6 / 0.3 / 0.1). */
  mix?: { quotes: number; depth: number; trades: number };
}

export interface Feed {
  /** The synthetic symbols, in id order. */
  readonly symbols: readonly string[];
  /** Ticks published so far and the seconds since the start. */
  sent(): { ticks: number; seconds: number; batches: number };
  /** Publishes every synthetic pair's ticker at once (after a page subscribed, so its list is full). */
  announce(): void;
  stop(): void;
}

/** The first synthetic pair's id; real pairs are numbered far below. */
export const SYNTHETIC_ID_BASE = 100_000;

export function syntheticSymbol(i: number): string {
  return `X${String(i + 1).padStart(4, '0')}/USDT`;
}

/** The market simulator's seeded generator, so two runs send the same ticks. */
function random(seed: number): () => number {
  const r = createRandom(String(seed));
  return () => r.next();
}

interface Synthetic {
  pair: MarketPair;
  /** Price in integer hundredths. */
  cents: number;
  open: number;
  high: number;
  low: number;
  volume: number;
}

export function startFeed(market: MarketSimulator, opts: FeedOptions): Feed {
  const count = opts.symbols ?? 200;
  const focus = opts.focus ?? 'BTC/USDT';
  const batchHz = opts.batchHz ?? 20;
  const mix = opts.mix ?? { quotes: 0.6, depth: 0.3, trades: 0.1 };
  const focusPair = market.pairBySymbol(focus);
  if (!focusPair) throw new Error(`unknown focus pair ${focus}`);
  const rand = random(count * 7919 + opts.ticksPerSecond);
  const pairs: Synthetic[] = Array.from({ length: count }, (_, i) => {
    const base = `X${String(i + 1).padStart(4, '0')}`;
    const cents = 100 + Math.floor(rand() * 10_000_000);
    return {
      pair: {
        id: SYNTHETIC_ID_BASE + i,
        symbol: `${base}/USDT`,
        base,
        quote: 'USDT',
        currency_id: focusPair.currency_id,
        legal_id: focusPair.legal_id,
        category: 'crypto',
        price_decimals: 2,
        qty_decimals: 4,
      },
      cents,
      open: cents,
      high: cents,
      low: cents,
      volume: 0,
    };
  });
  const ticker = (s: Synthetic, ts: number): Ticker => ({
    ...s.pair,
    price: centsText(s.cents),
    open: centsText(s.open),
    high: centsText(s.high),
    low: centsText(s.low),
    change: (((s.cents - s.open) / s.open) * 100).toFixed(2),
    volume: s.volume.toFixed(4),
    turnover: ((s.volume * s.cents) / 100).toFixed(2),
    ts,
  });

  const { price_decimals: pd, qty_decimals: qd } = focusPair;
  const unit = 10 ** -pd;
  let nextQuote = 0;
  let tradeId = Date.now() * 10 + 5;
  let ticks = 0;
  let batches = 0;
  let carry = 0;
  const started = performance.now();

  const batch = () => {
    const ts = Date.now();
    // Whole ticks per batch; the fractions carry over, so any rate is met on average.
    carry += opts.ticksPerSecond / batchHz;
    const n = Math.floor(carry);
    carry -= n;
    const nTrades = Math.round(n * mix.trades);
    const nDepth = Math.round(n * mix.depth);
    const nQuotes = n - nTrades - nDepth;
    const tick: MarketTick = { tickers: [], depth: [], trades: [], klines: [] };

    for (let i = 0; i < nQuotes; i++) {
      const s = pairs[nextQuote++ % count]!;
      // Never the same price twice in a row: a painted row tells which quote arrived.
      const step = 1 + Math.floor(rand() * 5);
      s.cents = Math.max(1, s.cents + (rand() < 0.5 ? -step : step));
      s.high = Math.max(s.high, s.cents);
      s.low = Math.min(s.low, s.cents);
      s.volume += rand();
      tick.tickers.push(ticker(s, ts));
    }

    const mid = Number(market.ticker(focus)?.price ?? '0');
    if (nDepth && mid > 0) {
      const bids: [string, string][] = [];
      const asks: [string, string][] = [];
      for (let i = 0; i < nDepth; i++) {
        const offset = (1 + Math.floor(rand() * 60)) * unit * Math.max(1, Math.round(mid / 20_000));
        const side = rand() < 0.5 ? bids : asks;
        const price = (side === bids ? mid - offset : mid + offset).toFixed(pd);
        side.push([price, rand() < 0.15 ? '0' : (rand() * 3).toFixed(qd)]);
      }
      tick.depth.push({ symbol: focus, delta: { bids, asks } });
    }
    if (nTrades && mid > 0) {
      const trades: Trade[] = [];
      for (let i = 0; i < nTrades; i++) {
        const side: TradeSide = rand() < 0.5 ? 'buy' : 'sell';
        trades.push({
          id: tradeId++,
          price: (mid + (rand() - 0.5) * 10 * unit).toFixed(pd),
          qty: (rand() * 0.5 + 10 ** -qd).toFixed(qd),
          side,
          ts,
        });
      }
      tick.trades.push({ symbol: focus, trades });
    }
    ticks += n;
    batches++;
    market.publish(tick);
  };

  // Every synthetic pair once at the start, so a list shows all of them from the first second.
  const announce = () => market.publish({ tickers: pairs.map((s) => ticker(s, Date.now())), depth: [], trades: [], klines: [] });
  announce();
  const timer = setInterval(batch, 1000 / batchHz);
  return {
    symbols: pairs.map((s) => s.pair.symbol),
    announce,
    sent: () => ({ ticks, seconds: (performance.now() - started) / 1000, batches }),
    stop: () => clearInterval(timer),
  };
}
