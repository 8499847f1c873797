import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { BOOK_ROWS, bookLive, tapBookRow } from './book';
import { api, base } from './helpers';
import { startServerProcess, type ServerProcess } from './serverProcess';

/** What the chart holds: its bar count and first bar's time (the legend carries them). */
async function chartBars(page: Page): Promise<{ count: number; first: number }> {
  const legend = page.getByTestId('chart-legend');
  return { count: Number(await legend.getAttribute('data-bars')), first: Number(await legend.getAttribute('data-first')) };
}

describe('the trade screen', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
  });
  afterAll(() => browser.close());

  it('opens from the market list with a live chart, switches period, groups the book, fills the form and switches pair', async () => {
    await page.goto(`${base}/#/pages/market/market`);
    await page.locator('[data-testid="market-list"] [data-symbol="BTC/USDT"]').click();
    await expect.poll(() => page.url()).toContain('/pages/transaction/contract?symbol=BTC%2FUSDT');
    await expect.poll(() => page.getByTestId('pair-switch').textContent()).toContain('BTC/USDT');

    // The panel above the form is closed at first: the form and the book are above the fold.
    await bookLive(page);
    expect(await page.getByTestId('panel-toggle').getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('[data-testid="chart"]').count()).toBe(0);
    await page.getByTestId('panel-toggle').click();

    // The chart draws on canvases, with history.
    await expect.poll(() => page.locator('[data-testid="chart"] canvas').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await chartBars(page)).count, { timeout: 20_000 }).toBeGreaterThan(10);

    // Another period is another bar set.
    await page.locator('[data-period="1min"]').click();
    await expect.poll(async () => (await page.locator('[data-period="1min"]').getAttribute('aria-selected')) === 'true').toBe(true);
    await expect.poll(async () => (await chartBars(page)).count, { timeout: 20_000 }).toBeGreaterThan(10);
    const minute = await chartBars(page);
    await page.locator('[data-period="1day"]').click();
    await expect.poll(async () => (await chartBars(page)).first, { timeout: 20_000 }).not.toBe(minute.first);
    await expect.poll(async () => (await chartBars(page)).count).toBeGreaterThan(0);
    const day = await chartBars(page);
    expect(day.first).toBeLessThan(minute.first);
    // Line mode keeps the chart (no re-creation), only the series shown changes.
    await page.getByTestId('chart-mode').click();
    await expect.poll(() => page.getByTestId('chart-mode').getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'trade-chart-en');
    // The panel stays open for the next visit.
    expect(await page.evaluate(() => localStorage.getItem('contract.panel'))).toBe('open');
    await page.getByTestId('panel-toggle').click();
    await expect.poll(() => page.locator('[data-testid="chart"]').count()).toBe(0);

    // The book, drawn by the worker: grouped ×10 (BTC's step is 0.50: groups of 5.00), a tapped row's
    // price is a multiple of the group, on whichever side was tapped.
    await page.getByTestId('book-grouping').selectOption('10');
    await expect.poll(() => page.getByTestId('book-grouping').inputValue()).toBe('10');
    await tapBookRow(page, 'ask', 3);
    await expect.poll(() => page.getByTestId('book-canvas').getAttribute('data-picked')).toMatch(/^\d+\.\d{2}$/);
    const grouped = Number(await page.getByTestId('book-canvas').getAttribute('data-picked'));
    expect(Math.round(grouped * 100) % 500, String(grouped)).toBe(0);
    await page.getByTestId('book-grouping').selectOption('1');
    await expect.poll(() => page.getByTestId('book-grouping').inputValue()).toBe('1');
    await shot(page, 'trade-book-en');

    // Tapping a price hands the price the worker drew there to the order form, which switches to a
    // limit order at it. Back to a market order first, so the price field the tap opens is this
    // tap's (the grouped tap above had already filled one), and the field and the drawn pick are
    // compared as read together (the worker answers a tap a moment later: CI once read the pick
    // before this tap's answer and compared the form with the grouped tap's).
    await page.getByTestId('order-market').click();
    await expect.poll(() => page.getByTestId('order-price').count()).toBe(0);
    await tapBookRow(page, 'bid', BOOK_ROWS - 1);
    await expect
      .poll(async () => {
        if ((await page.getByTestId('order-price').count()) === 0) return 'no price field yet';
        const value = await page.getByTestId('order-price').inputValue();
        const picked = await page.getByTestId('book-canvas').getAttribute('data-picked');
        return value === picked ? value : `${value} in the form, ${picked} picked`;
      })
      .toMatch(/^\d+\.\d{2}$/);

    // Switch the pair with the sheet's search.
    await page.getByTestId('pair-switch').click();
    await page.locator('input[name="pair"]').fill('eth');
    await page.locator('[data-testid="pair-sheet"] [data-symbol="ETH/USDT"]').click();
    await expect.poll(() => page.url()).toContain('symbol=ETH%2FUSDT');
    await expect.poll(() => page.getByTestId('pair-switch').textContent()).toContain('ETH/USDT');
    await bookLive(page);
    // The tapped price belonged to the other pair: the form starts afresh (a market order).
    await expect
      .poll(
        async () => (await page.getByTestId('order-price').count()) === 0 || (await page.getByTestId('order-price').inputValue()) === '',
      )
      .toBe(true);
  });

  it('looks right in Chinese and Vietnamese', async () => {
    for (const lang of ['zh', 'vi']) {
      await page.goto(`${base}/#/pages/transaction/contract?symbol=BTC/USDT`);
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.reload();
      await bookLive(page);
      await shot(page, `trade-${lang}-form`);
      // The panel opens as the trader last left it: open it if it is closed.
      if ((await page.getByTestId('panel-toggle').getAttribute('aria-expanded')) === 'false')
        await page.getByTestId('panel-toggle').click();
      await expect.poll(async () => (await chartBars(page)).count, { timeout: 20_000 }).toBeGreaterThan(10);
      await shot(page, `trade-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
  });

  it('the trade hub lists pairs by tab and opens a pair; the home stock shortcut filters to stocks', async () => {
    await page.goto(`${base}/#/pages/transaction/index`);
    await page.reload();
    await expect.poll(() => page.locator('[data-testid="hub-list"] [data-symbol]').count(), { timeout: 20_000 }).toBeGreaterThan(30);
    const notice = await api('/news/index_pop', {});
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
    await page.goto(`${base}/#/pages/index/index`);
    await page.locator('[data-shortcut="stock"]').click();
    await expect.poll(() => page.url()).toContain('tab=futures&category=stock');
    await expect.poll(() => page.locator('[data-testid="hub-list"] [data-symbol="AAPL/USD"]').count()).toBe(1);
    expect(await page.locator('[data-testid="hub-list"] [data-symbol="BTC/USDT"]').count()).toBe(0);
    await shot(page, 'trade-hub-en');
    await page.locator('[data-testid="hub-list"] [data-symbol="AAPL/USD"]').click();
    await expect.poll(() => page.getByTestId('pair-switch').textContent()).toContain('AAPL/USD');
  });
});

describe('when the server stops', () => {
  let browser: Browser;
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.stop(true);
    await browser?.close();
  });

  it('the pair screen shows the stale banner and dims its numbers', async () => {
    // A server of its own, so stopping it does not disturb the other tests.
    server = await startServerProcess('e2e-stale', { MARKET_HZ: '4', MARKET_HISTORY_DAYS: '1' });
    const { url, child: proc } = server;

    browser = await launch();
    const page = await phone(browser);
    await page.goto(`${url}/#/pages/transaction/contract?symbol=BTC/USDT`);
    await bookLive(page);
    expect(await page.getByTestId('stale-banner').count()).toBe(0);

    proc.kill('SIGKILL');
    await expect.poll(() => page.getByTestId('stale-banner').getAttribute('data-status'), { timeout: 30_000 }).toBe('stale');
    // The price, stats and book are dimmed (the transition takes 0.2 s).
    for (const id of ['pair-summary', 'order-book'])
      await expect
        .poll(() => page.getByTestId(id).evaluate((el) => Number(getComputedStyle(el.closest('section') ?? el).opacity)))
        .toBeLessThan(1);
    await shot(page, 'trade-stale-en');
  });
});
