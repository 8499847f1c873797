/**
 * OTC on a phone: a verified user buys USDT with fiat from a merchant advert the
 * operator created with the CLI (`create-otc-ad`): the OTC list (Buy tab, USD), the order sheet
 * converting 125 USD to 100 USDT live, the order page with its countdown and the merchant's
 * payment details, "I have paid", the operator finding the order (`otc-orders paid`) and
 * releasing it (`release`), the order page turning completed by itself and the 100 USDT visibly
 * arriving in the coin account; releasing twice refused. The home shortcut "quick buy" opens OTC
 * buy. Assertions on lasting state, polled generously; screenshots of each screen (and the sell
 * list in Chinese and Japanese).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { api, base, latestCode, opsCli, registerByApi, signInWith } from './helpers';

const stamp = Date.now();
const email = `otc${stamp}@example.com`;
const merchant = `E2E Desk ${stamp % 100000}`;
const POLL = { timeout: 30_000, interval: 250 };
const JPEG = readFileSync(path.resolve(__dirname, 'fixtures/photo.jpg'));

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

/** The operator approves the pending submission of `who`. */
async function approvePending(who: string): Promise<void> {
  const pending = await opsCli('identities');
  const identity = new RegExp(`^(\\d+)\\s+\\d+\\s+${who.replace(/[.+]/g, '\\$&')}`, 'm').exec(pending)?.[1];
  expect(identity).toBeTruthy();
  await opsCli('approve-identity', identity!);
}

/** Identity level 1 through the real flow: a bound phone, the identity form, the operator's approval. */
async function verifyIdentity(token: string, who = email, mobile = `7${String(stamp).slice(-9)}`): Promise<void> {
  await api('/sms_send', { area_code: '1', mobile, scene: 'bind' });
  await api('/safe/mobile', { area_code: '1', mobile, code: await latestCode(`+1${mobile}`) }, token);
  await api('/user/real', { real_type: '1', id_type: 'passport', name: 'Grace Hopper', card_id: 'US7654321', country: 'US' }, token);
  await approvePending(who);
}

/** Uploads the test photo for the identity documents as the app would; answers its URL. */
async function upload(token: string): Promise<string> {
  const form = new FormData();
  form.append('scene', 'identity');
  form.append('file', new Blob([JPEG], { type: 'image/jpeg' }), 'id.jpg');
  const res = await fetch(`${base}/api/upload`, { method: 'POST', headers: { authorization: token }, body: form });
  const body = (await res.json()) as { type: string; message: string };
  if (body.type !== 'ok') throw new Error(`upload: ${body.message}`);
  return body.message;
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

  it('states one per-trade limit for a level-2 user: the banner and the order sheet say the same figure', async () => {
    // The banner once said 1,000,000 USDT (the English text's figure), the sheet "your limit
    // 100,000 USDT" (the one enforced). Both now read the server's one answer for the level.
    const who = `otc2-${stamp}@example.com`;
    const second = await registerByApi(who, 'otc-secret');
    await verifyIdentity(second, who, `6${String(stamp).slice(-9)}`);
    await api('/user/real', { real_type: '2', front_pic: await upload(second), reverse_pic: await upload(second) }, second);
    await approvePending(who);
    const other = await phone(browser);
    try {
      const notice = await api('/news/index_pop', {});
      await signInWith(other, second);
      await other.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
      await other.goto(`${base}/#/pages/otc/otc?side=buy&fiat=USD`);
      const card = other.locator(`[data-testid="otc-advert"][data-id="${advertId}"]`);
      await expect.poll(() => card.count(), POLL).toBe(1);
      await expect.poll(() => other.getByTestId('otc-limit').textContent(), POLL).toContain('100,000 USDT');
      expect(await other.getByTestId('otc-limit').textContent()).not.toContain('1,000,000');
      await card.getByTestId('otc-trade').click();
      await expect.poll(() => other.getByTestId('otc-per-trade').textContent(), POLL).toContain('100,000 USDT');
      expect(await other.getByTestId('otc-per-trade').textContent()).toContain(await other.getByTestId('otc-limit-figure').textContent());
      await still(other);
      await shot(other, 'otc-order-sheet-level2');
    } finally {
      await other.context().close();
    }
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
