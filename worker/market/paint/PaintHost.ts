/**
 * The worker's painter: canvases the UI handed over with `transferControlToOffscreen()` are drawn
 * here in the worker's own animation frames, so a tick of the book, the depth chart or the tape
 * costs the main thread no React render, no DOM change, no style, layout or paint — only the
 * compositing of a finished bitmap. A surface is redrawn in a frame only when what it shows
 * changed (its data's version, the last price, its size, a flash ending), at most once a frame.
 */
import { DEPTH_LEVELS } from '../../../domain/market/types';
import type { BookView } from '../orderBook';
import type { TradeView } from '../tape';
import { bookRowAt, type BookSideName } from '../../../domain/market/bookLayout';
import { paintBook, paintDepth, paintTape, SurfaceFonts, type MidPrice, type PaintContext } from './painters';
import type { PaintTheme } from './theme';

export type SurfaceKind = 'book' | 'depth' | 'tape';

/** How long a changed book row or a new trade stays highlighted. */
export const FLASH_MS = 300;

/** What the UI says about a canvas it hands over. */
export interface SurfaceSpec {
  kind: SurfaceKind;
  symbol: string;
  /** Rows a side (the book only). */
  rows?: number;
  /** CSS pixels. */
  width: number;
  height: number;
  devicePixelRatio: number;
  theme: PaintTheme;
}

/** The market data a surface draws, read from the market slice when its version moved. */
export interface PaintSource {
  /** Counts the changes of a symbol's book (deltas, grouping, language). */
  bookVersion(symbol: string): number;
  /** The book grouped and written for `rows` a side. */
  paintedBook(symbol: string, rows: number): BookView | undefined;
  tapeVersion(symbol: string): number;
  paintedTape(symbol: string): readonly TradeView[];
  /** The last price for the book's middle band: the same object while it is unchanged. */
  midPrice(symbol: string): MidPrice | undefined;
  /** Marks a symbol's book or tape as drawn here (counted), so snapshots stop carrying it. */
  setPainted(symbol: string, kind: 'book' | 'tape', on: boolean): void;
}

/** The canvas the UI transferred, as far as the painter uses it. */
export interface PaintCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): unknown;
}

interface Surface {
  spec: SurfaceSpec;
  canvas: PaintCanvas;
  ctx: PaintContext & { setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void };
  fonts: SurfaceFonts;
  /** The data version drawn last, -1 before the first frame. */
  version: number;
  mid: MidPrice | undefined;
  /** The size must be applied before the next frame. */
  resized: boolean;
  /** The book drawn last: a tap picks from it. */
  book: BookView | undefined;
  /** Book rows' sizes drawn last, by side and price, to flash a changed one. */
  sizes: Map<string, string>;
  /** Flash end times by book row (side and price) or trade id. */
  flashes: Map<string | number, number>;
  /** The newest trade id drawn, to flash the ones that arrive after it. */
  newestTrade: number;
}

type FrameRequest = (callback: () => void) => unknown;

/** The worker's `requestAnimationFrame` (Chromium and Firefox have it with OffscreenCanvas), else a 16 ms timer. */
const defaultFrame: FrameRequest = (callback) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(callback) : setTimeout(callback, 16);

export class PaintHost {
  private readonly surfaces = new Map<number, Surface>();
  private nextId = 1;
  private frameQueued = false;

  constructor(
    private readonly source: PaintSource,
    private readonly now: () => number = () => performance.now(),
    private readonly requestFrame: FrameRequest = defaultFrame,
  ) {}

  /** Takes a canvas and starts drawing it; the id names it in later calls. */
  attach(canvas: PaintCanvas, spec: SurfaceSpec): number {
    const ctx = canvas.getContext('2d') as Surface['ctx'] | null;
    if (!ctx) throw new Error('2d context unavailable');
    const id = this.nextId++;
    this.surfaces.set(id, {
      spec,
      canvas,
      ctx,
      fonts: new SurfaceFonts(ctx),
      version: -1,
      mid: undefined,
      resized: true,
      book: undefined,
      sizes: new Map(),
      flashes: new Map(),
      newestTrade: -1,
    });
    if (spec.kind !== 'depth') this.source.setPainted(spec.symbol, spec.kind, true);
    else this.source.setPainted(spec.symbol, 'book', true);
    this.wake();
    return id;
  }

  /** The canvas's box changed (CSS pixels) or the page moved to a screen of another density. */
  resize(id: number, width: number, height: number, devicePixelRatio: number): void {
    const s = this.surfaces.get(id);
    if (!s) return;
    s.spec = { ...s.spec, width, height, devicePixelRatio };
    s.resized = true;
    this.wake();
  }

