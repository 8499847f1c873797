/**
 * The worker's order book: each side held as parallel sorted arrays of integer prices (in units
 * of the book's smallest price increment) and integer quantities, best price first. A delta is
 * a binary search and a splice per level; nothing is re-sorted per frame and no decimal is
 * parsed more than once. Grouping (× 1, 10, 100 of the book's step), cumulative sizes and the
 * display strings are computed here once per snapshot, only for books that changed.
 *
 * Pure and free of the feed, so a benchmark can drive it.
 */
import { countDecimals, formatUnits } from '../../domain/decimal';
import { localizeDecimal } from '../../domain/format';
import { DEFAULT_LANG, type Lang } from '../../domain/i18n';
import type { BookLevel, DepthBook } from '../../domain/market/types';

/** One side: `prices[i]` holds `qtys[i]`; prices strictly descending (bids) or ascending (asks). */
export interface BookSide {
  readonly descending: boolean;
  prices: number[];
  qtys: number[];
}

export interface LiveBook {
  bids: BookSide;
  asks: BookSide;
  /** Decimals of the integer prices and quantities (raised when a level needs more). */
  priceDecimals: number;
  qtyDecimals: number;
  /** The book's finest price step in price units (1 when the snapshot did not say). */
  stepUnits: number;
  /** The snapshot said its step. */
  hasStep: boolean;
}

const POW10 = Array.from({ length: 19 }, (_, i) => 10 ** i);

/** Integer units of a plain decimal string at `decimals` decimals (which it never exceeds). */
function toUnits(value: string, decimals: number): number {
  const dot = value.indexOf('.');
  const whole = dot < 0 ? value : value.slice(0, dot);
  const frac = dot < 0 ? '' : value.slice(dot + 1);
  return Number(whole + frac.padEnd(decimals, '0'));
}

function maxDecimals(levels: readonly BookLevel[], at: 0 | 1, start: number): number {
  let d = start;
  for (const level of levels) d = Math.max(d, countDecimals(level[at]));
  return d;
}

function rescale(values: number[], factor: number): void {
  for (let i = 0; i < values.length; i++) values[i] = values[i]! * factor;
}

/** Raises the book's decimals so every level of `levels` is a whole number of units. */
function widen(book: LiveBook, bids: readonly BookLevel[], asks: readonly BookLevel[]): void {
  const pd = maxDecimals(asks, 0, maxDecimals(bids, 0, book.priceDecimals));
  const qd = maxDecimals(asks, 1, maxDecimals(bids, 1, book.qtyDecimals));
  if (pd > book.priceDecimals) {
    const f = POW10[pd - book.priceDecimals]!;
    rescale(book.bids.prices, f);
    rescale(book.asks.prices, f);
    book.stepUnits *= f;
    book.priceDecimals = pd;
  }
  if (qd > book.qtyDecimals) {
    const f = POW10[qd - book.qtyDecimals]!;
    rescale(book.bids.qtys, f);
    rescale(book.asks.qtys, f);
    book.qtyDecimals = qd;
  }
}

/** Index of `price` in the side, or the index it would be inserted at, as `-(index + 1)`. */
function search(side: BookSide, price: number): number {
  const { prices, descending } = side;
  let lo = 0;
  let hi = prices.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const p = prices[mid]!;
    if (p === price) return mid;
    if (descending ? p > price : p < price) lo = mid + 1;
    else hi = mid - 1;
  }
  return -(lo + 1);
}

/** Sets the quantity at a price (0 removes the level), keeping the side sorted. */
export function setLevel(side: BookSide, price: number, qty: number): void {
  const i = search(side, price);
  if (i >= 0) {
    if (qty === 0) {
      side.prices.splice(i, 1);
      side.qtys.splice(i, 1);
    } else side.qtys[i] = qty;
  } else if (qty !== 0) {
    const at = -i - 1;
    side.prices.splice(at, 0, price);
    side.qtys.splice(at, 0, qty);
  }
}

function applyLevels(book: LiveBook, side: BookSide, levels: readonly BookLevel[]): void {
  for (const [price, qty] of levels) setLevel(side, toUnits(price, book.priceDecimals), toUnits(qty, book.qtyDecimals));
}

/** A live book from a snapshot (levels in any order). */
export function createBook(snapshot: DepthBook): LiveBook {
  const book: LiveBook = {
    bids: { descending: true, prices: [], qtys: [] },
    asks: { descending: false, prices: [], qtys: [] },
    priceDecimals: snapshot.step ? countDecimals(snapshot.step) : 0,
    qtyDecimals: 0,
    stepUnits: 1,
    hasStep: !!snapshot.step,
  };
  widen(book, snapshot.bids, snapshot.asks);
  if (snapshot.step) book.stepUnits = Math.max(1, toUnits(snapshot.step, book.priceDecimals));
  applyLevels(book, book.bids, snapshot.bids);
  applyLevels(book, book.asks, snapshot.asks);
  return book;
}

/** Applies a delta: each level replaces the quantity at its price; quantity 0 removes the level. */
export function applyDepthDelta(book: LiveBook, delta: DepthBook): void {
  widen(book, delta.bids, delta.asks);
  applyLevels(book, book.bids, delta.bids);
  applyLevels(book, book.asks, delta.asks);
}

