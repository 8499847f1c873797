/**
 * The trading screen's book, depth and tape drawn by the worker (OffscreenCanvas): a tapped row
 * fills the form with the price the worker drew there, the live region keeps a screen reader
 * told, the DOM book takes over where a canvas cannot be handed to a worker, and the trader's
 * layout (form beside the book, Long/Short above the fold) holds in five languages.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_MID_PX, BOOK_ROW_PX } from '../../domain/market/bookLayout';
import { BOOK_ROWS, bookLive, tapBookRow } from './book';
import { launch, phone, shot } from './browser';
import { base, opsCli, registerByApi, signInWith } from './helpers';

const CONTRACT = '/#/pages/transaction/contract?symbol=BTC/USDT';

/** Bytes of a PNG of the element: a blank box compresses to almost nothing, a drawing does not. */
const drawnBytes = async (page: Page, testId: string) => (await page.getByTestId(testId).screenshot()).length;

describe('the worker-drawn book, depth and tape', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    const email = `book-canvas-${Date.now()}@example.com`;
    token = await registerByApi(email, 'book-canvas-secret');
    expect(await opsCli('credit', email, 'lever', 'USDT', '2000', 'e2e', 'book canvas')).toContain('credit #');
  });
  afterAll(() => browser.close());

  it('draws the book, and a tapped row fills the order form with the price drawn there', async () => {
    await signInWith(page, token, CONTRACT);
    await bookLive(page);
    expect(await page.getByTestId('order-book').getAttribute('data-paint')).toBe('worker');
    // No DOM rows: the book is one canvas with a role and a name.
    expect(await page.getByTestId('book-bid').count()).toBe(0);
    expect(await page.getByTestId('book-canvas').getAttribute('role')).toBe('img');
    expect(await page.getByTestId('book-canvas').getAttribute('aria-label')).toMatch(/Order book/);
    await expect.poll(() => drawnBytes(page, 'book-canvas'), { timeout: 20_000 }).toBeGreaterThan(4000);

    await page.getByTestId('order-limit').click();
    await tapBookRow(page, 'ask', 0);
    await expect.poll(() => page.getByTestId('book-canvas').getAttribute('data-picked')).toMatch(/^\d+\.\d{2}$/);
    const picked = await page.getByTestId('book-canvas').getAttribute('data-picked');
    await expect.poll(() => page.getByTestId('order-price').inputValue()).toBe(picked);
    // The middle band is the last price, not a row: a tap there picks nothing new.
    await page.getByTestId('book-canvas').click({ position: { x: 30, y: BOOK_ROWS * BOOK_ROW_PX + BOOK_MID_PX / 2 } });
    expect(await page.getByTestId('order-price').inputValue()).toBe(picked);
    await shot(page, 'book-canvas-en');
  });

  it('tells a screen reader the best prices, spread and last trade, and keeps telling it', async () => {
    const glance = page.getByTestId('book-glance');
    expect(await glance.getAttribute('aria-live')).toBe('polite');
    const pattern = /^Best bid [\d,.]+, best ask [\d,.]+, spread [\d,.]+, last trade [\d,.]+$/;
    await expect.poll(() => glance.textContent(), { timeout: 20_000 }).toMatch(pattern);
    const first = await glance.textContent();
    // The simulated market moves: the region follows it (at most once a second).
    await expect.poll(() => glance.textContent(), { timeout: 60_000 }).not.toBe(first);
    expect(await glance.textContent()).toMatch(pattern);
  });

  it('draws the depth chart and the tape in the panel', async () => {
    await page.getByRole('tab', { name: 'Depth' }).click();
    await expect.poll(() => page.getByTestId('depth-canvas').count()).toBe(1);
    expect(await page.getByTestId('depth-canvas').getAttribute('aria-label')).toMatch(/Depth chart/);
    await expect.poll(() => drawnBytes(page, 'depth-canvas'), { timeout: 20_000 }).toBeGreaterThan(4000);
    await shot(page, 'book-depth-en');
    await page.getByRole('tab', { name: 'Trades' }).click();
    await expect.poll(() => page.getByTestId('tape-canvas').count()).toBe(1);
    await expect.poll(() => drawnBytes(page, 'tape-canvas'), { timeout: 20_000 }).toBeGreaterThan(4000);
    await shot(page, 'book-tape-en');
    await page.getByTestId('panel-toggle').click();
  });

  it('keeps Long/Short above the fold beside the book in five languages', async () => {
    for (const lang of ['en', 'zh', 'vi', 'th', 'jp']) {
      await page.goto(base + CONTRACT);
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.reload();
      await bookLive(page);
      const layout = await page.evaluate(() => {
        const box = (id: string) => document.querySelector(`[data-testid="${id}"]`)!.getBoundingClientRect();
        const form = box('order-form');
        const book = box('order-book');
        return {
          long: box('order-side-long').bottom,
          submit: box('order-submit').bottom,
          beside: book.left >= form.right - 1 && book.top < form.bottom,
          overflow: document.documentElement.scrollWidth - window.innerWidth,
        };
      });
      expect(layout.beside, lang).toBe(true);
      expect(layout.overflow, lang).toBeLessThanOrEqual(0);
      expect(layout.long, lang).toBeLessThanOrEqual(844);
      expect(layout.submit, lang).toBeLessThanOrEqual(844);
      await shot(page, `book-layout-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
  });
});

describe('where a canvas cannot be handed to a worker', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('renders the same book as DOM rows, and a tapped row still fills the form', async () => {
    const page = await phone(browser);
    await page.addInitScript(() => {
      // As a browser without OffscreenCanvas hand-over.
      delete (HTMLCanvasElement.prototype as { transferControlToOffscreen?: unknown }).transferControlToOffscreen;
    });
    await page.goto(base + CONTRACT);
    await bookLive(page);
    expect(await page.getByTestId('order-book').getAttribute('data-paint')).toBe('dom');
    expect(await page.getByTestId('book-canvas').count()).toBe(0);
    await expect.poll(() => page.getByTestId('book-ask').count()).toBe(BOOK_ROWS);
    // Each row is a button a screen reader names.
    expect(await page.getByTestId('book-bid').first().textContent()).toMatch(/^Bid: price [\d,.]+, size [\d.]+ BTC/);
    // The row's price and the tap in one turn: the book moves.
    const price = await page
      .getByTestId('book-ask')
      .nth(BOOK_ROWS - 2)
      .evaluate((el) => {
        (el as HTMLElement).click();
        return el.getAttribute('data-price');
      });
    await expect.poll(() => page.getByTestId('order-price').inputValue()).toBe(price);
    await page.getByRole('tab', { name: 'Depth' }).click();
    await expect.poll(() => page.getByTestId('depth-chart').count(), { timeout: 20_000 }).toBe(1);
    await page.getByRole('tab', { name: 'Trades' }).click();
    await expect.poll(() => page.getByTestId('trade-tape').count()).toBe(1);
    await shot(page, 'book-dom-en');
  });
});
