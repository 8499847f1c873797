/**
 * Where the compact book's rows sit on its canvas, in CSS pixels: the asks above (best ask at
 * the bottom of its block, next to the price), the last price in the middle, the bids below
 * (best bid at the top). One function places a row for drawing and finds the row under a tap,
 * so a tap always picks the row that was drawn there.
 */

/** A compact book row's height in CSS pixels. */
export const BOOK_ROW_PX = 21;
/** The middle band: the last price and its fiat line. */
export const BOOK_MID_PX = 40;

/** The canvas height for `rows` a side. */
export const bookHeight = (rows: number): number => 2 * rows * BOOK_ROW_PX + BOOK_MID_PX;

export type BookSideName = 'bid' | 'ask';

/** The top edge of row `index` (0: best) of `side`. */
export function bookRowTop(side: BookSideName, index: number, rows: number): number {
  return side === 'ask' ? (rows - 1 - index) * BOOK_ROW_PX : rows * BOOK_ROW_PX + BOOK_MID_PX + index * BOOK_ROW_PX;
}

/** The row under `y` (CSS pixels from the canvas's top), or null for the middle band and outside. */
export function bookRowAt(y: number, rows: number): { side: BookSideName; index: number } | null {
  if (!(y >= 0)) return null;
  const asksEnd = rows * BOOK_ROW_PX;
  if (y < asksEnd) return { side: 'ask', index: rows - 1 - Math.floor(y / BOOK_ROW_PX) };
  const bidsTop = asksEnd + BOOK_MID_PX;
  if (y < bidsTop) return null;
  const index = Math.floor((y - bidsTop) / BOOK_ROW_PX);
  return index < rows ? { side: 'bid', index } : null;
}
