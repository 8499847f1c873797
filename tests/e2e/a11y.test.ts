/**
 * Accessibility. axe-core (WCAG 2.1 A/AA and best practice) runs in every
 * built page, signed out and signed in, and no critical or serious violation may remain; every
 * route has its own document title and one h1. Kept cheap: one browser context, no pictures.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type PageRoute } from '../../src/routes';
import { bookLiveNow } from './book';
import { launch, phone, shot } from './browser';
import { api, base, registerByApi } from './helpers';

/** axe's source, run as the page's own script would (the app's CSP refuses an injected <script>). */
const AXE = readFileSync(path.resolve(__dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');
const email = `a11y${Date.now()}@example.com`;
const built = ROUTES.filter((r) => r.load);
/** Pages a signed-in user is sent away from (to home). */
const SIGNED_OUT_ONLY = new Set(['/pages/common/login', '/pages/common/register', '/pages/common/forget']);

interface Violation {
  id: string;
  impact: string;
  targets: string[];
}

/** Waits until the page shows its content: text in <main> and nothing loading. */
async function settle(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const main = document.querySelector('main');
          const busy = document.querySelectorAll('main [aria-busy="true"], main [data-skeleton]').length;
          // A colour still fading (a button enabled a moment ago) would be measured half-way.
          const moving = document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length;
          return !busy && !moving && (main?.textContent ?? '').trim().length > 0;
        }),
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
}

/** axe's critical and serious findings in the shown page. */
async function axe(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: {
        run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: unknown[] }[] }[] }>;
      };
    };
    const result = await w.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    // Touch targets of 24 px or more (item 14): WCAG 2.2's rule, outside the 2.1 tags.
    const targets = await w.axe.run(document, { runOnly: { type: 'rule', values: ['target-size'] } });
    return [...result.violations, ...targets.violations]
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 4).map((n) => JSON.stringify(n.target)) }));
  });
}

/** The document title and the h1s (their text) of the shown page. */
function headings(page: Page): Promise<{ title: string; h1: string[]; skips: string[] }> {
  return page.evaluate(() => {
    const visible = (el: Element) => el.getClientRects().length > 0 && !el.closest('[aria-hidden="true"], [inert]');
    const all = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].filter(visible);
    const skips: string[] = [];
    let last = 0;
    for (const h of all) {
      const level = Number(h.tagName[1]);
      if (last && level > last + 1) skips.push(`h${last} → ${h.tagName.toLowerCase()} "${(h.textContent ?? '').trim().slice(0, 30)}"`);
      last = level;
    }
    return {
      title: document.title,
      h1: all.filter((h) => h.tagName === 'H1').map((h) => (h.textContent ?? '').trim()),
      skips,
    };
  });
}

