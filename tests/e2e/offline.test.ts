import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { bookLive, topOfBook } from './book';
import { base } from './helpers';

const bannerCount = (page: Page) => page.getByTestId('stale-banner').count();

describe('fault: the browser offline until the feed calls itself stale (about 45 s)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('the pair screen shows the stale banner while offline and recovers by itself when the network returns', async () => {
    const page = await phone(browser, { serviceWorker: true });
    const context = page.context();
    try {
      await page.goto(`${base}/#/pages/transaction/contract?symbol=BTC/USDT`);
      await bookLive(page);
      // Live first: no banner, and the book moves.
      expect(await bannerCount(page)).toBe(0);
      const before = await topOfBook(page);
      await expect.poll(() => topOfBook(page), { timeout: 30_000 }).not.toBe(before);

      const start = Date.now();
      await context.setOffline(true);
      // The banner comes at once (the browser says it is offline: data-offline)...
      await expect.poll(() => page.getByTestId('stale-banner').getAttribute('data-offline'), { timeout: 10_000 }).toBe('true');
      const bannerAfterMs = Date.now() - start;
      // ...and the outage lasts until the feed itself has given the socket up. NOTE: Chromium's
      // offline emulation leaves an open WebSocket up, so the feed notices by socket.io's
      // heartbeat (ping interval + timeout, about 45 s), not at once.
      await expect.poll(() => page.getByTestId('stale-banner').getAttribute('data-feed'), { timeout: 90_000, interval: 200 }).toBe('stale');
      const feedStaleMs = Date.now() - start;
      await shot(page, 'offline-pair-stale-en');
      // Offline, nothing moves: the screen keeps the last figures under the banner.
      const frozen = await topOfBook(page);

      // The network comes back (the outage lasted as long as the heartbeat took, 30 s or more):
      // no reload, no tap.
      expect(await page.getByTestId('stale-banner').getAttribute('data-status')).toBe('stale');
      expect(await topOfBook(page)).toBe(frozen);
      const online = Date.now();
      await context.setOffline(false);

      await expect.poll(() => bannerCount(page), { timeout: 60_000, interval: 200 }).toBe(0);
      const bannerGoneMs = Date.now() - online;
      await expect.poll(() => topOfBook(page), { timeout: 60_000, interval: 200 }).not.toBe(frozen);
      const movingMs = Date.now() - online;
      // Still live a moment later: it recovered, it did not flap.
      const recovered = await topOfBook(page);
      await expect.poll(() => topOfBook(page), { timeout: 30_000, interval: 200 }).not.toBe(recovered);
      expect(await bannerCount(page)).toBe(0);
      await shot(page, 'offline-pair-recovered-en');

      console.log(
        `offline fault: banner ${bannerAfterMs} ms and the feed stale ${feedStaleMs} ms after going offline; offline ${online - start} ms; ` +
          `banner gone ${bannerGoneMs} ms and the book moving ${movingMs} ms after the network returned`,
      );
    } finally {
      await context.close();
    }
  }, 300_000);
});

/**
 * Every live screen shows the same banner (one shared component, role=status)
 * while the network is gone, at once (the browser says it is offline) rather than after the
 * socket's heartbeat, and drops it when the network returns. `ready` is something the screen
 * shows only once its live data arrived.
 */
const LIVE_SCREENS = [
  { name: 'futures', route: '/pages/transaction/contract?symbol=BTC/USDT', ready: '[data-testid="book-glance"]:not(:empty)' },
  { name: 'spot', route: '/pages/transaction/currency?symbol=BTC/USDT', ready: '[data-testid="spot-summary"]' },
  { name: 'options', route: '/pages/transaction/index2?symbol=BTC/USDT', ready: '[data-testid="last-price"]' },
  { name: 'market', route: '/pages/market/market', ready: '[data-testid="price"]' },
  { name: 'home', route: '/pages/index/index', ready: '[data-testid="top-movers"] [data-testid="price"]' },
  { name: 'chat', route: '/pages/chat/room', ready: '[data-testid="chat-online"]' },
] as const;

describe('fault: the network gone for a moment on every live screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('each live screen shows the stale banner, announced as a status, while offline and drops it when the network returns', async () => {
    const page = await phone(browser);
    const context = page.context();
    try {
      for (const screen of LIVE_SCREENS) {
        await page.goto(`${base}/#${screen.route}`);
        await page.locator(screen.ready).first().waitFor({ timeout: 30_000 });
        await expect.poll(() => bannerCount(page), { timeout: 30_000 }).toBe(0);

        await context.setOffline(true);
        // Well inside the 20 s a user sat looking at a frozen price.
        await expect.poll(() => page.getByTestId('stale-banner').getAttribute('data-status'), { timeout: 10_000 }).toBe('stale');
        const banner = page.getByTestId('stale-banner');
        expect(await banner.isVisible(), screen.name).toBe(true);
        expect(await banner.getAttribute('role')).toBe('status');
        const box = await banner.boundingBox();
        // In the viewport, under the nav bar: seen without scrolling.
        expect(box && box.y >= 0 && box.y + box.height <= 844, screen.name).toBe(true);
        expect((await banner.textContent())?.trim()).toBeTruthy();
        await shot(page, `offline-banner-${screen.name}-en`);

        await context.setOffline(false);
        await expect.poll(() => bannerCount(page), { timeout: 60_000, interval: 200 }).toBe(0);
      }
    } finally {
      await context.close();
    }
  }, 600_000);
});
