import type { FastifyBaseLogger } from 'fastify';
import type { KlinePeriod } from '../../domain/market/periods';
import type { Currency, DepthBook, Kline, MarketPair, Ticker, Trade } from '../../domain/market/types';
import type { Clock } from '../clock';
import type { Db, Queryable } from '../db/db';
import { PAIRS } from './catalogue';
import { KlineRecorder } from './KlineRecorder';
import type { MarketSource, MarketTick } from './MarketSource';
import { MarketState } from './MarketState';
import { buildTicker, newPairMarket } from './pairState';
import { TickProducer } from './TickProducer';
import type { VenueFeed } from './venue/VenueFeed';
import { VenueTicks } from './venue/VenueTicks';

/** In-memory bars are written to the database this often (and whenever one closes). */
const FLUSH_EVERY_MS = 5_000;
/**
 * What `record` writes at once: the one-minute bars, the finest, which the audit checks a price
 * against when they are stored; the longer periods follow with the next periodic write.
 */
const RECORDED_NOW: KlinePeriod = '1min';
const PRUNE_EVERY_MS = 3_600_000;

export interface SimulatorOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  seed: string;
  /** Ticks per second. */
  hz: number;
  /** Days of history generated when a pair has none. */
  historyDays: number;
  /**
   * A real exchange pricing the crypto pairs it lists (`MARKET_SOURCE=ccxt`); the others stay on
   * the walk. A pair the venue has been silent on for `staleMs` is stale (docs/MARKET.md).
   */
  venue?: { feed: VenueFeed; staleMs: number };
}

/**
 * The embedded market: a seeded random walk per pair producing trades, a 200-level book, rolling
 * 24 h figures and klines for every period. History is generated once and persisted; a restart
 * continues from the last stored price and fills the time the server was down.
 *
 * Three parts share each pair's state: the `TickProducer` (the seeded walk, trades and books),
 * the `MarketState` (what the node holds and answers, the catalogue, following a leader) and the
 * `KlineRecorder` (bars, their writes and the generated history). This class wires them, runs
 * the timers and hands every tick to the listeners.
 *
 * With a real exchange (`MARKET_SOURCE=ccxt`, docs/MARKET.md) the crypto pairs it lists move by
 * its trades and book instead of the walk (`venue/VenueTicks`), and their history is the
 * exchange's; the rest of the market, the record and the relay are the same.
 */
export class MarketSimulator implements MarketSource {
  readonly currencies: Currency[];
  readonly pairs: readonly MarketPair[];
  private readonly state: MarketState;
  private readonly recorder: KlineRecorder;
  private readonly producer: TickProducer;
  /** The venue's side of each tick (`MARKET_SOURCE=ccxt`). */
  private readonly venueTicks: VenueTicks | null;
  private readonly listeners = new Set<(tick: MarketTick) => void>();
  private stopTimers: (() => void)[] = [];

  private constructor(
    private readonly options: SimulatorOptions,
    /** The pairs the venue prices (none without one). */
    private readonly venued: ReadonlySet<string>,
  ) {
    const { db, clock, log, seed, hz, historyDays, venue } = options;
    this.state = new MarketState({ db, publish: (tick) => this.publish(tick) });
    this.currencies = this.state.currencies;
    this.pairs = this.state.pairs;
    const states = this.state.bySymbol;
    this.recorder = new KlineRecorder({
      db,
      log,
      seed,
      historyDays,
      states,
      ...(venue ? { venue: { feed: venue.feed, symbols: venued } } : {}),
    });
    const recordTrade = this.recorder.recordTrade.bind(this.recorder);
    this.producer = new TickProducer({ clock, seed, hz, states, recordTrade });
    this.venueTicks = venue
      ? new VenueTicks({
          ...venue,
          clock,
          log,
          states,
          recordTrade,
          backfillMinutes: (s, from, to) => this.recorder.foldVenueMinutes(s, from, to),
        })
      : null;
  }

  /** Writes the catalogue, generates or back-fills history, and loads the live state. */
  static async open(options: SimulatorOptions): Promise<MarketSimulator> {
    // The venue's markets first: which crypto pairs it prices decides whose history is whose.
    const crypto = PAIRS.filter((p) => p.category === 'crypto').map((p) => `${p.base}/${p.quote}`);
    const venued = new Set(options.venue ? await options.venue.feed.connect(crypto) : []);
    const sim = new MarketSimulator(options, venued);
    const started = performance.now();
    await sim.state.writeCatalogue();
    await sim.loadCurrencies();
    await sim.loadPairs();
    options.log.info({ pairs: PAIRS.length, ms: Math.round(performance.now() - started) }, 'market loaded');
    return sim;
  }

  listCurrency(q: Queryable, name: string, decimals: number, minId: number): Promise<Currency | null> {
    return this.state.listCurrency(q, name, decimals, minId);
  }

