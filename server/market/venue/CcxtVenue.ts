/**
 * A `VenueFeed` over ccxt (docs/MARKET.md): the library the field uses to reach exchanges, so any
 * exchange ccxt supports with `watchTrades`, `watchOrderBook` and `fetchOHLCV` can price the
 * crypto pairs. One stream of trades and one of the book per pair; a failed stream retries with
 * a growing wait (0.5 s doubling to 30 s) until `stop`, and the log hears of the feed going
 * down, staying down (once a minute at most) and coming back, never of every retry.
 *
 * ccxt hands prices and sizes as JavaScript numbers parsed from the venue's decimal texts; a
 * number's shortest round-trip text (`String`) is that decimal for up to 15 significant digits,
 * which every listed price and size is. They become decimals here and never meet arithmetic.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Exchange, OrderBook } from 'ccxt';
import type { KlinePeriod } from '../../../domain/market/periods';
import type { Clock } from '../../clock';
import type { VenueBar, VenueBook, VenueFeed, VenueTrade, VenueUpdate } from './VenueFeed';

/** ccxt's timeframe for each of our periods. */
const TIMEFRAMES: Record<KlinePeriod, string> = {
  '1min': '1m',
  '5min': '5m',
  '15min': '15m',
  '30min': '30m',
  '60min': '1h',
  '4hour': '4h',
  '1day': '1d',
  '1week': '1w',
  '1mon': '1M',
};
/** Levels of the venue's book asked for (its own grid; ours aggregates them). */
export const VENUE_BOOK_DEPTH = 100;
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;
const STILL_DOWN_LOG_EVERY_MS = 60_000;
const CONNECT_ATTEMPTS = 3;

export interface CcxtVenueOptions {
  /** ccxt's id of the exchange (`binance`). */
  exchange: string;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /**
   * Merged into the exchange's `urls` (`MARKET_EXCHANGE_URLS`): a testnet, a proxy, or the tests'
   * fake venue on loopback.
   */
  urls?: Record<string, unknown>;
}

type ExchangeClass = new (config: Record<string, unknown>) => Exchange;

export class CcxtVenue implements VenueFeed {
  /** ccxt's id until the exchange is open, then its name (`binance` → `Binance`). */
  name: string;
  private exchange: Exchange | null = null;
  /** Our symbol → the venue's. */
  private readonly symbols = new Map<string, string>();
  private readonly trades = new Map<string, VenueTrade[]>();
  private readonly books = new Map<string, OrderBook>();
  private readonly changedBooks = new Set<string>();
  private readonly heard = new Map<string, number>();
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly waits = new Set<() => void>();
  /** Streams failing now, and since when the first of them failed (0: all well). */
  private readonly failing = new Set<string>();
  private downSince = 0;
  private lastDownLog = 0;

  constructor(private readonly options: CcxtVenueOptions) {
    this.name = options.exchange;
  }

  async connect(symbols: readonly string[]): Promise<string[]> {
    const exchange = await this.open();
    for (let attempt = 1; ; attempt++) {
      try {
        await exchange.loadMarkets();
        break;
      } catch (error) {
        if (attempt >= CONNECT_ATTEMPTS) {
          throw new Error(`MARKET_SOURCE=ccxt: ${this.name} did not answer its markets after ${attempt} attempts: ${messageOf(error)}`);
        }
        this.options.log.warn({ venue: this.name, attempt, err: messageOf(error) }, 'venue: markets did not load; retrying');
        await this.wait(FIRST_RETRY_MS * 2 ** attempt);
      }
    }
    for (const symbol of symbols) {
      const market = exchange.markets?.[symbol];
      if (market && market.spot && market.active !== false) this.symbols.set(symbol, market.symbol);
    }
    this.options.log.info({ venue: this.name, pairs: [...this.symbols.keys()] }, 'venue: pairs priced by the exchange');
    return [...this.symbols.keys()];
  }

  start(): void {
    if (this.running || !this.exchange) return;
    this.running = true;
    for (const symbol of this.symbols.keys()) {
      this.loops.push(this.follow(symbol, 'trades'), this.follow(symbol, 'book'));
    }
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    for (const cancel of this.waits) cancel();
    this.waits.clear();
    await this.exchange?.close().catch(() => undefined);
    await Promise.all(this.loops);
    this.loops = [];
  }

  drain(symbol: string): VenueUpdate {
    const trades = this.trades.get(symbol) ?? [];
    if (trades.length) this.trades.set(symbol, []);
    let book: VenueBook | null = null;
    const ob = this.books.get(symbol);
    if (ob && this.changedBooks.delete(symbol)) {
      book = { bids: levels(ob.bids), asks: levels(ob.asks) };
    }
    return { trades, book };
  }

  lastHeard(symbol: string): number {
    return this.heard.get(symbol) ?? 0;
  }

