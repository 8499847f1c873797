/**
 * The assets page counts every holding: a user with 5,000 USDT subscribes
 * 1,000 USDT to an IEO (escrow: before, in no tab and not in the total) and puts 200 USDT into a
 * "buy low" dual product (before, only "Frozen 200" in the coin tab). The page shows a line per
 * kind — Earn 200 USDT, IEO subscriptions 1,000 USDT, Loans collateral and NFT bids none — the
 * coin account without what the lines show, and a total of 5,000 that is the sum of the accounts
 * and the lines. Assertions on lasting state, polled generously; a screenshot of the page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { assetsTotal } from '../../domain/funds/holdings';
import type { DualProduct } from '../../domain/invest/types';
import { launch, phone, shot } from './browser';
import { api, base, opsCli, registerByApi, signInWith } from './helpers';

const stamp = Date.now();
const email = `assets${stamp}@example.com`;
const POLL = { timeout: 30_000, interval: 250 };
const ASSETS = '/#/pages/fund/assets?account=change';

/** A figure as the page prints it ("1,000.00 USDT") read back as a decimal. */
const figure = (text: string | null) => new Decimal((text ?? '').replace(/[^\d.]/g, '') || '0');

describe('assets total in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(email, 'assets-secret');
    expect(await opsCli('credit', email, 'change', 'USDT', '5000', 'e2e', 'assets')).toContain('credit #');
    // A project in progress at 0.5 USDT a token: 2,000 tokens cost 1,000 USDT.
    const out = await opsCli(
      'create-project',
      ...['--name', `Assets ${stamp % 100000}`, '--token', `A${String(stamp).slice(-7)}`, '--price', '0.5', '--total', '100000'],
      ...['--min', '10', '--max', '5000', '--start', new Date(Date.now() - 3_600_000).toISOString()],
      ...['--end', new Date(Date.now() + 86_400_000).toISOString(), '--lock-days', '1'],
      ...['--whitepaper', 'https://example.com/wp.pdf', '--website', 'https://example.com', '--description', 'An e2e project.'],
    );
    const project = /project #(\d+)/.exec(out)?.[1];
    expect(project).toBeDefined();
    const order = await api('/project/order', { project_id: project!, amount: '2000', pay_currency: '3' }, token);
    expect(new Decimal(order.paid).toFixed()).toBe('1000');
    // Two 100 USDT shares of a BTC "buy low" product.
    const puts: DualProduct[] = await api('/dual/index', { currency_id: '1', type: 'put' });
    const put = puts.find((p) => p.status === 'open' && p.share_price === '100');
    expect(put, 'the server issues BTC buy-low products').toBeDefined();
    await api('/dual/buyDual', { id: String(put!.id), num: '2' }, token);
    const notice = await api('/news/index_pop', {});
    await signInWith(page, token, '/#/pages/index/index');
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a line per holding and a total that is the sum of the accounts and the lines', async () => {
    await page.goto(base + ASSETS);
    const line = (kind: string) => page.locator(`[data-testid="assets-line"][data-kind="${kind}"]`);
    await expect.poll(() => page.getByTestId('assets-line').count(), POLL).toBe(4);
    const read = async (kind: string, testId: string) => {
      const text = await line(kind).getByTestId(testId).textContent();
      expect(text).toContain('USDT');
      return figure(text).toFixed();
    };
    await expect.poll(() => read('ieo', 'assets-line-items'), POLL).toBe('1000');
    expect(await read('ieo', 'assets-line-value')).toBe('1000');
    expect(await read('earn', 'assets-line-items')).toBe('200');
    expect(await read('earn', 'assets-line-value')).toBe('200');
    expect(await line('loans').getByTestId('assets-line-items').textContent()).toBe('None');
    expect(await line('nft').getByTestId('assets-line-items').textContent()).toBe('None');
    expect(await line('earn').textContent()).toContain('Earn');
    expect(await line('ieo').textContent()).toContain('IEO subscriptions');
    expect(await line('loans').textContent()).toContain('Loans collateral');
    expect(await line('nft').textContent()).toContain('NFT bids');

    // The coin account keeps what is its own: 5,000 − 1,000 − 200, with no "Frozen 200".
    const usdt = page.locator('[data-currency="USDT"]');
    await expect.poll(async () => figure(await usdt.getByTestId('balance-total').textContent()).toFixed(), POLL).toBe('3800');
    expect(await usdt.textContent()).not.toContain('Frozen');

    // The total: nothing left out (5,000 USDT in all) and the exact sum of what the page lists.
    expect(figure(await page.getByTestId('total-usdt').textContent()).toFixed()).toBe('5000');
    const wallet = await api('/wallet/list', {}, token);
    const parts = [...wallet.accounts.map((a) => a.total_usdt), ...wallet.holdings.map((l) => l.total_usdt)];
    expect(assetsTotal(parts).toFixed(2)).toBe(wallet.total_usdt);
    expect(figure(await page.getByTestId('total-usdt').textContent()).toFixed(2)).toBe(wallet.total_usdt);
    await shot(page, 'assets-lines');
  });
});
