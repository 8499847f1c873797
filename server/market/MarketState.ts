import { formatUnits, parseUnits } from '../../domain/decimal';
import { KLINE_PERIODS, type KlinePeriod } from '../../domain/market/periods';
import {
  TRADES_KEPT,
  type Currency,
  type DepthBook,
  type Kline,
  type MarketPair,
  type Ticker,
  type Trade,
} from '../../domain/market/types';
import type { Db, Queryable } from '../db/db';
import { toKline, type Bar } from './bars';
import { CURRENCIES, PAIRS } from './catalogue';
import type { BarRow, Precision } from './KlineStore';
import { insertListed, loadListed } from './listedCurrencies';
import type { MarketTick } from './MarketSource';
import { addToDay, applyLevels, buildTicker, diffSide, sortedLevels, toPair, type PairState } from './pairState';

/** What a pair showed last, kept across a takeover's reload so clients see no jump. */
export interface ShownPair {
  price: number;
  trades: Trade[];
  bids: Map<number, bigint>;
  asks: Map<number, bigint>;
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
 * The market as this node holds it: the catalogue (written at start, with the currencies listed
 * at run time), each pair's last price, book, trades, bars in progress and ticker, and the
 * follower's side of the cluster: applying the leader's ticks, the whole state for a follower
 * that missed some, and the bars heard from the leader that a takeover must keep.
 */
export class MarketState {
  readonly currencies: Currency[] = CURRENCIES.map((c) => ({
    id: c.id,
    name: c.name,
    decimals: c.decimals,
    color: c.color,
    is_legal: c.isLegal,
  }));
  readonly pairs: readonly MarketPair[] = PAIRS.map(toPair);
  /** Every pair's live state, by symbol. */
  readonly bySymbol = new Map<string, PairState>();
  /** Set once this node has applied another node's tick: taking the market over then reloads from the store. */
  private followed = false;
  /**
   * A follower's last closed bar of each pair and period as the leader relayed it (`symbol:period`):
   * the leader writes it up to a flush later, so a takeover writes it if the leader died first.
   */
  private readonly heardClosed = new Map<string, BarRow>();

  constructor(
    private readonly deps: {
      db: Db;
      /** Hands a tick to the market's listeners. */
      publish: (tick: MarketTick) => void;
    },
  ) {}

  listCurrency(q: Queryable, name: string, decimals: number, minId: number): Promise<Currency | null> {
    return insertListed(q, name, decimals, minId);
  }

  loadCurrencies(): Promise<void> {
    return loadListed(this.deps.db, this.currencies);
  }

