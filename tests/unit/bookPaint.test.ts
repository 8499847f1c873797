/**
 * The worker-drawn book (worker/market/paint/): where rows sit and which row a tap finds, tabular
 * figures on a canvas, a surface drawn only when what it shows changed, and the market slice
 * leaving drawn books out of snapshots while it tells the live region at most once a second.
 */
import { describe, expect, it } from 'vitest';
import { BOOK_MID_PX, BOOK_ROW_PX, bookHeight, bookRowAt, bookRowTop } from '../../domain/market/bookLayout';
import type { Ticker } from '../../domain/market/types';
import type { BookView } from '../../worker/market/orderBook';
import { FigureFont, type TextContext } from '../../worker/market/paint/digits';
import { FLASH_MS, PaintHost, type PaintSource } from '../../worker/market/paint/PaintHost';
import type { MidPrice } from '../../worker/market/paint/painters';
import { DEFAULT_THEME } from '../../worker/market/paint/theme';
import type { TradeView } from '../../worker/market/tape';
import { createWorkerState } from '../../worker/state';

/** A 2D context that records what is drawn; a digit '1' is narrower than the others unless `tabular`. */
function recorder(tabular = false) {
  const texts: { text: string; x: number; y: number }[] = [];
  const ctx = {
    font: '',
    fillStyle: '' as string,
    strokeStyle: '' as string,
    lineWidth: 1,
    textAlign: 'left' as CanvasTextAlign,
    textBaseline: 'alphabetic' as CanvasTextBaseline,
    measureText: (text: string) => ({ width: [...text].reduce((w, ch) => w + (ch === '1' && !tabular ? 4 : ch === ',' ? 3 : 6), 0) }),
    fillText: (text: string, x: number, y: number) => void texts.push({ text, x, y }),
    clearRect: () => {},
    fillRect: () => {},
    beginPath: () => {},
    moveTo: () => {},
    lineTo: () => {},
    closePath: () => {},
    fill: () => {},
    stroke: () => {},
    setTransform: () => {},
  };
  return { ctx, texts };
}

describe('the compact book layout', () => {
  it('finds under a tap the row drawn there, and nothing in the middle band or outside', () => {
    const rows = 8;
    expect(bookHeight(rows)).toBe(2 * rows * BOOK_ROW_PX + BOOK_MID_PX);
    for (const side of ['ask', 'bid'] as const)
      for (let index = 0; index < rows; index++) {
        const top = bookRowTop(side, index, rows);
        for (const dy of [0, BOOK_ROW_PX / 2, BOOK_ROW_PX - 0.01]) expect(bookRowAt(top + dy, rows)).toEqual({ side, index });
      }
    // The best ask sits right above the middle band, the best bid right below it.
    expect(bookRowTop('ask', 0, rows)).toBe((rows - 1) * BOOK_ROW_PX);
    expect(bookRowTop('bid', 0, rows)).toBe(rows * BOOK_ROW_PX + BOOK_MID_PX);
    expect(bookRowAt(rows * BOOK_ROW_PX + 1, rows)).toBeNull();
    expect(bookRowAt(-1, rows)).toBeNull();
    expect(bookRowAt(bookHeight(rows), rows)).toBeNull();
    expect(bookRowAt(Number.NaN, rows)).toBeNull();
  });
});

describe('figures on a canvas', () => {
  it('puts every digit in a cell as wide as the widest digit, so a figure never shifts when a digit changes', () => {
    const { ctx, texts } = recorder();
    const font = new FigureFont(ctx as TextContext, '11px sans-serif');
    expect(font.tabular).toBe(false);
    expect(font.width('111')).toBe(font.width('888'));
    font.draw('1,8', 100, 10, 'right');
    // Right-aligned: the figure ends at x = 100 whatever its digits; the narrow '1' is centred in its cell.
    expect(texts).toEqual([
      { text: '1', x: 100 - 15 + 1, y: 10 },
      { text: ',', x: 100 - 15 + 6, y: 10 },
      { text: '8', x: 100 - 15 + 9, y: 10 },
    ]);
  });

  it('draws a figure as one string when the font’s digits are already tabular', () => {
    const { ctx, texts } = recorder(true);
    const font = new FigureFont(ctx as TextContext, '11px sans-serif');
    expect(font.tabular).toBe(true);
    font.draw('67,250.50', 0, 5);
    expect(texts).toEqual([{ text: '67,250.50', x: 0, y: 5 }]);
  });
});

