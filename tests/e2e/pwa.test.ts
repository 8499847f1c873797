import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { base, registerByApi, signInWith } from './helpers';

/** The width and height a PNG declares in its IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** True once a service worker controls the page (it claims the page it was first installed from). */
const isControlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** The market list's rows that show a price. */
const pricedRows = (page: Page) =>
  page
    .locator('[data-testid="market-list"] [data-symbol] [data-testid="price"]')
    .evaluateAll((els) => els.filter((el) => /\d/.test(el.textContent ?? '')).length);

/** Opens the market list in a fresh phone context and waits until the service worker controls it and has kept the quotes. */
async function controlledMarket(browser: Browser): Promise<Page> {
  const page = await phone(browser, { serviceWorker: true });
  await page.goto(`${base}/#/pages/market/market`);
  await expect.poll(() => isControlled(page), { timeout: 180_000, interval: 500 }).toBe(true);
  // The app refreshes the kept market list when it goes to the background (and on each open): the
  // same read through the service worker's network-first route.
  await page.reload();
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          await fetch('/api/market/snapshot?topic=quotes');
          return (await caches.match('/api/market/snapshot?topic=quotes')) !== undefined;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect.poll(() => pricedRows(page), { timeout: 30_000 }).toBeGreaterThan(5);
  return page;
}

describe('the installable app', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('serves a valid manifest whose icons are reachable PNGs of their declared size, and the apple tags', async () => {
    const html = await (await fetch(`${base}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<meta name="theme-color" content="#0b0e14"');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');

    const res = await fetch(`${base}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      lang: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Kestrel',
      short_name: 'Kestrel',
      start_url: '/#/',
      scope: '/',
      display: 'standalone',
      lang: 'en',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((i) => `${i.sizes}:${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));

    const icons = [
      ...manifest.icons.map((i) => ({ src: i.src, sizes: i.sizes })),
      { src: '/icons/apple-touch-icon.png', sizes: '180x180' },
    ];
    for (const icon of icons) {
      const png = await fetch(new URL(icon.src, base));
      expect(png.status, icon.src).toBe(200);
      expect(png.headers.get('content-type'), icon.src).toBe('image/png');
      const { width, height } = pngSize(new Uint8Array(await png.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }

    // The service worker itself is always revalidated, so a new version is found on the next visit.
    const sw = await fetch(`${base}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it('registers a service worker that controls the page; offline, the app opens with the last known figures, marked stale', async () => {
    const page = await controlledMarket(browser);
    const context = page.context();
    try {
      // Priced rows can come from the kept snapshot before the socket has caught up (the badge says
      // "resyncing" meanwhile): wait for the live state rather than reading it once.
      await expect.poll(() => page.getByTestId('feed-status').getAttribute('data-status'), { timeout: 60_000, interval: 500 }).toBe('live');

      await context.setOffline(true);
      await page.reload();
      // The app shell came from the precache, the figures from the kept snapshot, and the badge says they are not live.
      await expect.poll(() => page.getByTestId('feed-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('stale');
      await expect.poll(() => pricedRows(page), { timeout: 30_000 }).toBeGreaterThan(5);
      await shot(page, 'pwa-offline-market-en');

      // Another language's texts are precached too.
      await page.evaluate(() => localStorage.setItem('lang', 'zh'));
      await page.reload();
      await expect.poll(() => page.getByTestId('feed-status').textContent(), { timeout: 30_000 }).not.toBe('Reconnecting');
      await expect.poll(() => page.getByTestId('feed-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('stale');
      await expect.poll(() => pricedRows(page), { timeout: 30_000 }).toBeGreaterThan(5);
      await shot(page, 'pwa-offline-market-zh');
      await page.evaluate(() => localStorage.setItem('lang', 'th'));
      await page.reload();
      await expect.poll(() => page.getByTestId('feed-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('stale');
      await expect.poll(() => pricedRows(page), { timeout: 30_000 }).toBeGreaterThan(5);
      await shot(page, 'pwa-offline-market-th');

      // The home page's shell renders offline as well.
      await page.goto(`${base}/#/pages/index/index`);
      await expect.poll(() => page.locator('[data-symbol]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await shot(page, 'pwa-offline-home-th');

      // Back online, the next open is live. (tests/e2e/offline.test.ts checks that an app that was
      // live recovers by itself; here the worker started offline, see docs/PLATFORM.md.)
      await context.setOffline(false);
      await page.goto(`${base}/#/pages/market/market`);
      await page.reload();
      await expect.poll(() => page.getByTestId('feed-status').getAttribute('data-status'), { timeout: 60_000, interval: 500 }).toBe('live');
    } finally {
      await context.close();
    }
    // The install fetches the whole precache (some 650 files) on a shared, busy machine.
  }, 420_000);

  it('offers installing in settings and on the download page; iOS gets the Share → Add to Home Screen steps', async () => {
    const token = await registerByApi(`pwa-${Date.now()}@example.com`, 'secret123');
    const page = await phone(browser, { serviceWorker: true });
    try {
      await signInWith(page, token, '/#/pages/setting/setting');
      const row = page.getByTestId('install-row');
      await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('Install app');
      await row.scrollIntoViewIfNeeded();
      await shot(page, 'pwa-settings-row-en');

      await page.goto(`${base}/#/pages/common/webView?page=download`);
      const entry = page.getByTestId('install-entry');
      await expect.poll(() => entry.getAttribute('data-mode'), { timeout: 30_000 }).toMatch(/^(prompt|manual)$/);
      expect(await entry.textContent()).toContain('Install Kestrel');
      await shot(page, 'pwa-download-en');
    } finally {
      await page.context().close();
    }

    for (const lang of ['en', 'zh', 'th']) {
      const context: BrowserContext = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      });
      try {
        const ios = await context.newPage();
        await ios.goto(`${base}/#/`);
        await ios.evaluate((l) => localStorage.setItem('lang', l), lang);
        await ios.goto(`${base}/#/pages/common/webView?page=download`);
        await ios.reload();
        const entry = ios.getByTestId('install-entry');
        await expect.poll(() => entry.getAttribute('data-mode'), { timeout: 30_000 }).toBe('ios');
        expect(await entry.locator('svg').count()).toBe(2);
        if (lang === 'en') expect(await entry.textContent()).toContain('Add to Home Screen');
        await shot(ios, `pwa-download-ios-${lang}`);
      } finally {
        await context.close();
      }
    }
  });
});
