/**
 * The finance tab on a phone: signed out it offers the products and a way in;
 * a user holding a lockming order and an IEO subscription sees each product's holding and the
 * total, in English and Chinese. Assertions are about lasting state, polled generously.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { launch, phone, shot } from './browser';
import { api, base, opsCli, registerByApi, signInWith } from './helpers';

const email = `finance${Date.now()}@example.com`;
const TAB = '/#/pages/financial/index';

describe('the finance tab in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(email, 'finance-secret');
    expect(await opsCli('credit', email, 'change', 'USDT', '5000', 'e2e', 'finance')).toContain('credit #');
  });
  afterAll(() => browser?.close());

  it('signed out, shows the products with their offer and a way to log in', async () => {
    const notice = await api('/news/index_pop', {});
    await page.goto(base + TAB);
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
    await page.reload();
    await expect.poll(() => page.getByTestId('finance-total').textContent(), { timeout: 20_000 }).toContain('Log in');
    await expect.poll(() => page.getByTestId('finance-product-lockming').textContent(), { timeout: 20_000 }).toContain('a day');
    await expect.poll(() => page.getByTestId('finance-product-ieo').textContent(), { timeout: 20_000 }).toContain('taking subscriptions');
    await shot(page, 'financial-signed-out-en');
  });

  it('shows what the user holds in each product and the total', async () => {
    const products = await api('/lh/deposit/config', {});
    const lockming = products.find((p) => p.currency === 'USDT' && p.cycle_days === 15)!;
    await api('/lh/deposit', { config_id: String(lockming.id), amount: '1000' }, token);
    // The seeded project (other files create projects of their own on the same server).
    const project = (await api('/project', { phase: 'in_progress' })).find(
      (p) => p.pay_currency_id === 3 && new Decimal(p.price).eq('0.05'),
    )!;
    expect(project).toBeDefined();
    // 1000 tokens at the seeded 0.05 USDT: 50 USDT in escrow.
    await api('/project/order', { project_id: String(project.id), amount: '1000', pay_currency: String(project.pay_currency_id) }, token);
    await signInWith(page, token, TAB);
    await expect.poll(() => page.getByTestId('finance-total-usdt').textContent(), { timeout: 20_000 }).toContain('1,050.00');
    const lockmingCard = page.getByTestId('finance-holdings-lockming');
    await expect.poll(() => lockmingCard.textContent(), { timeout: 20_000 }).toContain('1,000');
    expect(await page.getByTestId('finance-holdings-ieo').getByTestId('finance-product-value').textContent()).toContain('50.00');
    await shot(page, 'financial-holdings-en');
    await page.getByTestId('finance-product-lockming').getByRole('link', { name: 'My orders' }).click();
    await expect.poll(() => page.url()).toContain('/pages/lockming/order');
  });

  it('shows the tab in Chinese', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
    await page.goto(base + TAB);
    await page.reload();
    await expect.poll(() => page.getByTestId('finance-total').textContent(), { timeout: 20_000 }).toContain('理财持仓');
    await expect.poll(() => page.getByTestId('finance-total-usdt').textContent(), { timeout: 20_000 }).toContain('1,050.00');
    await shot(page, 'financial-holdings-zh');
  });
});