const row = (price: string, qty: string, ratio = 0.5) => ({ price, priceText: price, qtyText: qty, totalText: qty, ratio });
const view = (bid: string, ask: string, qty = '1.0'): BookView => ({
  group: 1,
  step: '0.50',
  groupTexts: ['0.50', '5.00', '50.00'],
  bids: [row(bid, qty)],
  asks: [row(ask, qty)],
  spreadText: '0.50',
});

/** A market slice stand-in whose book the test sets, counting how often the painter read it. */
function source() {
  const state = { version: 1, book: view('100.00', '100.50'), reads: 0, painted: new Map<string, number>() };
  const mid: MidPrice = { priceText: '100.25', fiatText: '', move: 'up' };
  const src: PaintSource = {
    bookVersion: () => state.version,
    paintedBook: () => (state.reads++, state.book),
    tapeVersion: () => 0,
    paintedTape: (): TradeView[] => [],
    midPrice: () => mid,
    setPainted: (symbol, kind, on) =>
      void state.painted.set(`${kind}:${symbol}`, (state.painted.get(`${kind}:${symbol}`) ?? 0) + (on ? 1 : -1)),
  };
  return { state, src };
}

function surfaceOf() {
  const { ctx, texts } = recorder(true);
  const canvas = { width: 0, height: 0, getContext: () => ctx };
  return { canvas, texts };
}

describe('the painter', () => {
  it('draws a surface once per change, at the device pixel ratio, and picks the row it drew', () => {
    const { state, src } = source();
    let now = 1000;
    const frames: (() => void)[] = [];
    const host = new PaintHost(
      src,
      () => now,
      (cb) => frames.push(cb),
    );
    const { canvas, texts } = surfaceOf();
    const id = host.attach(canvas, {
      kind: 'book',
      symbol: 'BTC/USDT',
      rows: 8,
      width: 160,
      height: bookHeight(8),
      devicePixelRatio: 2,
      theme: DEFAULT_THEME,
    });
    expect(state.painted.get('book:BTC/USDT')).toBe(1);
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(canvas.width).toBe(320);
    expect(canvas.height).toBe(bookHeight(8) * 2);
    expect(texts.map((t) => t.text)).toEqual(['100.50', '1.0', '100.00', '1.0', '100.25']);
    // Nothing changed: a frame draws nothing and asks for no next frame.
    const drawn = texts.length;
    host.wake();
    frames.shift()!();
    expect(texts.length).toBe(drawn);
    expect(frames).toHaveLength(0);

    // A tap picks from the book drawn, even when the feed has moved on since.
    state.book = view('99.00', '99.50');
    state.version++;
    expect(host.pick(id, bookRowTop('ask', 0, 8) + 5)).toEqual({ side: 'ask', price: '100.50' });
    expect(host.pick(id, bookRowTop('bid', 0, 8) + 5)).toEqual({ side: 'bid', price: '100.00' });
    expect(host.pick(id, bookRowTop('bid', 1, 8) + 5)).toBeNull();
    host.wake();
    frames.shift()!();
    expect(host.pick(id, bookRowTop('ask', 0, 8) + 5)).toEqual({ side: 'ask', price: '99.50' });
    expect(state.reads).toBe(2);

    // A size changing at the same price flashes the row, and a frame after FLASH_MS clears it.
    state.book = view('99.00', '99.50', '2.0');
    state.version++;
    host.wake();
    frames.shift()!();
    expect(frames).toHaveLength(1);
    now += FLASH_MS / 2;
    frames.shift()!();
    expect(frames).toHaveLength(1);
    now += FLASH_MS;
    const before = texts.length;
    frames.shift()!();
    expect(texts.length).toBeGreaterThan(before);
    expect(frames).toHaveLength(0);

    host.detach(id);
    expect(state.painted.get('book:BTC/USDT')).toBe(0);
    expect(host.pick(id, 5)).toBeNull();
  });
});