  loadCurrencies(): Promise<void> {
    return this.state.loadCurrencies();
  }

  pairBySymbol(symbol: string): MarketPair | undefined {
    return this.state.pairBySymbol(symbol);
  }

  tickers(): Ticker[] {
    return this.state.tickers();
  }

  ticker(symbol: string): Ticker | undefined {
    return this.state.ticker(symbol);
  }

  depth(symbol: string): DepthBook | undefined {
    return this.state.depth(symbol);
  }

  trades(symbol: string): Trade[] | undefined {
    return this.state.trades(symbol);
  }

  currentBar(symbol: string, period: KlinePeriod): Kline | undefined {
    return this.state.currentBar(symbol, period);
  }

  klines(symbol: string, period: KlinePeriod, fromMs: number, toMs: number): Promise<Kline[]> {
    return this.recorder.klines(symbol, period, fromMs, toMs);
  }

  onTick(listener: (tick: MarketTick) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    if (this.state.following) await this.takeOver();
    const { clock, hz } = this.options;
    this.options.venue?.feed.start();
    this.stopTimers.push(
      clock.every(Math.round(1000 / hz), () => this.tick()),
      clock.every(FLUSH_EVERY_MS, () => void this.recorder.flush()),
      clock.every(PRUNE_EVERY_MS, () => void this.recorder.prune()),
    );
  }

  /**
   * The leader writes the one-minute bars that changed since its last write (the periodic write's
   * work for the finest period, done early).
   * A follower writes nothing: the leader writes the prices it relayed, and should it die first,
   * the node that takes over writes what it heard (`takeOver`).
   */
  record(): Promise<void> {
    return this.state.following ? Promise.resolve() : this.recorder.flush(RECORDED_NOW);
  }

  async stop(): Promise<void> {
    for (const stop of this.stopTimers) stop();
    this.stopTimers = [];
    await this.options.venue?.feed.stop();
    await this.recorder.flush();
  }

  isStale(symbol: string): boolean {
    return this.state.ticker(symbol)?.stale === true;
  }

  /** Advances every pair by one tick and tells the listeners what changed. Public so tests can step it. */
  tick(): void {
    const out = this.producer.tick();
    this.venueTicks?.tick(out);
    this.publish(out);
  }

  /**
   * Test seam: one trade of `symbol` at exactly `price` (a decimal of the pair's precision) now,
   * published as a tick would publish it. For tests that step the market by hand
   * (`startMarket: false`) along a scripted price path; the random walk is left as it was.
   */
  tradeAt(symbol: string, price: string): void {
    this.publish(this.producer.tradeAt(symbol, price));
  }

  /**
   * Hands a tick to every listener (the realtime hub, the engines). The simulator's own ticks go
   * through here; so do a benchmark feed's synthetic ones (bench/lib/feed.ts), which leave the
   * simulator's state as it was.
   */
  publish(tick: MarketTick): void {
    for (const listener of this.listeners) listener(tick);
  }

  applyRemote(tick: MarketTick): void {
    this.state.applyRemote(tick);
  }

  exportState(): MarketTick {
    return this.state.exportState();
  }

  importState(state: MarketTick): void {
    this.state.importState(state);
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
    const last = this.state.shown();
    await this.recorder.widen(this.state.heardBars());
    this.state.forgetHeard();
    await this.loadPairs();
    this.state.continueFrom(last);
    this.producer.continueTradeIds();
    this.venueTicks?.continueTradeIds();
  }

  /**
   * Loads every pair: history first (one bulk write for all), then the bars in progress and the
   * last 24 h, and a first book laid from the live random source, pair by pair in catalogue order.
   */
  private async loadPairs(): Promise<void> {
    const now = this.options.clock.now();
    for (const { def, walk, generated } of await this.recorder.backfillAll(now)) {
      const { bars, day } = await this.recorder.loadBars(def, walk.ticks, now, generated);
      const s = newPairMarket(def, walk, bars, day, now);
      const symbol = `${def.base}/${def.quote}`;
      // A venue's pair is stale until the venue speaks.
      if (this.venued.has(symbol)) Object.assign(s, { venue: this.options.venue!.feed.name, stale: true });
      this.producer.layBook(s);
      this.state.bySymbol.set(s.pair.symbol, { ...s, ticker: buildTicker(s) });
    }
  }
}

/**
 * The simulator behind a market source, for what only a simulator can do: be stepped by hand
 * (`tick`), trade at a scripted price (`tradeAt`) and carry a benchmark's synthetic ticks
 * (`publish`). Tests, the simulation harness and the benchmarks reach it through `App.market`;
 * the server's areas use `fastify.market` as a `MarketSource`.
 */
export function asSimulator(market: MarketSource): MarketSimulator {
  if (!(market instanceof MarketSimulator)) throw new Error('the market source is not the embedded simulator');
  return market;
}
