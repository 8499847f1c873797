import { Decimal } from '../../domain/decimal';
import type { BookLevel, DepthBook } from '../../domain/market/types';

/** A book side keyed by price string. */
export type BookSide = Map<string, string>;

export interface LiveBook {
  bids: BookSide;
  asks: BookSide;
}

/** A live book from a snapshot. */
export function createBook(snapshot: DepthBook): LiveBook {
  return { bids: new Map(snapshot.bids), asks: new Map(snapshot.asks) };
}

function applySide(side: BookSide, levels: readonly BookLevel[]): void {
  for (const [price, qty] of levels) {
    if (new Decimal(qty).isZero()) side.delete(price);
    else side.set(price, qty);
  }
}

/** Applies a delta: each level replaces the quantity at its price; quantity 0 removes the level. */
export function applyDepthDelta(book: LiveBook, delta: DepthBook): void {
  applySide(book.bids, delta.bids);
  applySide(book.asks, delta.asks);
}

function sortSide(side: BookSide, descending: boolean): BookLevel[] {
  const levels = [...side.entries()];
  levels.sort((a, b) => (descending ? new Decimal(b[0]).cmp(a[0]) : new Decimal(a[0]).cmp(b[0])));
  return levels;
}

/** The book as sorted levels, best price first on each side. */
export function readBook(book: LiveBook): DepthBook {
  return { bids: sortSide(book.bids, true), asks: sortSide(book.asks, false) };
}