  async writeCatalogue(): Promise<void> {
    await this.deps.db.tx(async (q) => {
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

  /** Whether this node has followed another since it last led (a takeover must reload first). */
  get following(): boolean {
    return this.followed;
  }

  pairBySymbol(symbol: string): MarketPair | undefined {
    return this.bySymbol.get(symbol)?.pair;
  }

  tickers(): Ticker[] {
    return [...this.bySymbol.values()].map((s) => s.ticker);
  }

  ticker(symbol: string): Ticker | undefined {
    return this.bySymbol.get(symbol)?.ticker;
  }

  depth(symbol: string): DepthBook | undefined {
    const s = this.bySymbol.get(symbol);
    return (
      s && {
        bids: sortedLevels(s.bids, true, s.precision),
        asks: sortedLevels(s.asks, false, s.precision),
        step: formatUnits(s.def.depthStepTicks, s.precision.priceDecimals),
      }
    );
  }

  trades(symbol: string): Trade[] | undefined {
    return this.bySymbol.get(symbol)?.trades.slice();
  }

  currentBar(symbol: string, period: KlinePeriod): Kline | undefined {
    const s = this.bySymbol.get(symbol);
    const bar = s?.bars.get(period);
    return s && bar && toKline(bar, s.precision.priceDecimals, s.precision.qtyDecimals);
  }

  /**
   * A follower applies the leader's tick (relayed by `MarketRelay`) to its copy of the market, then
   * hands it to its own listeners (its realtime hub), exactly as the leader's listeners got it.
   * Nothing is written: the leader stores bars.
   */
  applyRemote(tick: MarketTick): void {
    this.followed = true;
    for (const t of tick.tickers) {
      const s = this.bySymbol.get(t.symbol);
      if (!s) continue;
      s.ticker = t;
      s.price = Number(parseUnits(t.price, s.precision.priceDecimals));
      s.lastTs = t.ts;
    }
    for (const { symbol, trades } of tick.trades) {
      const s = this.bySymbol.get(symbol);
      if (s) s.trades = [...trades].reverse().concat(s.trades).slice(0, TRADES_KEPT);
    }
    for (const { symbol, delta } of tick.depth) {
      const s = this.bySymbol.get(symbol);
      if (!s) continue;
      applyLevels(s.bids, delta.bids, s.precision);
      applyLevels(s.asks, delta.asks, s.precision);
    }
    for (const { symbol, period, bars } of tick.klines) {
      const s = this.bySymbol.get(symbol);
      if (!s) continue;
      for (const k of bars) {
        const current = s.bars.get(period);
        if (current && k.t < current.t) continue;
        if (current && k.t > current.t) {
          if (period === '1min') addToDay(s, current, k.t);
          this.heardClosed.set(`${symbol}:${period}`, { pairId: s.pair.id, period, bar: current, precision: s.precision });
        }
        s.bars.set(period, fromKline(k, current, s.precision));
      }
    }
    this.deps.publish(tick);
  }

  /**
   * The whole market as this node sees it, for a follower that missed relayed ticks
   * (`MarketRelay` answers its request with this).
   */
  exportState(): MarketTick {
    const out: MarketTick = { tickers: [], depth: [], trades: [], klines: [] };
    for (const s of this.bySymbol.values()) {
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
      const s = this.bySymbol.get(symbol);
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
      const s = this.bySymbol.get(symbol);
      if (!s) continue;
      const newest = s.trades[0]?.id ?? -Infinity;
      const fresh = trades.filter((t) => t.id > newest);
      // The leader's list replaces ours; only trades we had not shown are announced.
      s.trades = [...trades].reverse().slice(0, TRADES_KEPT);
      if (fresh.length) out.trades.push({ symbol, trades: fresh });
    }
    // Tickers and bars go through the same path as a tick (they are whole values, not deltas).
    this.applyRemote({ tickers: out.tickers, depth: [], trades: [], klines: out.klines });
    if (out.depth.length || out.trades.length) this.deps.publish({ tickers: [], depth: out.depth, trades: out.trades, klines: [] });
  }

  /** What every pair shows now, to continue from after a takeover reloads the pairs. */
  shown(): Map<string, ShownPair> {
    return new Map([...this.bySymbol].map(([symbol, s]) => [symbol, { price: s.price, trades: s.trades, bids: s.bids, asks: s.asks }]));
  }

  /** The bars heard from the leader: each period's last closed one and the one in progress. */
  heardBars(): BarRow[] {
    const heard = [...this.heardClosed.values()];
    for (const s of this.bySymbol.values())
      for (const [period, bar] of s.bars) heard.push({ pairId: s.pair.id, period, bar: { ...bar }, precision: s.precision });
    return heard;
  }

  forgetHeard(): void {
    this.heardClosed.clear();
  }

  /**
   * After a takeover's reload, each pair's walk continues from the last price shown, with the
   * trades and book shown; this node leads from here.
   */
  continueFrom(last: ReadonlyMap<string, ShownPair>): void {
    for (const [symbol, s] of this.bySymbol) {
      const before = last.get(symbol);
      if (!before) continue;
      s.price = before.price;
      s.walk.moveTo(before.price);
      s.trades = before.trades;
      s.bids = before.bids;
      s.asks = before.asks;
      s.ticker = buildTicker(s);
    }
    this.followed = false;
  }
}
