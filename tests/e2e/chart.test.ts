/**
 * The contract page's chart loads after the page: its box is reserved at its final size with a
 * skeleton while the history request is held back (the test holds it, so nothing here depends on
 * timing), a period no longer chosen cannot paint over the one chosen, and the live bar reaches
 * the legend.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { base } from './helpers';

const legendOf = (page: Page) => page.getByTestId('chart-legend');
const bars = async (page: Page) => Number(await legendOf(page).getAttribute('data-bars'));
const first = async (page: Page) => Number(await legendOf(page).getAttribute('data-first'));

/** The heights of the chart's block and of its section (period strip included). */
const layout = (page: Page) =>
  page.evaluate(() => {
    const wrap = document.querySelector('[data-testid="chart"]')!.parentElement!;
    return { wrap: wrap.getBoundingClientRect().height, section: wrap.closest('section')!.getBoundingClientRect().height };
  });

describe('the contract page’s chart', () => {
  let browser: Browser;
  let page: Page;
  /** History requests held back by the test, by period. */
  const held = new Map<string, Route[]>();
  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    // The panel above the form opens as the trader left it: open, here.
    // (`version` too: storage without it is cleared at launch.)
    await page.addInitScript(() => {
      localStorage.setItem('version', '1');
      localStorage.setItem('contract.panel', 'open');
    });
    await page.route('**/api/currency/new_timeshar?*', (route) => {
      const period = new URL(route.request().url()).searchParams.get('period') ?? '';
      held.set(period, [...(held.get(period) ?? []), route]);
    });
  });
  afterAll(() => browser.close());

  const release = async (period: string) => {
    const routes = held.get(period) ?? [];
    held.delete(period);
    await Promise.all(routes.map((r) => r.continue()));
  };

  it('shows a skeleton in its reserved box until the history comes, and nothing moves when it does', async () => {
    await page.goto(`${base}/#/pages/transaction/contract?symbol=BTC%2FUSDT`);
    await expect.poll(() => page.getByTestId('pair-switch').textContent(), { timeout: 20_000 }).toContain('BTC/USDT');
    // The chart is set up while its history is on the way; the skeleton covers it.
    await expect.poll(() => held.get('15min')?.length ?? 0, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.locator('[data-testid="chart"] canvas').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('chart-skeleton').isVisible()).toBe(true);
    expect(await bars(page)).toBe(0);
    const before = await layout(page);
    // The height the pair screen holds for the chart while its chunk loads (ContractPage's `chartFallback`).
    expect(before.wrap).toBe(322);
    await shot(page, 'chart-skeleton');

    await release('15min');
    await expect.poll(() => bars(page), { timeout: 20_000 }).toBeGreaterThan(10);
    await expect.poll(() => page.getByTestId('chart-skeleton').count()).toBe(0);
    expect(await layout(page)).toEqual(before);
    await shot(page, 'chart-drawn');
    // The legend shows the live bar and follows it.
    await expect.poll(() => legendOf(page).locator('b').count()).toBe(5);
    const close = await legendOf(page).locator('b').nth(3).textContent();
    await expect.poll(() => legendOf(page).locator('b').nth(3).textContent(), { timeout: 30_000 }).not.toBe(close);
  });

  it('ignores the history of a period no longer chosen', async () => {
    await page.locator('[data-period="1min"]').click();
    await expect.poll(() => held.get('1min')?.length ?? 0, { timeout: 20_000 }).toBe(1);
    await page.locator('[data-period="1day"]').click();
    await expect.poll(() => held.get('1day')?.length ?? 0, { timeout: 20_000 }).toBe(1);
    await release('1day');
    await expect.poll(() => bars(page), { timeout: 20_000 }).toBeGreaterThan(0);
    const day = { bars: await bars(page), first: await first(page) };

    // The minute history arrives late: the day chart keeps its bars.
    const answered = page.waitForResponse((r) => r.url().includes('period=1min'));
    await release('1min');
    await answered;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    expect(await page.locator('[data-period="1day"]').getAttribute('aria-selected')).toBe('true');
    expect(await first(page)).toBe(day.first);
    expect(await bars(page)).toBe(day.bars);
    await page.unroute('**/api/currency/new_timeshar?*');
  });
});