const ticker = (price: string): Ticker => ({
  id: 1,
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  currency_id: 1,
  legal_id: 3,
  category: 'crypto',
  price_decimals: 2,
  qty_decimals: 4,
  price,
  open: '100.00',
  high: '120.00',
  low: '90.00',
  change: '1.00',
  volume: '1',
  turnover: '1',
  ts: 1,
});

describe('the market slice with a drawn book', () => {
  it('leaves the drawn book and tape out of snapshots and tells the live region at most once a second', () => {
    const state = createWorkerState();
    const market = state.market;
    market.applySnapshot({ topic: 'quotes', kind: 'quotes', seq: 1, data: [ticker('100.25')] });
    market.applySnapshot({
      topic: 'depth:BTC/USDT',
      kind: 'depth',
      seq: 1,
      data: { bids: [['100.00', '1']], asks: [['100.50', '2']], step: '0.50' },
    });
    market.applySnapshot({
      topic: 'trades:BTC/USDT',
      kind: 'trades',
      seq: 1,
      data: [{ id: 7, price: '100.25', qty: '0.1', side: 'buy', ts: 1 }],
    });
    market.setPainted('BTC/USDT', 'book', true);
    market.setPainted('BTC/USDT', 'tape', true);
    const first = state.take(10_000);
    expect(first.depth?.['BTC/USDT']).toBeUndefined();
    expect(first.trades?.['BTC/USDT']).toBeUndefined();
    expect(first.glance?.['BTC/USDT']).toEqual({
      group: 1,
      groupTexts: ['0.50', '5.00', '50.00'],
      bidText: '100.00',
      askText: '100.50',
      spreadText: '0.50',
      lastText: '100.25',
    });
    // The painter reads the same views, built once per change.
    const v = market.bookVersion('BTC/USDT');
    expect(market.midPrice('BTC/USDT')).toMatchObject({ priceText: '100.25', move: 'none' });
    expect(market.midPrice('BTC/USDT')).toBe(market.midPrice('BTC/USDT'));
    expect(market.paintedBook('BTC/USDT', 8)).toBe(market.paintedBook('BTC/USDT', 8));
    market.applyMessage({ topic: 'depth:BTC/USDT', kind: 'depth', seq: 2, data: { bids: [['100.00', '3']], asks: [] } });
    market.applyMessage({ topic: 'quotes', kind: 'quotes', seq: 2, data: [ticker('100.30')] });
    expect(market.bookVersion('BTC/USDT')).toBe(v + 1);
    expect(market.paintedBook('BTC/USDT', 8)!.bids[0]!.qtyText).toBe('3');
    expect(market.midPrice('BTC/USDT')).toEqual({ priceText: '100.30', fiatText: '≈ $100.30', move: 'up' });
    // Within the second: no glance; after it, the latest.
    expect(state.take(10_500).glance).toBeUndefined();
    market.applyMessage({ topic: 'quotes', kind: 'quotes', seq: 3, data: [ticker('100.20')] });
    market.applyMessage({
      topic: 'depth:BTC/USDT',
      kind: 'depth',
      seq: 3,
      data: {
        bids: [
          ['100.00', '0'],
          ['99.50', '1'],
        ],
        asks: [],
      },
    });
    expect(state.take(11_000).glance?.['BTC/USDT']?.bidText).toBe('99.50');
    // Drawn by the DOM again: the book comes whole in the next snapshot.
    market.setPainted('BTC/USDT', 'book', false);
    market.applyMessage({ topic: 'quotes', kind: 'quotes', seq: 4, data: [ticker('100.10')] });
    expect(state.take(11_100).depth?.['BTC/USDT']?.bids[0]?.price).toBe('99.50');
  });
});
