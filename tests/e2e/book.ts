/**
 * The trading screen's compact book as a test sees it: drawn by the worker on a canvas (its live
 * region says the best prices) or, where a canvas cannot be handed over, as DOM rows.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { BOOK_ROW_PX, bookRowTop, type BookSideName } from '../../domain/market/bookLayout';

/** Rows a side of the compact book (src/ui/trading/book/CompactBook.tsx). */
export const BOOK_ROWS = 8;

/** True once the book shows live data: the live region has figures, or the DOM rows are there. */
export const bookLiveNow = (page: Page): Promise<boolean> =>
  page.evaluate((rows) => {
    const book = document.querySelector('[data-testid="order-book"]');
    if (!book) return false;
    if (book.getAttribute('data-paint') === 'dom') return document.querySelectorAll('[data-testid="book-bid"]').length === rows;
    return /\d/.test(document.querySelector('[data-testid="book-glance"]')?.textContent ?? '');
  }, BOOK_ROWS);

/** Waits until the book shows live data. */
export async function bookLive(page: Page, timeout = 30_000): Promise<void> {
  await expect.poll(() => bookLiveNow(page), { timeout }).toBe(true);
}

/** What the live region says now (best bid, best ask, spread, last trade), or the DOM book's top rows. */
export const topOfBook = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const glance = document.querySelector('[data-testid="book-glance"]');
    if (glance) return glance.textContent ?? '';
    return ['book-bid', 'book-ask'].map((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').join(' | ');
  });

/** Taps row `index` (0: best) of `side` on the drawn book, where the worker drew it. */
export async function tapBookRow(page: Page, side: BookSideName, index: number): Promise<void> {
  await page.getByTestId('book-canvas').click({ position: { x: 30, y: bookRowTop(side, index, BOOK_ROWS) + BOOK_ROW_PX / 2 } });
}
