/**
 * A fake Binance spot venue on loopback, for the tests of `MARKET_SOURCE=ccxt` (no internet here):
 * the REST endpoints ccxt's binance calls for markets, the book snapshot and bars, and the raw
 * websocket stream (`/ws`) with `SUBSCRIBE`, `trade` and `depthUpdate` events, in the formats of
 * Binance's public documentation (developers.binance.com: "General API Information", "Market Data
 * endpoints", "WebSocket Streams"). A test drives it: `trade` prints a trade, `book` replaces the
 * book (sent as a diff with consecutive update ids), `silence` stops every stream without closing
 * it (an outage ccxt cannot see; the book's updates meanwhile are lost, so its update ids jump when
 * it speaks again, which ccxt detects as a gap and re-syncs from a snapshot), `drop` closes every
 * connection (one it reconnects from).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

interface Market {
  id: string;
  base: string;
  quote: string;
  tickSize: string;
  stepSize: string;
}

interface BookState {
  bids: Map<string, string>;
  asks: Map<string, string>;
  updateId: number;
}

/** One bar as Binance's klines answer it: [open time, o, h, l, c, volume, close time, quote volume, trades, taker base, taker quote, ignore]. */
type KlineRow = [number, string, string, string, string, string, number, string, number, string, string, string];

export class FakeBinance {
  private readonly server: Server;
  private readonly wss: WebSocketServer;
  private readonly subscriptions = new Map<WebSocket, Set<string>>();
  private readonly books = new Map<string, BookState>();
  private readonly klines = new Map<string, KlineRow[]>();
  private tradeId = 1;
  private silent = false;
  /** Requests served, by path (`/api/v3/klines`…), for the tests to read. */
  readonly requests: string[] = [];
  url = '';