  /** Stops drawing a canvas (its element left the page). */
  detach(id: number): void {
    const s = this.surfaces.get(id);
    if (!s) return;
    this.surfaces.delete(id);
    this.source.setPainted(s.spec.symbol, s.spec.kind === 'tape' ? 'tape' : 'book', false);
  }

  /** The price of the book row drawn under `y` (CSS pixels from the canvas's top), or null. */
  pick(id: number, y: number): { side: BookSideName; price: string } | null {
    const s = this.surfaces.get(id);
    if (!s || s.spec.kind !== 'book' || !s.book) return null;
    const at = bookRowAt(y, s.spec.rows ?? 0);
    if (!at) return null;
    const row = (at.side === 'ask' ? s.book.asks : s.book.bids)[at.index];
    return row ? { side: at.side, price: row.price } : null;
  }

  /** Something a surface shows may have changed: draw in the next frame. */
  readonly wake = (): void => {
    if (this.frameQueued || this.surfaces.size === 0) return;
    this.frameQueued = true;
    this.requestFrame(this.frame);
  };

  /** One animation frame: each surface whose picture changed is drawn once. */
  readonly frame = (): void => {
    this.frameQueued = false;
    const now = this.now();
    let flashing = false;
    for (const s of this.surfaces.values()) if (this.draw(s, now)) flashing = true;
    // The feed wakes the painter when data changes; a flash still fading needs the next frames.
    if (flashing) this.wake();
  };

  /** Draws `s` if its picture changed; true while a flash on it is still to end. */
  private draw(s: Surface, now: number): boolean {
    const { spec } = s;
    const version = spec.kind === 'tape' ? this.source.tapeVersion(spec.symbol) : this.source.bookVersion(spec.symbol);
    const mid = spec.kind === 'book' ? this.source.midPrice(spec.symbol) : undefined;
    let flashEnded = false;
    let flashing = false;
    for (const [key, until] of s.flashes)
      if (until <= now) {
        s.flashes.delete(key);
        flashEnded = true;
      } else flashing = true;
    if (!s.resized && version === s.version && mid === s.mid && !flashEnded) return flashing;
    if (s.resized) {
      const dpr = spec.devicePixelRatio || 1;
      const w = Math.max(1, Math.round(spec.width * dpr));
      const h = Math.max(1, Math.round(spec.height * dpr));
      if (s.canvas.width !== w) s.canvas.width = w;
      if (s.canvas.height !== h) s.canvas.height = h;
      s.ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      s.resized = false;
    }
    const size = { w: spec.width, h: spec.height };
    const changed = version !== s.version;
    s.version = version;
    s.mid = mid;
    switch (spec.kind) {
      case 'book': {
        const rows = spec.rows ?? 0;
        if (changed || !s.book) s.book = this.source.paintedBook(spec.symbol, rows);
        if (changed) this.noteBookChanges(s, now);
        paintBook(s.ctx, s.fonts, size, spec.theme, s.book, rows, mid, (side, price) => s.flashes.has(`${side}:${price}`));
        break;
      }
      case 'depth':
        if (changed || !s.book) s.book = this.source.paintedBook(spec.symbol, DEPTH_LEVELS);
        paintDepth(s.ctx, s.fonts, size, spec.theme, s.book);
        break;
      case 'tape': {
        const trades = this.source.paintedTape(spec.symbol);
        if (changed) this.noteNewTrades(s, trades, now);
        paintTape(s.ctx, s.fonts, size, spec.theme, trades, (id) => s.flashes.has(id));
        break;
      }
    }
    return s.flashes.size > 0;
  }

  /** Flashes the book rows whose size changed at an unchanged price since the last frame. */
  private noteBookChanges(s: Surface, now: number): void {
    const sizes = new Map<string, string>();
    const note = (side: BookSideName, rows: readonly { price: string; qtyText: string }[]) => {
      for (const row of rows) {
        const key = `${side}:${row.price}`;
        const before = s.sizes.get(key);
        if (before !== undefined && before !== row.qtyText) s.flashes.set(key, now + FLASH_MS);
        sizes.set(key, row.qtyText);
      }
    };
    if (s.book) {
      note('ask', s.book.asks);
      note('bid', s.book.bids);
    }
    s.sizes = sizes;
  }

  /** Flashes the trades newer than the newest drawn before (none on the first frame). */
  private noteNewTrades(s: Surface, trades: readonly TradeView[], now: number): void {
    const newest = trades[0]?.id ?? -1;
    if (s.newestTrade >= 0) for (const t of trades) if (t.id > s.newestTrade) s.flashes.set(t.id, now + FLASH_MS);
    s.newestTrade = Math.max(s.newestTrade, newest);
  }
}
