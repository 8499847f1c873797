/**
 * OTC on a phone (issue 15 part 1): a verified user buys USDT with fiat from a merchant advert the
 * operator created with the CLI (`create-otc-ad`): the OTC list (Buy tab, USD), the order sheet
 * converting 125 USD to 100 USDT live, the order page with its countdown and the merchant's
 * payment details, "I have paid", the operator finding the order (`otc-orders paid`) and
 * releasing it (`release`), the order page turning completed by itself and the 100 USDT visibly
 * arriving in the coin account; releasing twice refused. The home shortcut "quick buy" opens OTC
 * buy. Assertions on lasting state, polled generously; screenshots of each screen (and the sell
 * list in Chinese and Japanese).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { api, base, latestCode, opsCli, registerByApi, signInWith } from './helpers';

const stamp = Date.now();
const email = `otc${stamp}@example.com`;
const merchant = `E2E Desk ${stamp % 100000}`;
const POLL = { timeout: 30_000, interval: 250 };

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

/** Identity level 1 through the real flow: a bound phone, the identity form, the operator's approval. */
async function verifyIdentity(token: string): Promise<void> {
  const mobile = `7${String(stamp).slice(-9)}`;
  await api('/sms_send', { area_code: '1', mobile, scene: 'bind' });
  await api('/safe/mobile', { area_code: '1', mobile, code: await latestCode(`+1${mobile}`) }, token);
  await api('/user/real', { real_type: '1', id_type: 'passport', name: 'Grace Hopper', card_id: 'US7654321', country: 'US' }, token);
  const pending = await opsCli('identities');
  const identity = new RegExp(`^(\\d+)\\s+\\d+\\s+${email.replace(/[.+]/g, '\\$&')}`, 'm').exec(pending)?.[1];
  expect(identity).toBeTruthy();
  await opsCli('approve-identity', identity!);
}

describe('OTC in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let advertId: number;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(email, 'otc-secret');
    await verifyIdentity(token);
    const created = await opsCli(
      'create-otc-ad',
      ...['--merchant', merchant, '--side', 'buy', '--fiat', 'USD', '--price', '1.25', '--min', '10', '--max', '5000'],
      ...['--methods', 'bank_transfer,wise', '--capacity', '1000', '--details', 'E2E Bank · IBAN GB00 TEST 0000 0000 0000 00'],
    );
    advertId = Number(/otc advert #(\d+)/.exec(created)?.[1]);
    expect(advertId).toBeGreaterThan(0);
    const notice = await api('/news/index_pop', {});
    await signInWith(page, token, '/#/pages/index/index');
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('opens OTC buy from the home quick-buy shortcut', async () => {
    await page.goto(`${base}/#/pages/index/index`);
    await page.locator('[data-shortcut="quickBuy"]').click();
    await expect.poll(() => page.url(), POLL).toContain('/pages/otc/otc?side=buy');
    await expect.poll(() => page.getByTestId('otc-advert').count(), POLL).toBeGreaterThan(0);
  });

  it('buys USDT from the operator’s advert, the operator releases it with the CLI, and the USDT arrives', async () => {
    await page.goto(`${base}/#/pages/otc/otc?side=buy&fiat=USD`);
    const card = page.locator(`[data-testid="otc-advert"][data-id="${advertId}"]`);
    await expect.poll(() => card.count(), POLL).toBe(1);
    await expect.poll(() => page.getByTestId('otc-limit').textContent(), POLL).toContain('2,000');
    await shot(page, 'otc-list');

    await card.getByTestId('otc-trade').click();
    await page.getByTestId('otc-amount').fill('125');
    await expect.poll(() => page.getByTestId('otc-converted').textContent(), POLL).toContain('100');
    await page.getByTestId('otc-amount').fill('5');
    await expect.poll(() => page.getByTestId('otc-problem').textContent(), POLL).toContain('10');
    await page.getByTestId('otc-amount').fill('125');
    await expect.poll(() => page.getByTestId('otc-converted').textContent(), POLL).toContain('100');
    await still(page);
    await shot(page, 'otc-order-sheet');
    await page.getByTestId('otc-place').click();

    await expect.poll(() => page.url(), POLL).toContain('/pages/otc/order?id=');
    const orderId = new URL(page.url().replace('/#', '')).searchParams.get('id')!;
    await expect.poll(() => page.getByTestId('otc-order').getAttribute('data-state'), POLL).toBe('pending_payment');
    await expect.poll(() => page.getByTestId('otc-countdown').textContent(), POLL).toMatch(/^1[45]:\d\d$/);
    expect(await page.getByTestId('otc-payment-details').textContent()).toContain('E2E Bank');
    expect(await page.getByTestId('otc-order-usdt').textContent()).toContain('100');
    await shot(page, 'otc-order-pending');

    await page.getByTestId('otc-mark-paid').click();
    await page.getByTestId('otc-confirm-paid').click();
    await expect.poll(() => page.getByTestId('otc-order').getAttribute('data-state'), POLL).toBe('paid');
    await shot(page, 'otc-order-paid');

    const listed = await opsCli('otc-orders', 'paid');
    expect(listed).toContain(email);
    expect(await opsCli('release', orderId)).toContain(`otc order #${orderId} released`);
    // Releasing twice is refused and moves nothing.
    await expect(opsCli('release', orderId)).rejects.toThrow(/already completed/);

    // The notification makes the order page refetch: completed without a reload.
    await expect.poll(() => page.getByTestId('otc-order').getAttribute('data-state'), POLL).toBe('completed');
    await shot(page, 'otc-order-completed');

    await page.goto(`${base}/#/pages/fund/assets?account=change`);
    await expect.poll(() => page.locator('[data-currency="USDT"] [data-testid="balance-total"]').textContent(), POLL).toBe('100');
    await shot(page, 'otc-assets');

    await page.goto(`${base}/#/pages/otc/orders`);
    await expect
      .poll(() => page.locator(`[data-testid="otc-order-card"][data-id="${orderId}"]`).getAttribute('data-state'), POLL)
      .toBe('completed');
    await shot(page, 'otc-my-orders');
  });

  it('reads in Chinese and Japanese', async () => {
    for (const lang of ['zh', 'jp']) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${base}/#/pages/otc/otc?side=sell&fiat=USD`);
      await page.reload();
      await expect.poll(() => page.getByTestId('otc-advert').count(), POLL).toBeGreaterThan(0);
      expect(await page.getByRole('tab').first().textContent()).toBe(lang === 'zh' ? '购买 USDT' : 'USDTを購入');
      await shot(page, `otc-list-sell-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
  });
});
