/**
 * Lockming on a phone: a new user with USDT in the coin account opens the
 * mining list, subscribes to the 15-day product through the confirmation sheet (its first answer
 * lost, so the retry must resend the same key and subscribe once), finds the order
 * in progress, redeems it early after the sheet shows the server's penalty, and finds it under
 * "redeemed" with that penalty; the list in Chinese and Thai. Assertions are about lasting state
 * (rows and their text), polled generously.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../domain/format';
import type { LockmingOrder } from '../../domain/lockming/types';
import { launch, phone, shot } from './browser';
import { api, base, opsCli, registerByApi, signInWith, toastsSeen, watchToasts } from './helpers';

const email = `lockming${Date.now()}@example.com`;
const FUNDS = '5000';
const AMOUNT = '1000';
const LIST = '/#/pages/lockming/lockming?category=mining';

/** Waits for the page's finite animations (a sheet rising) to end, so a screenshot shows the end state. */
async function still(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

describe('lockming in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let order: LockmingOrder;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(email, 'lockming-secret');
    expect(await opsCli('credit', email, 'change', 'USDT', FUNDS, 'e2e', 'lockming')).toContain('credit #');
    const notice = await api('/news/index_pop', {});
    await signInWith(page, token, LIST);
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
  });
  afterAll(() => browser?.close());

  it('lists the mining products and opens the 15-day one', async () => {
    const card = page.locator('[data-testid="lockming-product"][data-days="15"]');
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await card.first().textContent()).toContain('0.19%');
    await shot(page, 'lockming-list-en');
    await card.first().click();
    await expect.poll(() => page.url()).toContain('/pages/lockming/buy');
  });

  it('subscribes through the confirmation sheet and lands on the orders page', async () => {
    await expect.poll(() => page.getByTestId('lockming-available').textContent(), { timeout: 20_000 }).toContain('5,000');
    await page.getByTestId('lockming-amount').fill(AMOUNT);
    // 1000 × 0.19% = 1.9 a day, 28.5 over 15 days (the worker's preview).
    await expect.poll(() => page.getByTestId('lockming-preview-total').textContent(), { timeout: 10_000 }).toContain('28.5');
    expect(await page.getByTestId('lockming-preview-daily').textContent()).toContain('1.9');
    await shot(page, 'lockming-buy-en');
    await page.getByTestId('lockming-buy').click();
    await expect.poll(() => page.getByTestId('lockming-confirm').count()).toBe(1);
    // The first answer is lost on the way back (the server has subscribed); the user taps again.
    const keys: string[] = [];
    let lose = true;
    await page.route('**/lh/deposit', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!lose) return route.continue();
      lose = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await watchToasts(page);
    await page.getByTestId('lockming-confirm-submit').click();
    await expect.poll(() => keys.length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await api('/lh/deposit/order', { status: 'holding' }, token)).total, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('lockming-confirm-submit').isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.getByTestId('lockming-confirm-submit').click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toContain('/pages/lockming/order');
    // It says the subscription went through (nothing did).
    await expect.poll(() => toastsSeen(page), { timeout: 20_000 }).toContain('Subscription confirmed');
    await page.unroute('**/lh/deposit');
    // The retry carried the first attempt's key, so the server answered it without a second subscription.
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    // (the lost answer's toast gone, for the picture)
    await expect.poll(() => page.getByTestId('toast').count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(async () => (await api('/lh/deposit/order', { status: 'holding' }, token)).total, { timeout: 20_000 }).toBe(1);
    order = (await api('/lh/deposit/order', { status: 'holding' }, token)).data[0]!;
    expect(order.amount).toBe(AMOUNT);
    const row = page.locator(`[data-testid="lockming-order"][data-id="${order.id}"]`);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.getAttribute('data-status')).toBe('holding');
    await shot(page, 'lockming-order-en');
  });

  it('redeems early after the sheet shows the penalty, then lists the order as redeemed with it', async () => {
    const row = page.locator(`[data-testid="lockming-order"][data-id="${order.id}"]`);
    await row.getByTestId('lockming-redeem').click();
    const penaltyText = `${formatAmount(order.redeem_penalty!, order.decimals, 'en')} USDT`;
    await expect.poll(() => page.getByTestId('lockming-redeem-penalty').textContent(), { timeout: 10_000 }).toBe(penaltyText);
    expect(await page.getByTestId('lockming-redeem-returns').textContent()).toBe(
      `${formatAmount(order.redeem_returns!, order.decimals, 'en')} USDT`,
    );
    await still(page);
    await shot(page, 'lockming-redeem-sheet-en');
    await page.getByTestId('lockming-redeem-submit').click();
    await expect.poll(async () => (await api('/lh/deposit/order', { status: 'redeemed' }, token)).total, { timeout: 20_000 }).toBe(1);
    const redeemed = (await api('/lh/deposit/order', { status: 'redeemed' }, token)).data[0]!;
    expect(redeemed).toMatchObject({ id: order.id, redemption: 'early', penalty: order.redeem_penalty });
    await page.getByRole('tab', { name: 'Redeemed' }).click();
    const done = page.locator(`[data-testid="lockming-order"][data-id="${order.id}"][data-status="redeemed"]`);
    await expect.poll(() => done.count(), { timeout: 20_000 }).toBe(1);
    expect(await done.getByTestId('lockming-order-penalty').textContent()).toBe(penaltyText);
    expect(await done.getByTestId('lockming-order-state').textContent()).toBe('Redeemed early');
    await shot(page, 'lockming-redeemed-en');
  });

  it('explains lockming with the spec example and links into a category', async () => {
    await page.goto(`${base}/#/pages/lockming/welcome`);
    await expect.poll(() => page.locator('body').textContent(), { timeout: 20_000 }).toContain('285 USDT');
    expect(await page.locator('body').textContent()).toContain('= 12');
    await shot(page, 'lockming-welcome-en');
  });

  for (const [lang, word] of [
    ['zh', '认购中'],
    ['th', 'เปิดขาย'],
  ] as const) {
    it(`shows the list in ${lang}`, async () => {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(base + LIST);
      await page.reload();
      const card = page.locator('[data-testid="lockming-product"]');
      await expect.poll(() => card.first().textContent(), { timeout: 20_000 }).toContain(word);
      await shot(page, `lockming-list-${lang}`);
    });
  }
});
