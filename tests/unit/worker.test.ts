import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_FIAT } from '../../domain/fiat';
import type { Ticker } from '../../domain/market/types';
import { buildTickerView } from '../../domain/market/views';
import type { NotificationItem } from '../../domain/notifications/types';
import { PROTOCOL_VERSION, parseTopic, topics, type BalanceRow, type PrivateSnapshot, type UserMessage } from '../../domain/protocol';
import { MarketSlice } from '../../worker/market/MarketSlice';
import { applyDepthDelta, buildBookView, createBook, readBook } from '../../worker/market/orderBook';
import { AccountSlice } from '../../worker/account/AccountSlice';
import { PrivateChannel, type PrivateSnapshotFetch } from '../../worker/feed/PrivateChannel';
import { SeqTracker } from '../../worker/feed/SeqTracker';
import { createWorkerState } from '../../worker/state';

const ticker = (symbol: string, price: string, change: string, id = 1): Ticker => ({
  id,
  symbol,
  base: symbol.split('/')[0]!,
  quote: symbol.split('/')[1]!,
  currency_id: id,
  legal_id: 3,
  category: 'crypto',
  price_decimals: 2,
  qty_decimals: 4,
  price,
  open: '100.00',
  high: '120.00',
  low: '90.00',
  change,
  volume: '1234.5',
  turnover: '2500000.5',
  ts: 1,
});

describe('topics', () => {
  it('parses the names it builds and nothing else', () => {
    expect(parseTopic(topics.quotes())).toEqual({ kind: 'quotes' });
    expect(parseTopic(topics.depth('BTC/USDT'))).toEqual({ kind: 'depth', symbol: 'BTC/USDT' });
    expect(parseTopic(topics.kline('BTC/USDT', '4hour'))).toEqual({ kind: 'kline', symbol: 'BTC/USDT', period: '4hour' });
    for (const bad of ['', 'depth:', 'kline:BTC/USDT', 'kline:BTC/USDT:2min', 'user:1', 'nope:x']) expect(parseTopic(bad), bad).toBeNull();
  });
});

describe('SeqTracker', () => {
  it('accepts the next number, ignores old ones and flags a jump', () => {
    const t = new SeqTracker();
    expect(t.accept('quotes', 1)).toBe('gap');
    t.reset('quotes', 10);
    expect(t.accept('quotes', 10)).toBe('stale');
    expect(t.accept('quotes', 11)).toBe('next');
    expect(t.accept('quotes', 11)).toBe('stale');
    expect(t.accept('quotes', 13)).toBe('gap');
    expect(t.accept('quotes', 12)).toBe('next');
  });
});

describe('depth books', () => {
  it('apply deltas: replace, add, and remove with quantity 0', () => {
    const book = createBook({
      bids: [
        ['99.5', '1'],
        ['99', '2'],
      ],
      asks: [
        ['100', '1'],
        ['100.5', '3'],
      ],
    });
    applyDepthDelta(book, {
      bids: [
        ['99.5', '0'],
        ['98.5', '4'],
        ['99', '2.5'],
      ],
      asks: [['100.25', '7']],
    });
    // Every level is written with the book's decimals (the server sends them fixed anyway).
    expect(readBook(book)).toEqual({
      bids: [
        ['99.00', '2.5'],
        ['98.50', '4.0'],
      ],
      asks: [
        ['100.00', '1.0'],
        ['100.25', '7.0'],
        ['100.50', '3.0'],
      ],
    });
  });

  it('sort prices numerically, not as text', () => {
    const book = createBook({
      bids: [
        ['9.5', '1'],
        ['10', '1'],
        ['100', '1'],
      ],
      asks: [],
    });
    expect(readBook(book).bids.map((l) => l[0])).toEqual(['100.0', '10.0', '9.5']);
  });

  it('views carry grouped rows with cumulative totals and bar ratios', () => {
    const book = createBook({
      bids: [
        ['99', '1'],
        ['98', '2'],
      ],
      asks: [
        ['100', '0.5'],
        ['101', '0.5'],
        ['102', '5'],
      ],
    });
    const view = buildBookView(book, { group: 1, groups: [1], rows: 2 });
    expect(view.bids.map((l) => l.totalText)).toEqual(['1.0', '3.0']);
    expect(view.asks.map((l) => l.totalText)).toEqual(['0.5', '1.0']);
    expect(view.bids[1]!.ratio).toBe(1);
    expect(view.asks[1]!.ratio).toBeCloseTo(1 / 3);
    expect(view.spreadText).toBe('1');
  });
});

