/**
 * Every route the app declares: a signed-in user opens each page in turn and none
 * shows the error screen or the "function under development" placeholder. Then the pages built
 * for it: webView refuses a non-http(s) address and shows the download guide, the location
 * picker fills the bank card form's province/city, the map card shows the place.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/routes';
import { launch, phone, shot } from './browser';
import { api, base, registerByApi, signInWith } from './helpers';

const email = `routes${Date.now()}@example.com`;
const POLL = { timeout: 20_000 };

describe('every route in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    page.on('pageerror', (e) => errors.push(e.message));
    const token = await registerByApi(email, 'routes-secret');
    const notice = await api('/news/index_pop', {});
    await signInWith(page, token);
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
  });
  afterAll(() => browser?.close());

  /** Opens `route` and waits until its page has drawn something in <main>. */
  const open = async (route: string) => {
    await page.goto(`${base}/#${route}`);
    await page.waitForFunction(() => (document.querySelector('main')?.textContent ?? '').trim().length > 0, undefined, POLL);
  };

  it('opens every page without an error screen or the placeholder', async () => {
    const bad: string[] = [];
    for (const route of ROUTES) {
      await open(route.path);
      // Settled: nothing in <main> still loading (a failed load has put up its error screen by then).
      await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"], main [data-skeleton]'), undefined, POLL);
      const text = await page.locator('main').innerText();
      const placeholder = await page.locator('[data-testid="under-development"]').count();
      if (placeholder || /Something went wrong|This page could not be loaded/.test(text)) bad.push(route.path);
    }
    expect(bad).toEqual([]);
    expect(errors).toEqual([]);
  }, 300_000);

  it('webView refuses a non-http(s) address and shows the download guide', async () => {
    await open('/pages/common/webView?url=javascript%3Aalert(1)');
    await expect.poll(() => page.locator('[data-testid="webview-refused"]').count(), POLL).toBe(1);
    await open('/pages/common/webView?url=https%3A%2F%2Fexample.com%2F&title=Example');
    await expect.poll(() => page.locator('[data-testid="webview-frame"]').getAttribute('src'), POLL).toBe('https://example.com/');
    expect(await page.locator('[data-testid="webview-open"]').getAttribute('href')).toBe('https://example.com/');
    await open('/pages/common/webView?page=download');
    await expect.poll(() => page.locator('[data-testid="download-guide"] svg').count(), POLL).toBe(6);
    await shot(page, 'routes-download');
  });

  it('the location picker fills the bank card province/city and the map card shows a place', async () => {
    await open('/pages/setting/bank');
    await page.locator('[data-testid="bank-choose-location"]').click();
    await page.waitForURL(/choose-location/, POLL);
    await page.getByRole('tab', { name: /Japan/ }).click();
    await page.locator('[data-testid="location-region"]', { hasText: 'Osaka' }).click();
    await page.locator('[data-testid="location-city"]', { hasText: 'Osaka' }).click();
    await page.waitForURL(/setting\/bank/, POLL);
    await expect.poll(() => page.locator('input[name="province_city"]').inputValue(), POLL).toBe('Osaka');
    await open('/pages/system/open-location?country=FR&region=Occitanie&city=Toulouse');
    await expect.poll(() => page.locator('[data-testid="location-name"]').textContent(), POLL).toBe('Toulouse');
    await shot(page, 'routes-location');
  });
});