  constructor(
    private readonly markets: readonly Market[],
    private readonly clock: () => number = Date.now,
  ) {
    for (const m of markets) this.books.set(m.id, { bids: new Map(), asks: new Map(), updateId: 1 });
    this.server = createServer((req, res) => this.rest(req, res));
    this.wss = new WebSocketServer({ noServer: true });
    this.server.on('upgrade', (req, socket, head) => {
      if (!req.url?.startsWith('/ws')) return socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** What `MARKET_EXCHANGE_URLS` merges into ccxt's binance `urls` to point it here. */
  get urls(): Record<string, unknown> {
    return { api: { public: `http://${this.url}/api/v3`, v1: `http://${this.url}/api/v1`, ws: { spot: `ws://${this.url}/ws` } } };
  }

  /** Stored bars of `id` (`BTCUSDT`) for the 1m interval, as the venue's history. */
  setMinutes(id: string, rows: { t: number; open: string; high: string; low: string; close: string; volume: string }[]): void {
    this.klines.set(
      id,
      rows.map((r) => [r.t, r.open, r.high, r.low, r.close, r.volume, r.t + 59_999, '0', 1, '0', '0', '0']),
    );
  }

  /** A trade on the venue's tape. */
  trade(id: string, price: string, qty: string, side: 'buy' | 'sell' = 'buy'): void {
    const now = this.clock();
    // `m`: the buyer is the maker, so the taker sold.
    this.emit(`${id.toLowerCase()}@trade`, {
      e: 'trade',
      E: now,
      s: id,
      t: this.tradeId++,
      p: price,
      q: qty,
      T: now,
      m: side === 'sell',
      M: true,
    });
  }

  /** Replaces the venue's book; subscribers get the difference as one `depthUpdate`. */
  book(id: string, bids: [string, string][], asks: [string, string][]): void {
    const state = this.books.get(id)!;
    const diff = (side: Map<string, string>, next: [string, string][]) => {
      const out: [string, string][] = [];
      const wanted = new Map(next);
      for (const price of side.keys()) if (!wanted.has(price)) out.push([price, '0.00000000']);
      for (const [price, qty] of next) if (side.get(price) !== qty) out.push([price, qty]);
      side.clear();
      for (const [price, qty] of next) side.set(price, qty);
      return out;
    };
    const b = diff(state.bids, bids);
    const a = diff(state.asks, asks);
    const first = state.updateId + 1;
    state.updateId += 1;
    this.emit(`${id.toLowerCase()}@depth@100ms`, { e: 'depthUpdate', E: this.clock(), s: id, U: first, u: state.updateId, b, a });
  }

  /** Stops (or restarts) every stream without closing it. */
  silence(on = true): void {
    this.silent = on;
  }

  /** Closes every websocket connection (ccxt sees the close and reconnects). */
  drop(): void {
    for (const ws of this.wss.clients) ws.terminate();
  }

  /** Whether some connection is subscribed to `stream` (`btcusdt@trade`): a trade sent before would be lost. */
  subscribed(stream: string): boolean {
    for (const streams of this.subscriptions.values()) if (streams.has(stream)) return true;
    return false;
  }

  /** Connections open now. */
  get connections(): number {
    return this.wss.clients.size;
  }

  async close(): Promise<void> {
    this.drop();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(ws: WebSocket): void {
    this.subscriptions.set(ws, new Set());
    ws.on('close', () => this.subscriptions.delete(ws));
    ws.on('message', (raw) => {
      let message: { method?: string; params?: string[]; id?: number };
      try {
        message = JSON.parse(String(raw)) as typeof message;
      } catch {
        return;
      }
      const streams = this.subscriptions.get(ws);
      if (!streams) return;
      if (message.method === 'SUBSCRIBE') for (const s of message.params ?? []) streams.add(s);
      if (message.method === 'UNSUBSCRIBE') for (const s of message.params ?? []) streams.delete(s);
      ws.send(JSON.stringify({ result: null, id: message.id }));
    });
  }

  private emit(stream: string, event: object): void {
    if (this.silent) return;
    const text = JSON.stringify(event);
    for (const [ws, streams] of this.subscriptions) if (streams.has(stream) && ws.readyState === ws.OPEN) ws.send(text);
  }

  private rest(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', `http://${this.url}`);
    this.requests.push(url.pathname);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/v3/exchangeInfo') return json(200, this.exchangeInfo());
    if (url.pathname === '/api/v3/depth') {
      const state = this.books.get(url.searchParams.get('symbol') ?? '');
      if (!state) return json(400, { code: -1121, msg: 'Invalid symbol.' });
      return json(200, { lastUpdateId: state.updateId, bids: [...state.bids], asks: [...state.asks] });
    }
    if (url.pathname === '/api/v3/klines') {
      const id = url.searchParams.get('symbol') ?? '';
      if (!this.books.has(id)) return json(400, { code: -1121, msg: 'Invalid symbol.' });
      // Only the minutes are stored; other intervals answer none (a young listing).
      const rows = url.searchParams.get('interval') === '1m' ? (this.klines.get(id) ?? []) : [];
      const start = Number(url.searchParams.get('startTime') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 500);
      return json(200, rows.filter((r) => r[0] >= start).slice(0, limit));
    }
    json(404, { code: -1, msg: `not served by the fake venue: ${url.pathname}` });
  }

  private exchangeInfo(): object {
    return {
      timezone: 'UTC',
      serverTime: this.clock(),
      rateLimits: [],
      exchangeFilters: [],
      symbols: this.markets.map((m) => ({
        symbol: m.id,
        status: 'TRADING',
        baseAsset: m.base,
        baseAssetPrecision: 8,
        quoteAsset: m.quote,
        quotePrecision: 8,
        quoteAssetPrecision: 8,
        baseCommissionPrecision: 8,
        quoteCommissionPrecision: 8,
        orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT_LIMIT'],
        icebergAllowed: true,
        ocoAllowed: true,
        otoAllowed: true,
        quoteOrderQtyMarketAllowed: true,
        allowTrailingStop: true,
        cancelReplaceAllowed: true,
        isSpotTradingAllowed: true,
        isMarginTradingAllowed: false,
        filters: [
          { filterType: 'PRICE_FILTER', minPrice: m.tickSize, maxPrice: '1000000.00000000', tickSize: m.tickSize },
          { filterType: 'LOT_SIZE', minQty: m.stepSize, maxQty: '9000.00000000', stepSize: m.stepSize },
          {
            filterType: 'NOTIONAL',
            minNotional: '5.00000000',
            applyMinToMarket: true,
            maxNotional: '9000000.00000000',
            applyMaxToMarket: false,
            avgPriceMins: 5,
          },
        ],
        permissions: [],
        permissionSets: [['SPOT']],
        defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
        allowedSelfTradePreventionModes: ['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'],
      })),
    };
  }
}
