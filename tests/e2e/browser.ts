import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { watchPage } from './diagnose';

export const SHOTS_DIR = path.resolve(__dirname, '../../test-results/screens');

/** Chromium from CHROMIUM_PATH (default the Debian package), as on CI. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A phone: 390×844, touch, 2× pixels. The service worker is blocked unless asked for: it would
 * precache the whole build (~650 requests) in every context of every test, and the pages under
 * test are the same with it; pwa.test.ts and offline.test.ts are the ones that test it.
 */
export async function phone(browser: Browser, options: { serviceWorker?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  watchPage(page);
  return page;
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  // A sheet that has just opened is still fading in: let finite animations end (2 s at most) so
  // the picture shows the page as the user sees it once it settles.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
}
