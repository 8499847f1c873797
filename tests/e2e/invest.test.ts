/**
 * Dual investment on a phone: a new user with BTC in the coin account opens the
 * invest list (BTC, sell high: it invests BTC), opens a 1-day product, sees the payoff picture (the worker's line
 * with the linked price and today's price marked) and both outcomes, types a fraction and gets the
 * spec's integer message, buys 3 shares through the confirmation sheet, and finds the position
 * under "Holding"; the buy-low side (it invests USDT; the two labels were once swapped), the
 * help page's worked example on both sides, and the list and purchase in
 * Chinese. Assertions are about lasting state (rows and their text), polled generously.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { formatPercent } from '../../domain/format';
import type { DualOrder, DualProduct } from '../../domain/invest/types';
import { launch, phone, shot } from './browser';
import { api, base, opsCli, registerByApi, signInWith, toastsSeen, watchToasts } from './helpers';

const email = `invest${Date.now()}@example.com`;
const LIST = '/#/pages/invest/invest?coin=BTC&type=call';

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

describe('invest (dual) in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let product: DualProduct;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(email, 'invest-secret');
    expect(await opsCli('credit', email, 'change', 'BTC', '0.5', 'e2e', 'invest')).toContain('credit #');
    const notice = await api('/news/index_pop', {});
    await signInWith(page, token, LIST);
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
  });
  afterAll(() => browser?.close());

  it('lists the BTC sell-high products (they invest BTC) with APR, linked price, term and shares left, and opens a 1-day one', async () => {
    const card = page.locator('[data-testid="invest-product"][data-days="1"][data-type="call"]:not([disabled])');
    await expect.poll(() => card.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const id = Number(await card.first().getAttribute('data-id'));
    product = await api('/dual/detail', { id: String(id) });
    expect(product).toMatchObject({ type: 'call', currency: 'BTC', days: 1, status: 'open' });
    const text = (await card.first().textContent()) ?? '';
    expect(text).toContain('Sell high');
    expect(text).not.toContain('Buy low');
    // Sell high invests the coin: a share costs BTC, and the hint says so.
    expect(product.invest_currency).toBe('BTC');
    expect(await card.first().getByText('0.01 BTC').count()).toBe(1);
    expect(await page.getByTestId('invest-type').getByRole('tab', { selected: true }).textContent()).toBe('Sell high');
    expect(await page.getByTestId('invest-hint').textContent()).toContain('Invest BTC');
    expect(text).toContain(formatPercent(new Decimal(product.apr).mul(100).toFixed(), 'en', 2).replace(/^\+/, ''));
    await shot(page, 'invest-list-en');
    await card.first().click();
    await expect.poll(() => page.url()).toContain('/pages/invest/purchase');
  });

  it('draws the payoff picture and both outcomes from the worker, and refuses a fraction with the spec’s message', async () => {
    await expect.poll(() => page.getByTestId('invest-available').textContent(), { timeout: 20_000 }).toContain('0.5');
    // The picture: a line of many points, the linked price and today's price marked.
    const chart = page.getByTestId('invest-payoff');
    await expect.poll(() => chart.count(), { timeout: 20_000 }).toBe(1);
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(20);
    expect(await page.getByTestId('invest-payoff-line').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+( L[\d.]+,[\d.]+){20,}/);
    expect(await page.getByTestId('invest-payoff-linked').count()).toBe(1);
    await expect.poll(() => page.getByTestId('invest-payoff-today').count(), { timeout: 20_000 }).toBe(1);

    await page.getByTestId('invest-shares').fill('1.5');
    await expect.poll(() => page.getByTestId('invest-problem').textContent()).toBe('The purchase quantity must be an integer');
    expect(await page.getByTestId('invest-buy').isDisabled()).toBe(true);

    // 3 shares × 0.01 BTC; below the linked price 0.03 × (1 + APR / 365) BTC, at or above × the linked price in USDT.
    await page.getByTestId('invest-shares').fill('3');
    await expect.poll(() => page.getByTestId('invest-cost').textContent()).toBe('0.03 BTC');
    const grown = new Decimal('0.03').mul(new Decimal(product.apr).div(365).plus(1));
    const low = grown.toDecimalPlaces(8, Decimal.ROUND_DOWN);
    expect(await page.getByTestId('invest-outcome-low').textContent()).toContain(`${low.toFixed()} BTC`);
    expect(await page.getByTestId('invest-outcome-high').textContent()).toContain('USDT');
    await shot(page, 'invest-purchase-en');
  });

  it('buys 3 shares through the confirmation sheet and finds the position in mine', async () => {
    await page.getByTestId('invest-buy').click();
    await expect.poll(() => page.getByTestId('invest-confirm').count()).toBe(1);
    await still(page);
    await shot(page, 'invest-confirm-en');
    await watchToasts(page);
    await page.getByTestId('invest-confirm-submit').click();
    await expect.poll(() => toastsSeen(page), { timeout: 20_000 }).toContain('Purchase confirmed');
    await expect.poll(() => page.url(), { timeout: 20_000 }).toContain('/pages/invest/mine');
    await expect.poll(async () => (await api('/dual/dual_list', { status: 'purchased' }, token)).total, { timeout: 20_000 }).toBe(1);
    const order: DualOrder = (await api('/dual/dual_list', { status: 'purchased' }, token)).data[0]!;
    expect(order).toMatchObject({ product_id: product.id, num: 3, amount: '0.03', status: 'purchased', invest_currency: 'BTC' });
    const row = page.locator(`[data-testid="invest-order"][data-id="${order.id}"]`);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.getAttribute('data-status')).toBe('purchased');
    expect(await row.getByTestId('invest-order-amount').textContent()).toBe('0.03 BTC');
    expect(await row.getByTestId('invest-order-status').textContent()).toBe('Purchased');
    await shot(page, 'invest-mine-en');
    const wallet = await api('/wallet/detail', { currency: '1', type: 'change' }, token);
    expect(new Decimal(wallet.frozen).toFixed()).toBe('0.03');
  });

  it('opens on the buy-low side, which invests USDT, and shows the help page’s worked example on both sides', async () => {
    // No type in the address: buy low, listed first as on Binance and OKX.
    await page.goto(`${base}/#/pages/invest/invest?coin=ETH`);
    const card = page.locator('[data-testid="invest-product"][data-type="put"]');
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const text = (await card.first().textContent()) ?? '';
    expect(text).toContain('Buy low');
    expect(text).not.toContain('Sell high');
    expect(await page.getByTestId('invest-type').getByRole('tab').first().textContent()).toBe('Buy low');
    expect(await page.getByTestId('invest-type').getByRole('tab', { selected: true }).textContent()).toBe('Buy low');
    expect(await page.getByTestId('invest-hint').textContent()).toContain('Invest USDT');
    // Buy low invests USDT: a share costs USDT, and buying one takes USDT from the coin account.
    const putId = Number(await card.first().getAttribute('data-id'));
    const put: DualProduct = await api('/dual/detail', { id: String(putId) });
    expect(put).toMatchObject({ type: 'put', invest_currency: 'USDT', currency: 'ETH' });
    expect(text).toContain(`${put.share_price} USDT`);
    await shot(page, 'invest-list-put-en');
    await card.first().click();
    await expect.poll(() => page.url()).toContain(`/pages/invest/purchase?id=${putId}`);
    await expect.poll(() => page.getByTestId('invest-available').textContent(), { timeout: 20_000 }).toContain('USDT');
    await page.getByTestId('invest-shares').fill('1');
    await expect.poll(() => page.getByTestId('invest-cost').textContent()).toBe(`${put.share_price} USDT`);
    expect(await page.getByTestId('invest-outcome-low').textContent()).toContain('ETH');
    expect(await page.getByTestId('invest-outcome-high').textContent()).toContain('USDT');
    await shot(page, 'invest-purchase-put-en');
    await page.goto(`${base}/#/pages/invest/help`);
    // 1 BTC, 7 days at 36.5%, linked 70,000: 1.007 BTC below, 70,490 USDT at or above.
    await expect.poll(() => page.locator('body').textContent(), { timeout: 20_000 }).toContain('1.007 BTC');
    expect(await page.locator('body').textContent()).toContain('70,490 USDT');
    // Buy low on the same terms: 70,000 USDT pays 1.007 BTC at or below the linked price.
    expect(await page.locator('body').textContent()).toContain('70,000 USDT for 7 days');
    const steps = page.getByTestId('invest-help-step');
    expect(await steps.nth(0).locator('h3').textContent()).toBe('Buy low (invest USDT)');
    expect(await steps.nth(1).locator('h3').textContent()).toBe('Sell high (invest BTC)');
    await shot(page, 'invest-help-en');
  });

  it('shows the list and the purchase in zh', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
    await page.goto(base + LIST);
    await page.reload();
    const card = page.locator('[data-testid="invest-product"]');
    await expect.poll(() => card.first().textContent(), { timeout: 20_000 }).toContain('高卖');
    await shot(page, 'invest-list-zh');
    await page.goto(`${base}/#/pages/invest/purchase?id=${product.id}`);
    await expect.poll(() => page.getByTestId('invest-payoff').count(), { timeout: 20_000 }).toBe(1);
    await page.getByTestId('invest-shares').fill('2.5');
    await expect.poll(() => page.getByTestId('invest-problem').textContent()).toBe('购买数量必须为整数');
    await page.getByTestId('invest-shares').fill('2');
    await expect.poll(() => page.getByTestId('invest-problem').count()).toBe(0);
    await shot(page, 'invest-purchase-zh');
    await page.goto(`${base}/#/pages/invest/mine`);
    await expect.poll(() => page.locator('[data-testid="invest-order"]').count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'invest-mine-zh');
  });
});
