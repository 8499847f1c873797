/**
 * The floating support button covered controls (the futures open-order Cancel,
 * the sixth PIN box on withdraw, the mark price on position cards, the futures form's Transfer
 * link, the % chips on home, "Choose" on the bank-card form). A signed-in user opens every route
 * and, once the page has settled and again after scrolling every scroller to its end, the
 * button's box overlaps no visible interactive element (docs/community/SUPPORT.md says where the
 * button shows and where it steps aside).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/routes';
import { launch, phone, shot } from './browser';
import { api, base, registerByApi, signInWith } from './helpers';

const email = `overlap${Date.now()}@example.com`;
const POLL = { timeout: 20_000 };

/**
 * What the button covers: visible interactive elements whose box meets the button's. A button
 * that is not shown (or docked out of sight) covers nothing.
 */
function covered(): string[] {
  const button = document.querySelector('[data-testid="support-button"]');
  if (!button || !button.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return [];
  const b = button.getBoundingClientRect();
  if (b.right <= 0 || b.left >= innerWidth || b.bottom <= 0 || b.top >= innerHeight) return [];
  const out: string[] = [];
  // tabindex="-1" takes focus from a script only (a heading focused after navigation): not a control.
  // …nor is a page body that is a Tab stop only so a keyboard can scroll it (src/ui/Page.tsx).
  for (const el of document.querySelectorAll(
    'a, button, input, select, textarea, [role=button], [tabindex]:not([tabindex="-1"]):not([data-page-body])',
  )) {
    if (el === button || button.contains(el) || el.contains(button)) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom)
      out.push(
        `${el.tagName.toLowerCase()}[${el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? ''}] ${(el.textContent ?? '').trim().slice(0, 30)} @${Math.round(r.top)}`,
      );
  }
  return out;
}

/** Scrolls every scroller of the page to its end, as a user reading to the bottom would; whether anything moved. */
function scrollToEnd(): boolean {
  let moved = false;
  for (const el of [document.scrollingElement, ...document.querySelectorAll('main *')]) {
    if (!el) continue;
    const s = getComputedStyle(el);
    if (el !== document.scrollingElement && s.overflowY !== 'auto' && s.overflowY !== 'scroll') continue;
    if (el.scrollHeight <= el.clientHeight) continue;
    const before = el.scrollTop;
    el.scrollTop = el.scrollHeight;
    if (el.scrollTop !== before) moved = true;
  }
  return moved;
}

/** The button's count of scrolls come to rest (-1: no button on the page). */
const rests = (page: Page) =>
  page.evaluate(() => Number(document.querySelector('[data-testid="support-button"]')?.getAttribute('data-rests') ?? -1));

describe('the floating support button covers no control on any page', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    const token = await registerByApi(email, 'overlap-secret');
    const notice = await api('/news/index_pop', {});
    await signInWith(page, token);
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
  }, 120_000);
  afterAll(() => browser?.close());

  it('at load and after scrolling to the bottom, on every route', async () => {
    const bad: Record<string, string[]> = {};
    const shownOn: string[] = [];
    for (const route of ROUTES) {
      if (!route.load || route.path === '/pages/kefu/index') continue;
      await page.goto(`${base}/#${route.path}`);
      await page.waitForFunction(() => (document.querySelector('main')?.textContent ?? '').trim().length > 0, undefined, POLL);
      await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"], main [data-skeleton]'), undefined, POLL);
      // The button finds its place after the page has laid out: poll the lasting state.
      const atLoad = await expect
        .poll(() => page.evaluate(covered), { timeout: 5_000 })
        .toEqual([])
        .then(
          () => [],
          () => page.evaluate(covered),
        );
      const restsBefore = await rests(page);
      // Once the scroll has come to rest, the button has looked for its place again (or has gone:
      // the end of the page showed a form field).
      if ((await page.evaluate(scrollToEnd)) && restsBefore >= 0)
        await expect.poll(() => rests(page), { timeout: 5_000 }).toSatisfy((n: number) => n === -1 || n > restsBefore);
      const atEnd = await expect
        .poll(() => page.evaluate(covered), { timeout: 5_000 })
        .toEqual([])
        .then(
          () => [],
          () => page.evaluate(covered),
        );
      if (atLoad.length || atEnd.length) bad[route.path] = [...atLoad.map((c) => `load: ${c}`), ...atEnd.map((c) => `end: ${c}`)];
      if (await page.getByTestId('support-button').isVisible()) shownOn.push(route.path);
    }
    console.log(`support button shown on ${shownOn.length} pages: ${shownOn.join(' ')}`);
    expect(bad).toEqual({});
    // It is still there for the pages with room for it.
    expect(shownOn.length).toBeGreaterThan(0);
  }, 600_000);

  it('steps aside on the home page instead of covering its controls', async () => {
    await page.goto(`${base}/#/pages/index/index`);
    await page.getByTestId('top-movers').waitFor(POLL);
    await expect.poll(() => page.evaluate(covered), POLL).toEqual([]);
    await shot(page, 'support-home-en');
  });
});