describe('accessibility of every built page', () => {
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    page.on('console', (m) => m.text().startsWith('layout shift') && console.log(m.text()));
    token = await registerByApi(email, 'a11y-secret');
    const notice = await api('/news/index_pop', {});
    await page.goto(`${base}/#/pages/index/index`);
    await page.evaluate(
      ([id]) => {
        localStorage.setItem('lang', 'en');
        if (id) localStorage.setItem('dismissedNotice', id);
      },
      [notice ? String(notice.id) : ''],
    );
  });
  afterAll(() => browser?.close());

  /** Visits `routes` and answers every problem found: axe's, the title's, the headings'. */
  async function walk(routes: PageRoute[], who: string): Promise<string[]> {
    const problems: string[] = [];
    const titles = new Map<string, string>();
    for (const route of routes) {
      await page.goto(`${base}/#${route.path}`);
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${route.path}`);
      await settle(page);
      const where = `${who} ${route.path}`;
      for (const v of await axe(page)) problems.push(`${where}: ${v.impact} ${v.id}: ${v.targets.join(' ')}`);
      const h = await headings(page);
      if (h.h1.length !== 1 || !h.h1[0]) problems.push(`${where}: h1 ${JSON.stringify(h.h1)}`);
      for (const skip of h.skips) problems.push(`${where}: heading skips ${skip}`);
      const other = titles.get(h.title);
      if (other) problems.push(`${where}: document title "${h.title}" is also ${other}'s`);
      else titles.set(h.title, route.path);
    }
    if (problems.length) console.error(problems.join('\n'));
    return problems;
  }

  it('a sheet takes focus, keeps Tab inside, makes the page inert, closes on Escape and gives focus back', async () => {
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto(`${base}/#/pages/index/index`);
    await page.reload();
    const opener = page.getByRole('button', { name: 'Language' });
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    await expect.poll(focusInDialog).toBe(true);
    await shot(page, 'a11y-sheet');
    // The page behind is inert: no tap, no Tab, not read.
    expect(await page.evaluate(() => !!document.querySelector('main')?.closest('[inert]'))).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(), `Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusInDialog()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => !!document.querySelector('main')?.closest('[inert]'))).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Language');
  });

  it("moves focus to the new page's h1 after a navigation", async () => {
    await page.goto(`${base}/#/pages/common/login`);
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    await page.getByRole('link', { name: 'Register' }).click();
    await expect
      .poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`))
      .toBe('H1 Create account');
    await expect.poll(() => page.title()).toMatch(/^Register · /);
  });

  /** The page's cumulative layout shift from its load until its content has drawn (`ready`). */
  async function layoutShift(path: string, ready: () => Promise<boolean>): Promise<number> {
    await page.goto('about:blank');
    await page.goto(`${base}/#${path}`);
    await expect.poll(ready, { timeout: 30_000 }).toBe(true);
    // Settled: the same text in <main> twice in a row (digits aside: prices tick).
    let last = '';
    await expect
      .poll(async () => {
        const now = (await page.locator('main').innerText()).replace(/\d/g, '#');
        const same = now === last;
        last = now;
        return same;
      })
      .toBe(true);
    return page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list, observer) => {
            observer.disconnect();
            type Shift = PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
            };
            const shifts = (list.getEntries() as Shift[]).filter((e) => !e.hadRecentInput);
            // What moved, for the failure's message.
            for (const e of shifts)
              for (const src of e.sources)
                console.log(
                  `layout shift ${e.value.toFixed(4)}: ${src.node?.nodeName}.${String((src.node as Element | null)?.className ?? '')} ` +
                    `${Math.round(src.previousRect.y)} → ${Math.round(src.currentRect.y)} (h ${Math.round(src.previousRect.height)} → ${Math.round(src.currentRect.height)})`,
                );
            resolve(shifts.reduce((sum, e) => sum + e.value, 0));
          }).observe({ type: 'layout-shift', buffered: true });
          // No shift at all: the observer is never called.
          setTimeout(() => resolve(0), 1000);
        }),
    );
  }

  it('keeps the layout still while home and the futures screen load (CLS ≤ 0.05)', async () => {
    const home = await layoutShift('/pages/index/index', async () => {
      const news = await page.locator('main a[href*="common/article"]').count();
      const movers = await page.getByTestId('top-movers').locator('a, button').count();
      return news > 0 && movers > 0;
    });
    await shot(page, 'a11y-home');
    const futures = await layoutShift('/pages/transaction/contract', async () => {
      const price = (await page.getByTestId('last-price').textContent()) ?? '';
      return /\d/.test(price) && (await bookLiveNow(page));
    });
    await shot(page, 'a11y-futures');
    const summary = await page.getByTestId('pair-summary').evaluate((e) => e.getBoundingClientRect().height);
    console.log(`CLS home ${home.toFixed(4)}, futures ${futures.toFixed(4)}; summary ${summary}px`);
    expect({ home, futures }).toEqual({ home: expect.any(Number), futures: expect.any(Number) });
    expect(home).toBeLessThanOrEqual(0.05);
    expect(futures).toBeLessThanOrEqual(0.05);
  });

  it('finds no critical or serious violation, and one h1 and an own title on every page, signed out', async () => {
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.reload();
    expect(
      await walk(
        built.filter((r) => !r.auth),
        'signed out',
      ),
    ).toEqual([]);
  }, 600_000);

  it('finds no critical or serious violation, and one h1 and an own title on every page, signed in', async () => {
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.reload();
    expect(
      await walk(
        built.filter((r) => !SIGNED_OUT_ONLY.has(r.path)),
        'signed in',
      ),
    ).toEqual([]);
  }, 900_000);
});
