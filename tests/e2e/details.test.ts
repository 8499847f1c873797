/**
 * Issue 32 item 9's smaller findings, each on the screen where a new user met it: the market
 * search finds pairs by name; the options form shows no "+-8 USDT" for a negative stake; Contact
 * us leads into the support chat instead of saying it "is being built".
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { base, registerByApi, signInWith } from './helpers';

const POLL = { timeout: 20_000 };

describe('details a new user met', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    const token = await registerByApi(`details${Date.now()}@example.com`, 'Passw0rd!');
    await signInWith(page, token, '/#/pages/market/search');
  });
  afterAll(() => browser?.close());

  it('finds pairs by the name of their asset', async () => {
    await page.goto(`${base}/#/pages/market/search`);
    const field = page.locator('input[name="q"]');
    const found = () =>
      page.locator('[data-testid="search-results"] [data-symbol]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol')));
    for (const [query, symbols] of [
      ['bitcoin', ['BTC/USDT', 'BCH/USDT']],
      ['apple', ['AAPL/USD']],
      ['gold', ['XAU/USD']],
    ] as const) {
      await field.fill(query);
      await expect.poll(found, POLL).toEqual(symbols);
    }
    await shot(page, 'search-by-name-en');
  });

  it('shows no expected profit for a stake of zero or less', async () => {
    await page.goto(`${base}/#/pages/transaction/index2?symbol=BTC%2FUSDT`);
    const stake = page.getByTestId('options-stake');
    await stake.fill('100');
    await expect.poll(() => page.getByTestId('options-expected').textContent(), POLL).toMatch(/^\+\d+(\.\d+)? USDT$/);
    for (const typed of ['-10', '0', '-0.5']) {
      await stake.fill(typed);
      await expect.poll(() => page.getByTestId('options-expected').textContent(), POLL).toBe('--');
    }
  });

  it('leads from Contact us into the support chat', async () => {
    await page.goto(`${base}/#/pages/common/contactus`);
    await expect.poll(() => page.locator('main').textContent(), POLL).toContain('support@kestrel.local');
    expect(await page.locator('main').textContent()).not.toContain('being built');
    await page.getByTestId('contact-chat').click();
    await expect.poll(() => page.url(), POLL).toContain('/pages/kefu/index');
  });
});