  async bars(symbol: string, period: KlinePeriod, since: number, limit: number): Promise<VenueBar[]> {
    const exchange = this.exchange;
    const venueSymbol = this.symbols.get(symbol);
    if (!exchange || !venueSymbol) return [];
    const rows = await exchange.fetchOHLCV(venueSymbol, TIMEFRAMES[period], since, limit);
    return rows.flatMap(([t, open, high, low, close, volume]) =>
      [t, open, high, low, close, volume].every((n) => typeof n === 'number' && Number.isFinite(n))
        ? [{ t: t!, open: String(open), high: String(high), low: String(low), close: String(close), volume: String(volume) }]
        : [],
    );
  }

  private async open(): Promise<Exchange> {
    if (this.exchange) return this.exchange;
    const ccxt = await import('ccxt');
    const Exchange = (ccxt.pro as unknown as Record<string, ExchangeClass | undefined>)[this.name];
    if (typeof Exchange !== 'function') throw new Error(`MARKET_EXCHANGE: ccxt has no websocket exchange "${this.name}"`);
    const exchange = new Exchange({
      enableRateLimit: true,
      // Public data only: no keys, the spot markets, nothing that needs an account.
      options: { defaultType: 'spot', fetchMarkets: { types: ['spot'] }, fetchMargins: false, fetchCurrencies: false },
    });
    if (this.options.urls) exchange.urls = exchange.deepExtend(exchange.urls, this.options.urls);
    const has = exchange.has;
    if (!has['watchTrades'] || !has['watchOrderBook'] || !has['fetchOHLCV']) {
      throw new Error(`MARKET_EXCHANGE: ccxt's ${this.name} lacks watchTrades, watchOrderBook or fetchOHLCV`);
    }
    // Each watch call answers only what arrived since the previous one.
    exchange.newUpdates = true;
    // ccxt connects to a plain `ws://` address (a local venue, the tests' fake) only through an HTTP agent it is handed.
    await exchange.loadHttpProxyAgent();
    this.exchange = exchange;
    if (typeof exchange.name === 'string' && exchange.name) this.name = exchange.name;
    return exchange;
  }

  /** One stream of one pair, for as long as the feed runs. */
  private async follow(symbol: string, what: 'trades' | 'book'): Promise<void> {
    const exchange = this.exchange!;
    const venueSymbol = this.symbols.get(symbol)!;
    const stream = `${symbol} ${what}`;
    let failures = 0;
    while (this.running) {
      try {
        if (what === 'trades') {
          const trades = await exchange.watchTrades(venueSymbol);
          if (!this.running) return;
          const list = this.trades.get(symbol) ?? [];
          for (const t of trades) {
            if (typeof t.price !== 'number' || typeof t.amount !== 'number') continue;
            list.push({ price: String(t.price), qty: String(t.amount), side: t.side === 'sell' ? 'sell' : 'buy', ts: t.timestamp ?? 0 });
          }
          this.trades.set(symbol, list);
        } else {
          const book = await exchange.watchOrderBook(venueSymbol, VENUE_BOOK_DEPTH);
          if (!this.running) return;
          this.books.set(symbol, book);
          this.changedBooks.add(symbol);
        }
        this.heard.set(symbol, this.options.clock.now());
        if (failures) this.recovered(stream);
        failures = 0;
      } catch (error) {
        if (!this.running) return;
        failures += 1;
        this.failed(stream, error);
        await this.wait(Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1)));
      }
    }
  }

  private failed(stream: string, error: unknown): void {
    const now = this.options.clock.now();
    this.failing.add(stream);
    if (!this.downSince) {
      this.downSince = now;
      this.lastDownLog = now;
      this.options.log.warn({ venue: this.name, stream, err: messageOf(error) }, 'venue: feed interrupted; reconnecting');
    } else if (now - this.lastDownLog >= STILL_DOWN_LOG_EVERY_MS) {
      this.lastDownLog = now;
      this.options.log.warn(
        { venue: this.name, streams: this.failing.size, downMs: now - this.downSince, err: messageOf(error) },
        'venue: feed still interrupted',
      );
    }
  }

  private recovered(stream: string): void {
    this.failing.delete(stream);
    if (this.failing.size || !this.downSince) return;
    this.options.log.info({ venue: this.name, downMs: this.options.clock.now() - this.downSince }, 'venue: feed resumed');
    this.downSince = 0;
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const cancel = this.options.clock.after(ms, () => {
        this.waits.delete(done);
        resolve();
      });
      const done = () => {
        cancel();
        resolve();
      };
      this.waits.add(done);
    });
  }
}

/** The levels a book holds, best first, as decimal texts. */
function levels(side: readonly (readonly (number | undefined)[])[]): [string, string][] {
  const out: [string, string][] = [];
  for (const level of side) {
    const [price, qty] = level;
    if (typeof price === 'number' && typeof qty === 'number') out.push([String(price), String(qty)]);
    if (out.length >= VENUE_BOOK_DEPTH) break;
  }
  return out;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
