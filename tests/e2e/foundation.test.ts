import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phone, shot } from './browser';

const base = inject('baseUrl');
const email = `e2e${Date.now()}@example.com`;
const password = 'e2e-secret';

async function latestCode(to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const list = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { code: string }[];
    if (list[0]) return list[0].code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${to}`);
}

describe('foundation in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
  });
  afterAll(() => browser?.close());

  it('registers with the emailed code, which signs in, and logs in again later', async () => {
    await page.goto(`${base}/#/pages/common/register`);
    await page.getByPlaceholder('Email address').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByText(/Resend in \d+s/).count()).toBe(1);
    await page.getByPlaceholder('Verification code').fill(await latestCode(email));
    await page.getByPlaceholder('Password (6–64 characters)').fill(password);
    await page.getByPlaceholder('Confirm password').fill(password);
    await shot(page, 'register');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    // Registering signs the new user in and lands on home.
    await page.waitForURL(/#\/pages\/index\/index$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // Later, on a device without the session: the login page.
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(`${base}/#/pages/common/login`);
    await page.reload();
    await page.getByPlaceholder('Email or phone number').fill(email);
    await page.getByPlaceholder('Password', { exact: true }).fill(password);
    await shot(page, 'login');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/#\/pages\/index\/index$/);
  });

  it('opens a page by its path in any letter case and with a trailing slash, and says when no page has the path', async () => {
    // The router matches as react-router does (src/App.tsx `routeFor`): case aside, slashes at the end aside.
    await page.goto(`${base}/#/pages/market/MARKET/`);
    await expect.poll(() => page.locator('[data-testid="market-list"] [data-symbol]').count()).toBeGreaterThan(3);
    await page.goto(`${base}/#/pages/market/no-such-page`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Page not found' }).count()).toBe(1);
    await page.goto(`${base}/#/pages/index/index`);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Page not found' }).count()).toBe(0);
  });

  it('shows live prices on home that change while you watch', async () => {
    const card = page.locator('[data-symbol="BTC/USDT"]').first();
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toMatch(/\d,\d{3}\.\d{2}/);
    const first = await card.textContent();
    await expect
      .poll(async () => (await page.locator('[data-symbol]').allTextContents()).join('|'), { timeout: 20_000 })
      .not.toContain(first!);
    await expect.poll(() => page.locator('[data-testid="top-movers"] [data-symbol]').count()).toBeGreaterThan(3);
    await expect.poll(() => page.locator('[data-shortcut]').count()).toBe(24);
    await shot(page, 'home');
  });

  // Before the tabs are used: the notice is a modal sheet, and the page behind it is inert until it is read.
  it('shows the popup notice once, until dismissed', async () => {
    await page.goto(`${base}/#/pages/index/index`);
    await expect.poll(() => page.getByTestId('notice-popup').count()).toBe(1);
    await shot(page, 'home-notice');
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect.poll(() => page.getByTestId('notice-popup').count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.locator('[data-symbol="BTC/USDT"]').first().textContent()).toMatch(/\d/);
    expect(await page.getByTestId('notice-popup').count()).toBe(0);
  });

  it('lists the market virtually and scrolls to the last symbol', async () => {
    await page.locator('[data-tab="market"]').click();
    await page.waitForURL(/#\/pages\/market\/market/);
    const list = page.locator('[data-testid="market-list"]');
    await expect.poll(() => list.locator('[data-symbol]').count()).toBeGreaterThan(5);
    const rendered = await list.locator('[data-symbol]').count();
    const crypto = (await (await fetch(`${base}/api/currency/quotation_new`)).json()).message.filter(
      (t: { category: string }) => t.category === 'crypto',
    );
    expect(rendered).toBeLessThan(crypto.length);
    const last = crypto.at(-1).symbol as string;
    await expect(list.locator(`[data-symbol="${last}"]`).count()).resolves.toBe(0);
    await page.locator('[data-testid="market-list"]').evaluate((el) => el.parentElement!.scrollTo({ top: el.parentElement!.scrollHeight }));
    await expect.poll(() => list.locator(`[data-symbol="${last}"]`).isVisible()).toBe(true);
    await shot(page, 'market-bottom');

    await page.getByRole('tab', { name: 'Stocks' }).click();
    await expect.poll(() => list.locator('[data-symbol="AAPL/USD"]').count()).toBe(1);
    await shot(page, 'market-stocks');
  });

  it('searches pairs', async () => {
    await page.goto(`${base}/#/pages/market/search`);
    await page.getByPlaceholder('Search pairs, e.g. BTC').fill('eth');
    await expect
      .poll(() =>
        page.locator('[data-testid="search-results"] [data-symbol]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol'))),
      )
      // The symbol's match first, then Ethereum Classic by its name.
      .toEqual(['ETH/USDT', 'ETC/USDT']);
  });

  it('re-renders in Chinese when the language changes, and remembers it', async () => {
    await page.goto(`${base}/#/pages/index/index`);
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('button', { name: '简体中文' }).click();
    await expect.poll(() => page.locator('[data-tab="market"]').textContent()).toBe('行情');
    await expect.poll(() => page.getByText('涨幅榜').count()).toBeGreaterThan(0);
    // Server content follows the language too: the notice is the newest article, now in Chinese.
    await expect.poll(() => page.locator('a[href*="common/article"]').first().textContent()).toMatch(/[\u4e00-\u9fff]/);
    await shot(page, 'home-zh');
    await page.reload();
    await expect.poll(() => page.locator('[data-tab="home"]').textContent()).toBe('首页');
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.locator('[data-tab="home"]').textContent()).toBe('Home');
  });

  it('does not write back, as it starts, a language chosen meanwhile elsewhere', async () => {
    const other = await phone(browser);
    await other.goto(`${base}/#/pages/index/index`);
    await other.evaluate(() => localStorage.setItem('lang', 'th'));
    // The app restarts in Thai; its Thai texts are held until English has been chosen meanwhile
    // (in another tab, or by a test): the start must not then store the Thai it read.
    // Every request passes through the handler until the page closes; only the Thai text files
    // (dist/assets/locales-<hash>/th/, server/http/localeAssets.ts) asked for before the release wait
    // for it (a route is continued once, by the handler).
    const held: (() => void)[] = [];
    let holding = true;
    await other.route('**/assets/locales-*/th/*.json', async (route) => {
      if (holding) await new Promise<void>((release) => held.push(release));
      await route.continue();
    });
    const reloaded = other.reload();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await other.evaluate(() => localStorage.setItem('lang', 'en'));
    holding = false;
    for (const release of held) release();
    await reloaded;
    await expect.poll(() => other.locator('[data-tab="market"]').textContent()).toMatch(/[\u0e00-\u0e7f]/);
    expect(await other.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await other.close();
  });

  it('logs out from the settings page, after which account pages ask to log in', async () => {
    await page.getByTestId('account-button').click();
    await page.waitForURL(/#\/pages\/setting\/setting/);
    await expect.poll(() => page.getByTestId('profile-nickname').textContent()).toBeTruthy();
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-confirm-button').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${base}/#/pages/fund/assets`);
    await expect.poll(() => page.getByText('Please log in first').count()).toBe(1);
    await page.waitForURL(/#\/pages\/common\/login\?redirect=/);
  });
});