describe('the market slice', () => {
  it('conflates many ticks into one snapshot holding only the latest of what changed', () => {
    const books = createWorkerState();
    books.market.applySnapshot({
      topic: 'quotes',
      kind: 'quotes',
      seq: 1,
      data: [ticker('BTC/USDT', '100.00', '1.00'), ticker('ETH/USDT', '10.00', '0.00', 2)],
    });
    const first = books.take(0).tickers!['BTC/USDT'];
    expect(books.isDirty).toBe(false);
    for (let i = 0; i < 100; i++)
      books.market.applyMessage({ topic: 'quotes', kind: 'quotes', seq: i + 2, data: [ticker('BTC/USDT', `${101 + i}.00`, '2.50')] });
    const snap = books.take(5_000);
    expect(Object.keys(snap.tickers!)).toEqual(['BTC/USDT']);
    // Only what changed travels; merged into the first view (as the UI does) it is the latest.
    expect(snap.tickers!['BTC/USDT']).not.toHaveProperty('turnoverText');
    expect({ ...first, ...snap.tickers!['BTC/USDT'] }).toMatchObject({
      price: '200.00',
      priceText: '200.00',
      changeText: '+2.50%',
      tone: 'up',
      turnoverText: '2.50M',
    });
    expect(snap.movers!.gainers[0]).toBe('BTC/USDT');
    expect(books.take(5_100)).toEqual({});
    // Rankings are refreshed at most once a second.
    books.market.applyMessage({ topic: 'quotes', kind: 'quotes', seq: 200, data: [ticker('ETH/USDT', '11.00', '9.00', 2)] });
    expect(books.take(5_500).movers).toBeUndefined();
    books.market.applyMessage({ topic: 'quotes', kind: 'quotes', seq: 201, data: [ticker('ETH/USDT', '12.00', '9.50', 2)] });
    expect(books.take(6_100).movers!.gainers[0]).toBe('ETH/USDT');
  });

  it('converts prices into the display currency with decimal math', () => {
    const books = createWorkerState();
    books.market.applySnapshot({ topic: 'quotes', kind: 'quotes', seq: 1, data: [ticker('BTC/USDT', '67250.10', '1.00')] });
    books.market.setFiat({ currency_code: 'CNY', rate: '7.1234', saveTime: 0 });
    expect(books.take().tickers!['BTC/USDT']!.fiatText).toBe('≈ ¥479,049.36');
    expect(buildTickerView(ticker('BTC/USDT', '0.1', '0'), DEFAULT_FIAT).fiatText).toBe('≈ $0.10');
  });

  it('writes views in the interface language and converts fiat-quoted pairs through the market', () => {
    const books = createWorkerState();
    books.market.applySnapshot({
      topic: 'quotes',
      kind: 'quotes',
      seq: 1,
      data: [ticker('BTC/USDT', '67250.10', '1.5'), ticker('USD/JPY', '151.24', '0.5', 2)],
    });
    books.market.setFiat({ currency_code: 'VND', rate: '25405', saveTime: 0 });
    books.market.setLang('vi');
    const views = books.take().tickers!;
    expect(views['BTC/USDT']!.priceText).toBe('67.250,10');
    expect(views['BTC/USDT']!.fiatText).toBe('≈ 1.708.488.791\u00a0₫');
    expect(views['BTC/USDT']!.changeText).toBe('+1,50%');
    // USD/JPY is quoted in JPY: its "≈" line goes through its own price (one dollar).
    expect(views['USD/JPY']!.fiatText).toBe('≈ 25.405\u00a0₫');
    // A language change rebuilds every view.
    books.market.setLang('en');
    expect(books.take().tickers!['BTC/USDT']!.fiatText).toBe('≈ ₫1,708,488,791');
  });

  it('builds the views of the tickers on screen in every snapshot and any other about once a second, losing none', () => {
    const books = createWorkerState();
    const symbols = Array.from({ length: 200 }, (_, i) => `C${i}/USDT`);
    const quotes = (seq: number, price: string) => ({
      topic: 'quotes' as const,
      kind: 'quotes' as const,
      seq,
      data: symbols.map((s, i) => ticker(s, price, '1.00', i + 1)),
    });
    books.market.applySnapshot(quotes(1, '100.00'));
    // Never sent: every view goes out, focus or not.
    books.market.setFocus(['C0/USDT', 'C1/USDT']);
    expect(Object.keys(books.take(0).tickers!)).toHaveLength(200);
    // Every ticker changes; 100 ms later the two on screen and a tenth of the rest are built.
    books.market.applyMessage(quotes(2, '101.00'));
    const first = books.take(100).tickers!;
    expect(first['C0/USDT']!.price).toBe('101.00');
    expect(first['C1/USDT']!.price).toBe('101.00');
    expect(Object.keys(first)).toHaveLength(2 + 20);
    expect(books.isDirty).toBe(true);
    // The rest follow, oldest change first, within the second; each with its latest price.
    books.market.applyMessage({ topic: 'quotes', kind: 'quotes', seq: 3, data: [ticker('C199/USDT', '102.00', '1.00', 200)] });
    const seen = new Map(Object.entries(first).map(([s, v]) => [s, v.price]));
    for (let t = 200; t <= 1_100 && books.isDirty; t += 100)
      for (const [s, v] of Object.entries(books.take(t).tickers ?? {})) seen.set(s, v.price);
    expect(books.isDirty).toBe(false);
    expect(seen.size).toBe(200);
    expect(seen.get('C199/USDT')).toBe('102.00');
    expect(seen.get('C100/USDT')).toBe('101.00');
    // A symbol brought on screen goes out in the next snapshot.
    books.market.applyMessage(quotes(4, '103.00'));
    books.take(1_200);
    books.market.setFocus(['C150/USDT']);
    expect(books.take(1_300).tickers!['C150/USDT']!.price).toBe('103.00');
  });

  it('asks for a snapshot when a ticker on screen changes, and for changes off screen alone at most every 250 ms', () => {
    let now = 10_000;
    const market = new MarketSlice(() => now);
    const quote = (seq: number, symbol: string, price: string) => ({
      topic: 'quotes' as const,
      kind: 'quotes' as const,
      seq,
      data: [ticker(symbol, price, '1.00', seq)],
    });
    market.applySnapshot({
      topic: 'quotes',
      kind: 'quotes',
      seq: 1,
      data: [ticker('BTC/USDT', '100.00', '1.00', 1), ticker('ETH/USDT', '10.00', '1.00', 1)],
    });
    market.setFocus(['BTC/USDT']);
    market.take(now);
    expect(market.isDirty).toBe(false);
    expect(market.dueInMs).toBeNull();
    // A pair off screen changes right after a snapshot: held back (the contract page got a
    // snapshot per feed message for such changes, ~60 a second from a 10 Hz market).
    now += 16;
    market.applyMessage(quote(2, 'ETH/USDT', '10.01'));
    expect(market.isDirty).toBe(false);
    expect(market.dueInMs).toBe(234);
    // The pair on screen changes: a snapshot goes, and the held-back change rides on it.
    market.applyMessage(quote(3, 'BTC/USDT', '100.01'));
    expect(market.isDirty).toBe(true);
    expect(Object.keys(market.take(now).tickers!).sort()).toEqual(['BTC/USDT', 'ETH/USDT']);
    // Off screen alone again: due 250 ms after that snapshot, then it goes by itself.
    now += 100;
    market.applyMessage(quote(4, 'ETH/USDT', '10.02'));
    expect(market.isDirty).toBe(false);
    now += 150;
    expect(market.dueInMs).toBe(0);
    expect(market.isDirty).toBe(true);
    expect(market.take(now).tickers!['ETH/USDT']!.price).toBe('10.02');
  });

  it('keeps only the newest state of each bar between snapshots', () => {
    const books = createWorkerState();
    const topic = topics.kline('BTC/USDT', '1min');
    const bar = (t: number, close: string) => ({ t, open: '1', high: '2', low: '1', close, volume: '1' });
    books.market.applyMessage({ topic, kind: 'kline', seq: 1, data: [bar(60_000, '1.1')] });
    books.market.applyMessage({ topic, kind: 'kline', seq: 2, data: [bar(60_000, '1.2')] });
    books.market.applyMessage({ topic, kind: 'kline', seq: 3, data: [bar(60_000, '1.3'), bar(120_000, '1.4')] });
    expect(books.take().klines![topic]!.bars.map((b) => [b.t, b.close])).toEqual([
      [60_000, '1.3'],
      [120_000, '1.4'],
    ]);
  });
});

