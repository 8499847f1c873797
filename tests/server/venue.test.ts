/**
 * `MARKET_SOURCE=ccxt` end to end against a fake Binance on loopback (tests/fakes/fakeBinance.ts):
 * ccxt's binance, pointed at it by `MARKET_EXCHANGE_URLS`, loads its markets, backfills the
 * minutes it holds and streams its trades and book; the listed crypto pairs are priced by it and
 * say so, the others stay simulated. An option opens and settles at the venue's prices and the
 * audit recomputes it; a silent venue turns its pairs stale and refuses orders on them, in the
 * request's language; a dropped connection is reconnected. Time is a ManualClock (the ticks, the
 * stale threshold and the reconnect waits); ccxt's sockets run in real time, so each wait polls.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FuturesTrade } from '../../domain/futures/types';
import type { OptionOrder } from '../../domain/options/types';
import type { AuditReport } from '../../domain/audit/types';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/options/plugin';
import { FakeBinance } from '../fakes/fakeBinance';
import { accountHelpers } from './accounts';
import { openTestDatabase } from './database';
import { startServer, type TestServer } from './harness';
import { expectLedgerInvariants } from './invariants';
import { until } from './poll';

const BTC = 1;
const USDT = 3;
const MINUTE = 60_000;
const STALE_MS = 5_000;

describe('a real exchange through ccxt (a fake Binance on loopback)', () => {
  // After the template's market record (written under the system clock).
  const clock = new ManualClock(Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE);
  let venue: FakeBinance;
  let s: TestServer;
  let h: ReturnType<typeof accountHelpers>;

  /** Moves the clock a tick at a time until `read` answers, giving ccxt's sockets real time in between. */
  const ticking = <T>(read: () => T, what: string) =>
    until(
      () => {
        clock.advance(200);
        return read();
      },
      what,
      30_000,
      20,
    );
  const ticker = (symbol: string) => s.app.market.ticker(symbol)!;
  const trade = (price: string) => venue.trade('BTCUSDT', price, '0.01000');
  /** A venue trade at `price`, seen by the market. */
  const priced = (price: string) =>
    // The venue trades at `price` while the clock moves: a live venue keeps speaking, so a slow
    // machine (ccxt's sockets in real time, the clock at 200 ms a step) never makes it look silent.
    ticking(() => {
      trade(price);
      return ticker('BTC/USDT').price === price && !ticker('BTC/USDT').stale;
    }, `BTC/USDT at ${price}`);

  /** An Up option on BTC of `seconds`, placed by `user`; answered ok. */
  const placeOption = async (user: { token: string }, seconds: string) => {
    const placed = await s.call(
      '/microtrade/submit',
      { match_id: String(BTC), currency_id: String(USDT), type: 'up', seconds, number: '100' },
      { token: user.token },
    );
    expect(placed.body.type, String(placed.body.message)).toBe('ok');
    return placed.body.message as OptionOrder;
  };
  const optionNow = async (user: { token: string }, order: OptionOrder) =>
    (await s.call('/microtrade/get_result', { id: String(order.id) }, { token: user.token, method: 'GET' })).body.message as OptionOrder;
  /** Every auditor's mismatches (none when the record and the settlements agree). */
  const mismatches = async () => ((await s.ops('/audit')).body.message as AuditReport).sections.flatMap((section) => section.mismatches);

  beforeAll(async () => {
    venue = await new FakeBinance(
      [
        { id: 'BTCUSDT', base: 'BTC', quote: 'USDT', tickSize: '0.01', stepSize: '0.00001' },
        { id: 'ETHUSDT', base: 'ETH', quote: 'USDT', tickSize: '0.01', stepSize: '0.0001' },
      ],
      () => clock.now(),
    ).listen();
    // The venue's last ten minutes, around 95,000.
    const start = clock.now() - 10 * MINUTE;
    venue.setMinutes(
      'BTCUSDT',
      Array.from({ length: 10 }, (_, i) => ({
        t: start + i * MINUTE,
        open: `${95_000 + i}.00`,
        high: `${95_010 + i}.50`,
        low: `${94_990 + i}.25`,
        close: `${95_001 + i}.00`,
        volume: '12.34567',
      })),
    );
    // Five ticks a second: the outage test lets three minutes of the clock go by.
    s = await startServer({ clock, marketHz: 5, marketVenue: { exchange: 'binance', urls: venue.urls, staleMs: STALE_MS } });
    h = accountHelpers(s, clock);
    // The streams are open (a trade sent before ccxt subscribes is lost, as on the real venue).
    await until(() => venue.subscribed('btcusdt@trade') && venue.subscribed('btcusdt@depth@100ms'), 'ccxt to subscribe', 60_000);
  }, 120_000);
  afterAll(async () => {
    await expectLedgerInvariants(s.db);
    await s.close();
    await venue.close();
  });

  it('backfills the venue’s minutes, prices its pairs from its trades and book, and leaves the others simulated', async () => {
    const minutes = await s.app.market.klines('BTC/USDT', '1min', clock.now() - 10 * MINUTE, clock.now() - MINUTE);
    expect(minutes.at(-1)).toMatchObject({ open: '95009', close: '95010' });
    expect(Number(minutes.at(-1)!.high)).toBeGreaterThanOrEqual(95_019.5);
    expect(venue.requests).toContain('/api/v3/klines');

    // Stale until the venue speaks; then its trade is the price, and the ticker names the venue.
    expect(ticker('BTC/USDT')).toMatchObject({ venue: 'Binance', stale: true });
    await priced('95123.45');
    expect(ticker('BTC/USDT')).toMatchObject({ venue: 'Binance', price: '95123.45' });
    expect(ticker('BTC/USDT').stale).toBeUndefined();
    expect(s.app.market.trades('BTC/USDT')![0]).toMatchObject({ price: '95123.45', qty: '0.01000', side: 'buy' });
    // A pair the venue does not list, and a stock, stay on the simulator.
    expect(ticker('LTC/USDT').venue).toBeUndefined();
    expect(ticker('LTC/USDT').stale).toBeUndefined();

    // The venue's book on the pair's grid: finer levels merge (bids down, asks up), sizes add.
    venue.book(
      'BTCUSDT',
      [
        ['95120.004', '0.5'],
        ['95120.001', '0.25'],
        ['95119.00', '1'],
      ],
      [['95125.001', '2']],
    );
    const depth = await ticking(() => {
      const book = s.app.market.depth('BTC/USDT')!;
      return book.bids.length === 2 ? book : null;
    }, 'the venue’s book');
    expect(depth.bids).toEqual([
      ['95120.00', '0.75000'],
      ['95119.00', '1.00000'],
    ]);
    expect(depth.asks).toEqual([['95125.01', '2.00000']]);
  });

  it('opens and settles an option at the venue’s prices, and the audit recomputes it', async () => {
    const user = await s.signUp();
    await h.credit(user, 'micro', 'USDT', '1000');
    await priced('95200.00');
    const order = await placeOption(user, '30');
    expect(order.open_price).toBe('95200');
    // Trades keep the feed alive until the expiry; the first at or after it decides. The clock
    // moves 200 ms a step, so a trade that reaches the market a few slow steps late is still
    // within the 5 s a tick may decide in.
    const settled = await until(
      async () => {
        clock.advance(200);
        trade(clock.now() >= order.expires_at ? '95250.50' : '95210.00');
        await new Promise((r) => setTimeout(r, 20));
        const o = await optionNow(user, order);
        return o.status === 'settled' ? o : null;
      },
      'the option to settle',
      60_000,
      0,
    );
    expect(settled).toMatchObject({ result: 'win', decided_by: 'tick' });
    expect(['95210', '95250.5']).toContain(settled.close_price);
    expect(await mismatches()).toEqual([]);
  });

  it('turns a silent venue’s pairs stale and refuses orders on them in the request’s language, until it speaks again', async () => {
    const user = await s.signUp();
    await h.credit(user, 'micro', 'USDT', '1000');
    await h.credit(user, 'lever', 'USDT', '10000');
    await h.credit(user, 'change', 'USDT', '10000');
    await h.credit(user, 'change', 'BTC', '1');
    await h.verify(user);
    await priced('95300.00');
    const lever = (path: '/lever/submit' | '/lever/close', params: Record<string, string>) => s.call(path, params, { token: user.token });
    const opened = await lever('/lever/submit', { match_id: String(BTC), type: '1', share: '1', multiple: '10' });
    expect(opened.body.type, String(opened.body.message)).toBe('ok');
    const position = opened.body.message as FuturesTrade;
    venue.silence();
    await ticking(() => ticker('BTC/USDT').stale, 'BTC/USDT to turn stale');
    const submit = (lang: string) =>
      s.call(
        '/microtrade/submit',
        { match_id: String(BTC), currency_id: String(USDT), type: 'up', seconds: '30', number: '100' },
        { token: user.token, lang },
      );
    const en = await submit('en');
    expect(en.status).toBe(200);
    expect(en.body.message).toBe('Prices for this pair are interrupted at the exchange; new orders are paused until they resume');
    expect((await submit('zh')).body.message).toBe('该交易对的交易所行情已中断，恢复前暂停下单');
    // Futures opens and closes, and spot orders, are refused the same way; reads still answer.
    const stale = 'Prices for this pair are interrupted at the exchange; new orders are paused until they resume';
    expect((await lever('/lever/submit', { match_id: String(BTC), type: '1', share: '1', multiple: '10' })).body.message).toBe(stale);
    expect((await lever('/lever/close', { id: String(position.id) })).body.message).toBe(stale);
    const spot = await s.call(
      '/coin/trade',
      { currency_id: String(BTC), legal_id: String(USDT), type: 'buy', amount: '0.01' },
      { token: user.token },
    );
    expect(spot.body.message).toBe(stale);
    // A loan against BTC is not valued at a silent venue's last price.
    const loan = await s.call('/loan/borrow', { currency: 'BTC', collateral: '0.1', amount: '1000' }, { token: user.token });
    expect(loan.body.message).toBe(stale);
    expect((await s.call('/lever/dealall', { status: 'open' }, { token: user.token, method: 'GET' })).body.type).toBe('ok');
    // A simulated pair trades on.
    expect(ticker('LTC/USDT').stale).toBeUndefined();

    // The book changed while its updates were lost: the next one's ids jump, ccxt sees the gap and
    // re-syncs from a snapshot, and the pair's book is the venue's again.
    venue.book('BTCUSDT', [['95290.00', '3']], [['95330.00', '4']]);
    venue.silence(false);
    venue.book('BTCUSDT', [['95300.00', '1.5']], [['95320.00', '2.5']]);
    await ticking(() => {
      const book = s.app.market.depth('BTC/USDT')!;
      return book.bids[0]?.[0] === '95300.00' && book.bids.length === 1 && book.asks.length === 1 ? book : null;
    }, 'the book after the gap');
    expect(s.app.market.depth('BTC/USDT')!.asks).toEqual([['95320.00', '2.50000']]);
    await priced('95310.00');
    expect((await submit('en')).body.type).toBe('ok');
    const closed = await lever('/lever/close', { id: String(position.id) });
    expect(closed.body.type, String(closed.body.message)).toBe('ok');
    expect((closed.body.message as FuturesTrade).close_price).toBe('95310');
  });

  it('settles an option whose expiry fell in an outage from the venue’s minute, fetched when it spoke again', async () => {
    const user = await s.signUp();
    await h.credit(user, 'micro', 'USDT', '1000');
    await priced('95500.00');
    const order = await placeOption(user, '120');
    venue.silence();
    const silentFrom = clock.now();
    await ticking(() => ticker('BTC/USDT').stale, 'BTC/USDT to turn stale');
    // The expiry and a minute past it go by in silence: nothing decides on the last price heard.
    while (clock.now() < order.expires_at + MINUTE) clock.advance(1_000);
    expect((await optionNow(user, order)).status).toBe('pending');

    // Meanwhile the venue traded: its minutes, the expiry's opening at 95,600.
    const first = Math.floor(silentFrom / MINUTE) * MINUTE;
    venue.setMinutes(
      'BTCUSDT',
      Array.from({ length: Math.floor((clock.now() - first) / MINUTE) }, (_, i) => ({
        t: first + i * MINUTE,
        open: '95600.00',
        high: '95650.00',
        low: '95550.00',
        close: '95620.00',
        volume: '1.00000',
      })),
    );
    venue.silence(false);
    await priced('95700.00');
    const settled = await until(
      async () => {
        clock.advance(100);
        trade('95700.00');
        const o = await optionNow(user, order);
        return o.status === 'settled' ? o : null;
      },
      'the option to settle',
      30_000,
      20,
    );
    expect(settled).toMatchObject({
      decided_by: 'record',
      close_price: '95600',
      close_ts: Math.floor(order.expires_at / MINUTE) * MINUTE,
      result: 'win',
    });
    expect(await mismatches()).toEqual([]);
  });

  it('reconnects after the venue drops the connection, and prices from it again', async () => {
    const before = venue.connections;
    expect(before).toBeGreaterThan(0);
    venue.drop();
    await ticking(() => venue.connections > 0 && ticker('BTC/USDT').stale, 'a new connection (the pair stale meanwhile)');
    // Subscribed again: its trades arrive.
    await until(
      () => {
        clock.advance(200);
        trade('95400.00');
        return ticker('BTC/USDT').price === '95400.00' && !ticker('BTC/USDT').stale;
      },
      'prices after the reconnect',
      30_000,
      50,
    );
  });
});

