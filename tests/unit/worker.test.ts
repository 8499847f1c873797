import { describe, expect, it } from 'vitest';
import { DEFAULT_FIAT } from '../../domain/fiat';
import type { Ticker } from '../../domain/market/types';
import { buildDepthView, buildTickerView } from '../../domain/market/views';
import { parseTopic, topics } from '../../domain/protocol';
import { applyDepthDelta, createBook, readBook } from '../../worker/books/applyDepthDelta';
import { SeqTracker } from '../../worker/feed/SeqTracker';
import { MarketBooks } from '../../worker/MarketBooks';

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
    expect(readBook(book)).toEqual({
      bids: [
        ['99', '2.5'],
        ['98.5', '4'],
      ],
      asks: [
        ['100', '1'],
        ['100.25', '7'],
        ['100.5', '3'],
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
    expect(readBook(book).bids.map((l) => l[0])).toEqual(['100', '10', '9.5']);
  });

  it('views carry cumulative totals and bar ratios', () => {
    const view = buildDepthView(
      {
        bids: [
          ['99', '1'],
          ['98', '2'],
        ],
        asks: [
          ['100', '0.5'],
          ['101', '0.5'],
          ['102', '5'],
        ],
      },
      2,
    );
    expect(view.bids.map((l) => l.total)).toEqual(['1', '3']);
    expect(view.asks.map((l) => l.total)).toEqual(['0.5', '1']);
    expect(view.bids[1]!.ratio).toBe(1);
    expect(view.asks[1]!.ratio).toBeCloseTo(1 / 3);
    expect(view.spread).toBe('1');
  });
});

describe('MarketBooks', () => {
  it('conflates many ticks into one snapshot holding only the latest of what changed', () => {
    const books = new MarketBooks();
    books.applySnapshot({
      topic: 'quotes',
      kind: 'quotes',
      seq: 1,
      data: [ticker('BTC/USDT', '100.00', '1.00'), ticker('ETH/USDT', '10.00', '0.00', 2)],
    });
    books.takeSnapshot(0);
    expect(books.isDirty).toBe(false);
    for (let i = 0; i < 100; i++)
      books.applyMessage({ topic: 'quotes', kind: 'quotes', seq: i + 2, data: [ticker('BTC/USDT', `${101 + i}.00`, '2.50')] });
    const snap = books.takeSnapshot(5_000);
    expect(Object.keys(snap.tickers!)).toEqual(['BTC/USDT']);
    expect(snap.tickers!['BTC/USDT']).toMatchObject({
      price: '200.00',
      priceText: '200.00',
      changeText: '+2.50%',
      tone: 'up',
      turnoverText: '2.50M',
    });
    expect(snap.movers!.gainers[0]).toBe('BTC/USDT');
    expect(books.takeSnapshot(5_100)).toEqual({});
    // Rankings are refreshed at most once a second.
    books.applyMessage({ topic: 'quotes', kind: 'quotes', seq: 200, data: [ticker('ETH/USDT', '11.00', '9.00', 2)] });
    expect(books.takeSnapshot(5_500).movers).toBeUndefined();
    books.applyMessage({ topic: 'quotes', kind: 'quotes', seq: 201, data: [ticker('ETH/USDT', '12.00', '9.50', 2)] });
    expect(books.takeSnapshot(6_100).movers!.gainers[0]).toBe('ETH/USDT');
  });

  it('converts prices into the display currency with decimal math', () => {
    const books = new MarketBooks();
    books.applySnapshot({ topic: 'quotes', kind: 'quotes', seq: 1, data: [ticker('BTC/USDT', '67250.10', '1.00')] });
    books.setFiat({ currency_code: 'CNY', rate: '7.1234', saveTime: 0 });
    expect(books.takeSnapshot().tickers!['BTC/USDT']!.fiatText).toBe('≈ ¥479,049.36');
    expect(buildTickerView(ticker('BTC/USDT', '0.1', '0'), DEFAULT_FIAT).fiatText).toBe('≈ $0.10');
  });

  it('keeps only the newest state of each bar between snapshots', () => {
    const books = new MarketBooks();
    const topic = topics.kline('BTC/USDT', '1min');
    const bar = (t: number, close: string) => ({ t, open: '1', high: '2', low: '1', close, volume: '1' });
    books.applyMessage({ topic, kind: 'kline', seq: 1, data: [bar(60_000, '1.1')] });
    books.applyMessage({ topic, kind: 'kline', seq: 2, data: [bar(60_000, '1.2')] });
    books.applyMessage({ topic, kind: 'kline', seq: 3, data: [bar(60_000, '1.3'), bar(120_000, '1.4')] });
    expect(books.takeSnapshot().klines![topic]!.bars.map((b) => [b.t, b.close])).toEqual([
      [60_000, '1.3'],
      [120_000, '1.4'],
    ]);
  });
});
