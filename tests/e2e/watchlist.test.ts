/**
 * The watchlist in the browser: a star on the pair screen and on market rows,
 * the favorites tabs of the trade hub and the market page (with their empty state), unstarring,
 * signed out asking to log in, and the search's recent queries. Everything is checked on lasting
 * state (the rows, aria-pressed, the server's list), never on a toast.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { api, base, registerByApi, signInWith } from './helpers';

const MARKET_FAVORITES = '/#/pages/market/market?category=favorites';
const HUB_FAVORITES = '/#/pages/transaction/index?tab=favorites';

const rowsOf = (page: Page, list: string) =>
  page.locator(`[data-testid="${list}"] [data-symbol]`).evaluateAll((els) => els.map((el) => el.getAttribute('data-symbol')));
const star = (page: Page, scope: string, symbol: string) => page.locator(`${scope} [data-star="${symbol}"]`).first();

describe('watchlist', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  const serverList = async () => (await api('/optional/list', {}, token)).map((e) => e.symbol);

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(`watch${Date.now()}@example.com`, 'Passw0rd!');
  });
  afterAll(() => browser.close());

  it('signed out, the favorites tab and a star ask to log in', async () => {
    await page.goto(`${base}${MARKET_FAVORITES}`);
    await expect.poll(() => page.getByTestId('favorites-empty').textContent(), { timeout: 20_000 }).toContain('Log in');
    await page.goto(`${base}/#/pages/market/market`);
    await expect.poll(() => page.locator('[data-testid="market-list"] [data-star="BTC/USDT"]').count(), { timeout: 20_000 }).toBe(1);
    await star(page, '[data-testid="market-list"]', 'BTC/USDT').click();
    await expect.poll(() => page.url()).toContain('/pages/common/login?redirect=');
  });

  it('stars a pair on its screen and on the market list, finds both in the favorites tabs, newest first, and unstars them', async () => {
    await signInWith(page, token, MARKET_FAVORITES);
    // Signed in with nothing starred: the empty state with its hint.
    await expect.poll(() => page.getByTestId('favorites-empty').textContent(), { timeout: 20_000 }).toContain('Tap ☆ on a pair');
    await shot(page, 'watchlist-empty-en');

    // The pair screen's star.
    await page.goto(`${base}/#/pages/transaction/contract?symbol=BTC%2FUSDT`);
    const headerStar = star(page, '', 'BTC/USDT');
    await expect.poll(() => headerStar.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('false');
    await headerStar.click();
    await expect.poll(() => headerStar.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(serverList).toEqual(['BTC/USDT']);

    // A market row's star.
    await page.goto(`${base}/#/pages/market/market?category=crypto`);
    const rowStar = star(page, '[data-testid="market-list"]', 'ETH/USDT');
    await expect.poll(() => rowStar.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('false');
    // BTC, starred on its screen, shows starred here too.
    await expect.poll(() => star(page, '[data-testid="market-list"]', 'BTC/USDT').getAttribute('aria-pressed')).toBe('true');
    await rowStar.click();
    await expect.poll(() => rowStar.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(serverList).toEqual(['ETH/USDT', 'BTC/USDT']);

    // The hub's favorites tab and the market page's, newest first, kept across a reload.
    await page.goto(`${base}${HUB_FAVORITES}`);
    await page.reload();
    await expect.poll(() => rowsOf(page, 'hub-list'), { timeout: 20_000 }).toEqual(['ETH/USDT', 'BTC/USDT']);
    await shot(page, 'watchlist-hub-en');
    await page.goto(`${base}${MARKET_FAVORITES}`);
    await expect.poll(() => rowsOf(page, 'market-list'), { timeout: 20_000 }).toEqual(['ETH/USDT', 'BTC/USDT']);
    await shot(page, 'watchlist-market-en');

    // Unstar one on the market's favorites tab, the other on the hub's: the empty state again.
    await star(page, '[data-testid="market-list"]', 'ETH/USDT').click();
    await expect.poll(() => rowsOf(page, 'market-list')).toEqual(['BTC/USDT']);
    await page.goto(`${base}${HUB_FAVORITES}`);
    await expect.poll(() => rowsOf(page, 'hub-list'), { timeout: 20_000 }).toEqual(['BTC/USDT']);
    await star(page, '[data-testid="hub-list"]', 'BTC/USDT').click();
    await expect.poll(() => page.getByTestId('favorites-empty').isVisible()).toBe(true);
    await expect.poll(serverList).toEqual([]);
  });

  it('keeps recent searches on the device (newest first), reuses one on tap and clears them', async () => {
    await page.goto(`${base}/#/pages/market/search`);
    expect(await page.getByTestId('recent-searches').count()).toBe(0);
    for (const [query, symbol] of [
      ['sol', 'SOL/USDT'],
      ['aapl', 'AAPL/USD'],
    ] as const) {
      await page.goto(`${base}/#/pages/market/search`);
      await page.locator('input[name="q"]').fill(query);
      await expect
        .poll(() => page.locator(`[data-testid="search-results"] [data-symbol="${symbol}"]`).count(), { timeout: 20_000 })
        .toBe(1);
      // A result has its star too.
      expect(await page.locator(`[data-testid="search-results"] [data-star="${symbol}"]`).count()).toBe(1);
      await page.locator(`[data-testid="search-results"] [data-symbol="${symbol}"]`).click();
      await expect.poll(() => page.url()).toContain('/pages/transaction/contract');
    }
    await page.goto(`${base}/#/pages/market/search`);
    await page.reload();
    const chips = () => page.locator('[data-testid="recent-searches"] button:not([aria-label])').allTextContents();
    await expect.poll(chips, { timeout: 20_000 }).toEqual(['aapl', 'sol']);
    await shot(page, 'watchlist-search-en');
    await page.locator('[data-testid="recent-searches"] button', { hasText: 'sol' }).click();
    await expect.poll(() => page.locator('input[name="q"]').inputValue()).toBe('sol');
    await page.locator('input[name="q"]').fill('');
    await page.locator('[data-testid="recent-searches"] button[aria-label]').click();
    await expect.poll(() => page.getByTestId('recent-searches').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.locator('[data-testid="search-results"], main h2').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('recent-searches').count()).toBe(0);
  });

  it.each(['zh', 'vi'])('reads in %s (screenshots)', async (lang) => {
    await api('/optional/add', { match_id: '1' }, token);
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.goto(`${base}${HUB_FAVORITES}`);
    await page.reload();
    await expect.poll(() => rowsOf(page, 'hub-list'), { timeout: 20_000 }).toEqual(['BTC/USDT']);
    const label = await star(page, '[data-testid="hub-list"]', 'BTC/USDT').getAttribute('aria-label');
    expect(label).toBe(lang === 'zh' ? '取消自选' : 'Bỏ khỏi yêu thích');
    await shot(page, `watchlist-hub-${lang}`);
    await api('/optional/del', { match_id: '1' }, token);
    await page.goto(`${base}${MARKET_FAVORITES}`);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('favorites-empty').textContent(), { timeout: 20_000 })
      .toContain(lang === 'zh' ? '点击交易对上的 ☆' : 'Chạm ☆');
    await shot(page, `watchlist-empty-${lang}`);
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
  });
});