describe('a venue’s history after a restart', () => {
  it('fetches the minutes the server was down for, and continues from the venue’s last price', async () => {
    const clock = new ManualClock(Math.floor(Date.now() / MINUTE) * MINUTE + MINUTE);
    const venue = await new FakeBinance([{ id: 'BTCUSDT', base: 'BTC', quote: 'USDT', tickSize: '0.01', stepSize: '0.00001' }], () =>
      clock.now(),
    ).listen();
    const database = await openTestDatabase(inject('templatePath'));
    const minute = (t: number, open: string) => ({ t, open, high: open, low: open, close: open, volume: '1.00000' });
    const options = { db: database.db, clock, marketVenue: { exchange: 'binance', urls: venue.urls, staleMs: STALE_MS } };
    try {
      const startedAt = clock.now();
      venue.setMinutes('BTCUSDT', [minute(startedAt - 2 * MINUTE, '90000.00'), minute(startedAt - MINUTE, '90100.00')]);
      const first = await startServer(options);
      await first.close();

      // Down for ten minutes, while the venue traded.
      clock.advance(10 * MINUTE);
      venue.setMinutes(
        'BTCUSDT',
        Array.from({ length: 12 }, (_, i) => minute(startedAt - 2 * MINUTE + i * MINUTE, `${90_000 + i * 100}.00`)),
      );
      const second = await startServer(options);
      try {
        const bars = await second.app.market.klines('BTC/USDT', '1min', startedAt, clock.now() - MINUTE);
        // Every minute of the downtime is the venue's, none generated.
        expect(bars.map((b) => [b.t, b.open])).toEqual(
          Array.from({ length: 10 }, (_, i) => [startedAt + i * MINUTE, String(90_200 + i * 100)]),
        );
        expect(second.app.market.ticker('BTC/USDT')).toMatchObject({ price: '91100.00', venue: 'Binance', stale: true });
      } finally {
        await second.close();
      }
    } finally {
      await database.dispose();
      await venue.close();
    }
  }, 120_000);
});