const row = (currency_id: number, available: string, account: 1 | 2 | 3 | 4 = 2, v = 0): BalanceRow => ({
  account,
  currency_id,
  currency: `C${currency_id}`,
  available,
  frozen: '0',
  v,
});
const note = (id: number, read = false): NotificationItem => ({ id, kind: 'credited', params: {}, created_at: id, read });
const privateSnap = (seq: number, balances: BalanceRow[] = [], unread = 0): PrivateSnapshot => ({
  topic: 'user',
  seq,
  data: {
    session: { user_id: 7 },
    balances,
    notifications: { unread, recent: [] },
    orders: [],
    positions: [],
    support: { unread: 0, recent: [] },
  },
});
const balances = (seq: number, ...rows: BalanceRow[]): UserMessage => ({ topic: 'user', kind: 'balances', seq, data: rows });

/** A private channel whose snapshots, messages and resync state are recorded; `fetch` answers the REST resync. */
function channel(fetch: PrivateSnapshotFetch = () => Promise.reject(new Error('offline'))) {
  const log = { snapshots: [] as (PrivateSnapshot | null)[], messages: [] as UserMessage[], resyncing: [] as boolean[] };
  const ch = new PrivateChannel(fetch, {
    snapshot: (x) => log.snapshots.push(x),
    message: (m) => log.messages.push(m),
    resyncing: (a) => log.resyncing.push(a),
  });
  return { ch, log };
}