function readSide(book: LiveBook, side: BookSide): BookLevel[] {
  return side.prices.map((p, i) => [formatUnits(p, book.priceDecimals), formatUnits(side.qtys[i]!, book.qtyDecimals)]);
}

/** The book as sorted levels, best price first, every price and quantity with the book's decimals, and the step when known. */
export function readBook(book: LiveBook): DepthBook {
  const out: DepthBook = { bids: readSide(book, book.bids), asks: readSide(book, book.asks) };
  if (book.hasStep) out.step = formatUnits(book.stepUnits, book.priceDecimals);
  return out;
}

/** One grouped row in integer units: its price, quantity and the cumulative quantity from the best row. */
export interface GroupedRow {
  price: number;
  qty: number;
  total: number;
}

/**
 * The best `rows` groups of a side. Bids group down to a multiple of `groupUnits` (floor), asks
 * up (ceil), so a grouped row never claims a better price than its orders have.
 */
export function groupSide(side: BookSide, groupUnits: number, rows: number): GroupedRow[] {
  const out: GroupedRow[] = [];
  let total = 0;
  const { prices, qtys, descending } = side;
  for (let i = 0; i < prices.length; i++) {
    const p = prices[i]!;
    const bucket = descending ? Math.floor(p / groupUnits) * groupUnits : Math.ceil(p / groupUnits) * groupUnits;
    const last = out[out.length - 1];
    total += qtys[i]!;
    if (last && last.price === bucket) {
      last.qty += qtys[i]!;
      last.total = total;
    } else {
      if (out.length === rows) break;
      out.push({ price: bucket, qty: qtys[i]!, total });
    }
  }
  return out;
}

/** One row of the order book as the UI shows it. */
export interface BookRowView {
  /** The row's price as a plain decimal (`"67250.50"`): what a tap puts in the order form. */
  price: string;
  priceText: string;
  qtyText: string;
  /** Cumulative quantity from the best row to this one. */
  totalText: string;
  /** `total` over the larger side's total of the rows shown, 0..1 in steps of 1/500: the shading's width (display only). */
  ratio: number;
}

/** A book grouped and written for display, 20 rows a side (fewer only when the book is thinner). */
export interface BookView {
  /** The grouping shown, as a multiple of `step`. */
  group: number;
  /** The book's finest price step, plain (`"0.50"`); the groupings offered are multiples of it. */
  step: string;
  /** The price of each grouping offered, written for display (`["0.50", "5.00", "50.00"]`). */
  groupTexts: string[];
  /** Best first. */
  bids: BookRowView[];
  /** Best (lowest) first. */
  asks: BookRowView[];
  /** Best ask minus best bid, written, or `""` when a side is empty. */
  spreadText: string;
}

export interface BookViewOptions {
  group: number;
  rows: number;
  groups: readonly number[];
  /** Decimals to show prices with (the pair's), at least the book's own. */
  priceDecimals?: number;
  lang?: Lang;
}

/** Writes integer units with `decimals`, shown with at least `show` decimals, in the language's format. */
function unitsText(units: number, decimals: number, lang: Lang, show = decimals): string {
  const extra = Math.max(0, show - decimals);
  return localizeDecimal(formatUnits(units * POW10[extra]!, decimals + extra), lang);
}

/** The shading's resolution: a ratio is a multiple of 1 / RATIO_STEPS. */
const RATIO_STEPS = 500;

/** Groups, cumulates and writes a book for display (integer math only; the ratio is for drawing). */
export function buildBookView(book: LiveBook, options: BookViewOptions): BookView {
  const lang = options.lang ?? DEFAULT_LANG;
  const pd = book.priceDecimals;
  const show = Math.max(pd, options.priceDecimals ?? 0);
  const groupUnits = book.stepUnits * options.group;
  const bids = groupSide(book.bids, groupUnits, options.rows);
  const asks = groupSide(book.asks, groupUnits, options.rows);
  const max = Math.max(bids.at(-1)?.total ?? 0, asks.at(-1)?.total ?? 0, 1);
  const write = (r: GroupedRow): BookRowView => ({
    price: formatUnits(r.price * POW10[show - pd]!, show),
    priceText: unitsText(r.price, pd, lang, show),
    qtyText: unitsText(r.qty, book.qtyDecimals, lang),
    totalText: unitsText(r.total, book.qtyDecimals, lang),
    // In steps of 1/500 (under a pixel of a bar): a row whose size moved less keeps its view.
    ratio: Math.round((r.total / max) * RATIO_STEPS) / RATIO_STEPS,
  });
  const bestBid = book.bids.prices[0];
  const bestAsk = book.asks.prices[0];
  return {
    group: options.group,
    step: formatUnits(book.stepUnits, pd),
    groupTexts: options.groups.map((g) => unitsText(book.stepUnits * g, pd, lang, show)),
    bids: bids.map(write),
    asks: asks.map(write),
    spreadText: bestBid !== undefined && bestAsk !== undefined ? unitsText(bestAsk - bestBid, pd, lang, show) : '',
  };
}
