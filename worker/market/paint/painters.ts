/**
 * The three live market pictures the worker draws: the compact order book, the depth chart and
 * the trade tape. Each is a pure function of a 2D context, a size in CSS pixels (the context is
 * already scaled to the device pixel ratio), the theme and the data; the worker's `PaintHost`
 * decides when to call them. Nothing here reads the clock or the feed.
 */
import type { BookView } from '../orderBook';
import type { TradeView } from '../tape';
import { BOOK_MID_PX, BOOK_ROW_PX, bookRowTop, type BookSideName } from '../../../domain/market/bookLayout';
import { FigureFont, type TextContext } from './digits';
import type { PaintTheme } from './theme';

/** The 2D context calls the painters make (an `OffscreenCanvasRenderingContext2D` has them all). */
export interface PaintContext extends TextContext {
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  fill(): void;
  stroke(): void;
}

export interface Size {
  /** CSS pixels. */
  w: number;
  h: number;
}

/** Fonts of one surface, measured once per theme and size class. */
export class SurfaceFonts {
  private readonly cache = new Map<string, FigureFont>();
  constructor(private readonly ctx: TextContext) {}
  get(px: number, family: string, weight = 400): FigureFont {
    const key = `${weight} ${px}px ${family}`;
    let font = this.cache.get(key);
    if (!font) this.cache.set(key, (font = new FigureFont(this.ctx, key)));
    return font;
  }
}

/** The middle band's figures: the last price (coloured by its last move) and its fiat worth. */
export interface MidPrice {
  priceText: string;
  fiatText: string;
  move: 'up' | 'down' | 'none';
}

const PAD = 4;

/**
 * The compact book: `rows` asks above the last price, `rows` bids below; price on the left in
 * the side's colour, size on the right, cumulative-size shading from the right edge, a row that
 * changed since the last frame under a flash (`flashing(side, price)`).
 */
export function paintBook(
  ctx: PaintContext,
  fonts: SurfaceFonts,
  size: Size,
  theme: PaintTheme,
  view: BookView | undefined,
  rows: number,
  mid: MidPrice | undefined,
  flashing: (side: BookSideName, price: string) => boolean,
): void {
  ctx.clearRect(0, 0, size.w, size.h);
  const small = fonts.get(11, theme.font);
  ctx.textBaseline = 'middle';
  const drawSide = (side: BookSideName) => {
    const list = view ? (side === 'ask' ? view.asks : view.bids) : [];
    for (let i = 0; i < rows; i++) {
      const row = list[i];
      if (!row) continue;
      const top = bookRowTop(side, i, rows);
      const width = Math.round(row.ratio * size.w);
      ctx.fillStyle = side === 'ask' ? theme.downSoft : theme.upSoft;
      ctx.fillRect(size.w - width, top + 1, width, BOOK_ROW_PX - 2);
      if (flashing(side, row.price)) {
        ctx.fillStyle = theme.flash;
        ctx.fillRect(0, top, size.w, BOOK_ROW_PX);
      }
      const y = top + BOOK_ROW_PX / 2;
      ctx.fillStyle = side === 'ask' ? theme.down : theme.up;
      small.draw(row.priceText, PAD, y);
      ctx.fillStyle = theme.text2;
      small.draw(row.qtyText, size.w - PAD, y, 'right');
    }
  };
  drawSide('ask');
  drawSide('bid');
  if (mid) {
    const top = rows * BOOK_ROW_PX;
    const big = fonts.get(16, theme.font, 700);
    ctx.fillStyle = mid.move === 'up' ? theme.up : mid.move === 'down' ? theme.down : theme.text;
    big.draw(mid.priceText, PAD, top + BOOK_MID_PX * 0.38);
    if (mid.fiatText) {
      ctx.fillStyle = theme.text3;
      fonts.get(10, theme.font).draw(mid.fiatText, PAD, top + BOOK_MID_PX * 0.8);
    }
  }
}

/**
 * The depth chart: cumulative size by price, bids left in the up colour, asks right in the down
 * colour, from the worker's ratios; the outermost and innermost prices along the bottom.
 */
export function paintDepth(ctx: PaintContext, fonts: SurfaceFonts, size: Size, theme: PaintTheme, view: BookView | undefined): void {
  ctx.clearRect(0, 0, size.w, size.h);
  if (!view || (!view.bids.length && !view.asks.length)) return;
  const axis = 16;
  const h = size.h - axis;
  const n = Math.max(view.bids.length, view.asks.length, 1);
  const x = (u: number) => (u / 100) * size.w;
  const y = (ratio: number) => h - ratio * 0.95 * h;
  const area = (points: [number, number][], from: number, to: number, fill: string, stroke: string) => {
    if (!points.length) return;
    ctx.beginPath();
    ctx.moveTo(x(from), h);
    for (const [px, py] of points) ctx.lineTo(x(px), py);
    ctx.lineTo(x(to), h);
    ctx.closePath();
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.beginPath();
    points.forEach(([px, py], i) => (i ? ctx.lineTo(x(px), py) : ctx.moveTo(x(px), py)));
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = stroke;
    ctx.stroke();
  };
  const bids = [...view.bids].reverse().map((r, i): [number, number] => [(i / n) * 50, y(r.ratio)]);
  const asks = view.asks.map((r, i): [number, number] => [50 + ((i + 1) / n) * 50, y(r.ratio)]);
  area(bids, 0, 50, theme.upSoft, theme.up);
  area(asks, 50, 100, theme.downSoft, theme.down);
  const label = fonts.get(10, theme.font);
  ctx.textBaseline = 'middle';
  ctx.fillStyle = theme.text3;
  const ly = size.h - axis / 2;
  const first = view.bids.at(-1)?.priceText;
  const middle = view.bids[0]?.priceText ?? view.asks[0]?.priceText;
  const last = view.asks.at(-1)?.priceText;
  if (first) label.draw(first, 0, ly);
  if (middle) label.draw(middle, size.w / 2 - label.width(middle) / 2, ly);
  if (last) label.draw(last, size.w, ly, 'right');
}

/** A tape row's height in CSS pixels. */
export const TAPE_ROW_PX = 20;

/**
 * The trade tape: as many of the latest trades as fit, newest on top: time, price in the taker's
 * colour, size; a trade that arrived since the last frame under a flash.
 */
export function paintTape(
  ctx: PaintContext,
  fonts: SurfaceFonts,
  size: Size,
  theme: PaintTheme,
  trades: readonly TradeView[],
  fresh: (id: number) => boolean,
): void {
  ctx.clearRect(0, 0, size.w, size.h);
  const font = fonts.get(11, theme.font);
  ctx.textBaseline = 'middle';
  const rows = Math.min(trades.length, Math.floor(size.h / TAPE_ROW_PX));
  const third = size.w / 3;
  for (let i = 0; i < rows; i++) {
    const trade = trades[i]!;
    const top = i * TAPE_ROW_PX;
    if (fresh(trade.id)) {
      ctx.fillStyle = trade.side === 'buy' ? theme.upSoft : theme.downSoft;
      ctx.fillRect(0, top, size.w, TAPE_ROW_PX);
    }
    const y = top + TAPE_ROW_PX / 2;
    ctx.fillStyle = theme.text2;
    font.draw(trade.timeText, 0, y);
    ctx.fillStyle = trade.side === 'buy' ? theme.up : theme.down;
    font.draw(trade.priceText, 2 * third, y, 'right');
    ctx.fillStyle = theme.text;
    font.draw(trade.qtyText, size.w, y, 'right');
  }
}
