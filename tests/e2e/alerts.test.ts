/**
 * Price alerts in the browser: the bell on the futures, spot and options
 * screens; on BTC/USDT's screen the sheet prefilled from the live price with the distance shown;
 * an "above" alert set just under the price (the sheet says it fires at the next tick) fires
 * live: the notification arrives, the sheet's list and the alerts page show it triggered with
 * the recorded price; then it is re-armed by editing and another one deleted. The page and the
 * sheet in English, Chinese and Thai. Everything is checked on lasting state, never on a toast.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { launch, phone, shot } from './browser';
import { api, base, registerByApi, signInWith } from './helpers';

const POLL = { timeout: 30_000 };
const CONTRACT = '/#/pages/transaction/contract?symbol=BTC%2FUSDT';
const ALERTS = '/#/pages/alerts/index';

describe('price alerts', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  const serverAlerts = () => api('/alerts/list', {}, token);
  const threshold = () => page.getByTestId('alert-threshold');
  /** Picks an alert kind and waits until the sheet shows it chosen. */
  async function choose(kind: 'above' | 'below' | 'change') {
    await page.getByTestId(`alert-kind-${kind}`).click();
    await expect.poll(() => page.getByTestId(`alert-kind-${kind}`).getAttribute('aria-checked'), POLL).toBe('true');
  }

  /** Opens BTC/USDT's alert sheet and waits for the live price to prefill the threshold. */
  async function openSheet(): Promise<Decimal> {
    await page.goto(base + CONTRACT);
    await page.getByTestId('alert-bell').click();
    await expect.poll(() => threshold().inputValue(), POLL).toMatch(/^\d+\.\d{2}$/);
    return new Decimal(await threshold().inputValue());
  }

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(`alerts${Date.now()}@example.com`, 'Passw0rd!');
    await signInWith(page, token, CONTRACT);
  });
  afterAll(() => browser.close());

  it('shows the bell on the futures, spot and options screens', async () => {
    for (const path of [CONTRACT, '/#/pages/transaction/currency?symbol=BTC%2FUSDT', '/#/pages/transaction/index2?symbol=BTC%2FUSDT']) {
      await page.goto(base + path);
      await expect.poll(() => page.getByTestId('alert-bell').count(), POLL).toBe(1);
    }
  });

  it('adds an alert from the pair screen with the live distance, sees it fire, edits and deletes', async () => {
    const price = await openSheet();
    await expect.poll(() => page.getByTestId('alert-last-price').textContent(), POLL).toMatch(/\d/);

    // Below at 10 % under the price: far away, the distance says so.
    await choose('below');
    const far = price.mul('0.9').toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
    await threshold().fill(far);
    await expect.poll(() => page.getByTestId('alert-hint').textContent(), POLL).toMatch(/^-(9|10)\.\d{2}% from the last price$/);
    // Too many decimals: the server's rule, before sending.
    await threshold().fill(`${far}1`);
    await expect.poll(() => page.getByTestId('alert-hint').textContent()).toBe('At most 2 decimal places');
    await threshold().fill(far);
    await shot(page, 'alerts-sheet-en');
    await page.getByTestId('alert-save').click();
    await expect
      .poll(async () => (await serverAlerts()).map((a) => [a.kind, a.threshold]), POLL)
      .toEqual([['below', new Decimal(far).toFixed()]]);
    await expect.poll(() => page.locator('[data-testid="alert-sheet"] [data-testid="alert-row"]').count(), POLL).toBe(1);

    // Above, just under the price: the sheet says it fires at the next tick, and it does.
    await choose('above');
    const live = new Decimal(await threshold().inputValue());
    const under = live.mul('0.98').toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
    await threshold().fill(under);
    await expect.poll(() => page.getByTestId('alert-fires-now').isVisible(), POLL).toBe(true);
    await page.getByTestId('alert-save').click();
    await expect.poll(async () => (await serverAlerts()).find((a) => a.kind === 'above')?.state, { timeout: 60_000 }).toBe('triggered');
    const fired = (await serverAlerts()).find((a) => a.kind === 'above')!;
    expect(new Decimal(fired.fired_price!).gte(under)).toBe(true);
    // The sheet's list follows live (the private channel's notification refreshed it).
    await expect.poll(() => page.locator('[data-testid="alert-sheet"] [data-state="triggered"]').count(), POLL).toBe(1);
    await shot(page, 'alerts-sheet-fired-en');

    // The notification is in the list.
    await page.goto(`${base}/#/pages/setting/notifications`);
    await expect.poll(() => page.locator('body').textContent(), POLL).toContain('Price alert');
    await expect.poll(() => page.locator('body').textContent(), POLL).toContain(`BTC/USDT reached`);

    // The alerts page: grouped, the triggered one with its recorded price.
    await page.goto(base + ALERTS);
    const triggered = page.locator('[data-testid="alerts-triggered"] [data-testid="alert-row"]');
    await expect.poll(() => triggered.count(), POLL).toBe(1);
    // The recorded price as the server answered it (the pair's 2 decimals), with thousands separators.
    const firedText = fired.fired_price!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    await expect.poll(() => triggered.getByTestId('alert-row-sub').textContent(), POLL).toContain(`Fired at ${firedText} · `);
    await expect.poll(() => page.locator('[data-testid="alerts-active"] [data-testid="alert-row"]').count()).toBe(1);
    // No service worker in the test build: push is unavailable here, in-app alerts work.
    await expect.poll(() => page.getByTestId('alerts-push').getAttribute('data-status'), POLL).toMatch(/unavailable|off/);
    await shot(page, 'alerts-page-en');

    // Re-arm the fired one by editing it, far above the price.
    await triggered.getByTestId('alert-edit').click();
    const high = live.mul(2).toDecimalPlaces(2).toFixed(2);
    await threshold().fill(high);
    await page.getByTestId('alert-save').click();
    await expect.poll(() => page.locator('[data-testid="alerts-active"] [data-testid="alert-row"]').count(), POLL).toBe(2);
    await expect.poll(() => page.getByTestId('alerts-triggered').count()).toBe(0);
    expect((await serverAlerts()).find((a) => a.id === fired.id)).toMatchObject({
      state: 'active',
      threshold: new Decimal(high).toFixed(),
      fired_at: null,
    });

    // Delete the below alert.
    const belowId = (await serverAlerts()).find((a) => a.kind === 'below')!.id;
    await page.locator(`[data-testid="alert-row"][data-id="${belowId}"] [data-testid="alert-delete"]`).click();
    await expect.poll(async () => (await serverAlerts()).map((a) => a.id), POLL).toEqual([fired.id]);
    await expect.poll(() => page.locator('[data-testid="alert-row"]').count(), POLL).toBe(1);
  });

  it('is reachable from settings, in Chinese and Thai', async () => {
    for (const [lang, title] of [
      ['zh', '价格提醒'],
      ['th', 'แจ้งเตือนราคา'],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${base}/#/pages/setting/setting`);
      await page.reload();
      await page.getByTestId('alerts-entry').click();
      await expect.poll(() => page.locator('body').textContent(), POLL).toContain(title);
      await expect.poll(() => page.locator('[data-testid="alert-row"]').count(), POLL).toBe(1);
      await shot(page, `alerts-page-${lang}`);
      await openSheet();
      await choose('change');
      await expect.poll(() => threshold().inputValue(), POLL).toBe('5');
      await shot(page, `alerts-sheet-${lang}`);
    }
  });
});