describe('PrivateChannel', () => {
  it('holds messages until the auth answer, then replays only those past its snapshot', () => {
    const { ch, log } = channel();
    const ticket = ch.join();
    ch.receive(balances(6, row(1, '6')));
    ch.receive(balances(5, row(1, '5')));
    ch.receive(balances(4, row(1, '4')));
    expect(log.messages).toEqual([]);
    ch.joined(ticket, privateSnap(4));
    expect(log.snapshots.map((x) => x?.seq)).toEqual([4]);
    expect(log.messages.map((m) => m.seq)).toEqual([5, 6]);
    ch.receive(balances(6, row(1, 'dup')));
    ch.receive(balances(7, row(1, '7')));
    expect(log.messages.map((m) => m.seq)).toEqual([5, 6, 7]);
    expect(log.resyncing).toEqual([]);
  });

  it('ignores the answer of an older auth and anything while signed out', () => {
    const { ch, log } = channel();
    const first = ch.join();
    const second = ch.join();
    ch.joined(first, privateSnap(10));
    expect(log.snapshots).toEqual([]);
    ch.joined(second, null);
    expect(log.snapshots).toEqual([null]);
    ch.receive(balances(1));
    expect(log.messages).toEqual([]);
    expect(ch.isOpen).toBe(false);
  });

  it('on a gap fetches the snapshot over REST, holds what arrives meanwhile and replays it', async () => {
    let answer!: (x: PrivateSnapshot) => void;
    const fetch = vi.fn(() => new Promise<PrivateSnapshot>((r) => (answer = r)));
    const { ch, log } = channel(fetch);
    ch.joined(ch.join(), privateSnap(1));
    ch.receive(balances(2));
    ch.receive(balances(5));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(ch.isResyncing).toBe(true);
    ch.receive(balances(7));
    ch.receive(balances(6));
    expect(fetch).toHaveBeenCalledTimes(1);
    answer(privateSnap(5, [row(1, '5')]));
    await vi.waitFor(() => expect(log.snapshots).toHaveLength(2));
    expect(log.snapshots[1]!.seq).toBe(5);
    expect(log.messages.map((m) => m.seq)).toEqual([2, 6, 7]);
    expect(log.resyncing).toEqual([true, false]);
    expect(ch.isResyncing).toBe(false);
  });

  it('tries again on the next message after a failed resync, and closes when the session is gone', async () => {
    const answers: (PrivateSnapshot | 'unauthorized' | Error)[] = [new Error('offline'), 'unauthorized'];
    const fetch = vi.fn(async () => {
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    const { ch, log } = channel(fetch);
    ch.joined(ch.join(), privateSnap(1));
    ch.receive(balances(3));
    await vi.waitFor(() => expect(log.resyncing).toEqual([true, false]));
    expect(ch.isOpen).toBe(true);
    ch.receive(balances(4));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(ch.isOpen).toBe(false));
    expect(log.snapshots.at(-1)).toBeNull();
    expect(log.messages).toEqual([]);
  });

  it('hands on a revocation and leaves; one that arrives while a new auth is pending is ignored', () => {
    const { ch, log } = channel();
    ch.joined(ch.join(), privateSnap(3));
    const revoked: UserMessage = { topic: 'user', kind: 'session', seq: 9, data: { event: 'revoked' } };
    const ticket = ch.join();
    ch.receive(revoked);
    ch.joined(ticket, privateSnap(3));
    expect(ch.isOpen).toBe(true);
    expect(log.messages).toEqual([]);
    ch.receive({ ...revoked, seq: 4 });
    expect(log.messages).toEqual([{ ...revoked, seq: 4 }]);
    expect(ch.isOpen).toBe(false);
    expect(log.snapshots.at(-1)).toBeNull();
  });
});

describe('the account slice', () => {
  it('keeps the newest change of a balance: one with an older journal row, numbered later by another node, is not shown over it', () => {
    const books = new AccountSlice();
    books.applySnapshot(privateSnap(3, [row(1, '10', 2, 40), row(2, '5', 2, 41)]));
    books.take();
    books.apply(balances(4, row(1, '8', 2, 50)));
    // Committed before the change above, numbered after it: its balance of currency 1 is older; currency 2's is new.
    books.apply(balances(5, row(1, '9', 2, 45), row(2, '7', 2, 46)));
    expect(books.balanceRows()).toEqual([row(1, '8', 2, 50), row(2, '7', 2, 46)]);
    expect(books.take().private?.balances).toEqual([row(1, '8', 2, 50), row(2, '7', 2, 46)]);
  });

  it('replaces its state with a snapshot and applies idempotent updates', () => {
    const books = new AccountSlice();
    const snap = privateSnap(3, [row(1, '10'), row(2, '5', 1)], 2);
    snap.data.notifications.recent = [note(2), note(1)];
    snap.data.orders = [{ id: 1, product: 'futures', symbol: 'BTC/USDT', status: 'open', open: true, created_at: 1, updated_at: 1 }];
    books.applySnapshot(snap);
    expect(books.take().private).toMatchObject({ reset: true, userId: 7, balances: [row(2, '5', 1), row(1, '10')], orders: [{ id: 1 }] });
    expect(books.take()).toEqual({});

    books.apply(balances(4, row(1, '12')));
    books.apply(balances(5, row(1, '12')));
    books.apply({ topic: 'user', kind: 'notifications', seq: 6, data: { unread: 3, changed: [note(3)] } });
    books.apply({ topic: 'user', kind: 'notifications', seq: 7, data: { unread: 3, changed: [note(3)] } });
    books.apply({ topic: 'user', kind: 'orders', seq: 8, data: [{ ...snap.data.orders[0]!, status: 'filled', open: false }] });
    const changes = books.take();
    expect(changes.user?.map((m) => m.seq)).toEqual([4, 5, 6, 7, 8]);
    expect(changes.private).toEqual({
      balances: [row(1, '12')],
      notifications: { unread: 3, recent: [note(3), note(2), note(1)] },
      orders: [],
    });
    books.apply({ topic: 'user', kind: 'notifications', seq: 9, data: { unread: 0, changed: [note(3, true), note(1, true)] } });
    expect(books.notificationState()).toEqual({ unread: 0, recent: [note(3, true), note(2), note(1, true)] });
    expect(books.balanceRows()).toEqual([row(2, '5', 1), row(1, '12')]);

    books.applySnapshot(null);
    expect(books.take().private).toMatchObject({ reset: true, userId: null, balances: [], notifications: { unread: 0, recent: [] } });
  });
});

describe('the worker state: private state and version', () => {
  it('carries private changes and reports a protocol version mismatch once', () => {
    const books = createWorkerState();
    books.connection.setServerVersion(PROTOCOL_VERSION);
    expect(books.take()).toEqual({ versionMismatch: false });
    expect(books.isDirty).toBe(false);
    books.connection.setServerVersion(PROTOCOL_VERSION);
    expect(books.isDirty).toBe(false);
    books.connection.setServerVersion(PROTOCOL_VERSION + 1);
    books.account.applySnapshot(privateSnap(1, [row(1, '1')]));
    const msg = balances(2, row(1, '2'));
    books.account.apply(msg);
    expect(books.take()).toMatchObject({
      versionMismatch: true,
      user: [msg],
      private: { reset: true, userId: 7, balances: [row(1, '2')] },
    });
    expect(books.isDirty).toBe(false);
  });
});
