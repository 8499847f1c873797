/**
 * Invitations and coupons on a phone: a friend registers with the
 * inviter's code and trades futures; the inviter sees the invite, the traded friend and the rebate
 * on the share page (and the poster saves). The friend claims a fee voucher in the coupon center,
 * opens a futures position whose fee it pays in part, and finds the voucher used and what it paid
 * in the futures bill. Assertions are about lasting state, polled generously.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import path from 'node:path';
import { SHOTS_DIR, launch, phone, shot } from './browser';
import { api, base, latestCode, loginByApi, opsCli, registerByApi, signInWith } from './helpers';

const stamp = Date.now();
const inviterEmail = `inviter${stamp}@example.com`;
const friendEmail = `friend${stamp}@example.com`;
const PASSWORD = 'rewards-secret';
const BTC_PAIR = '1';

async function dismissNotice(page: Page): Promise<void> {
  const notice = await api('/news/index_pop', {});
  await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
}

describe('invitations, rebates and coupons in a phone browser', () => {
  let browser: Browser;
  let inviterPage: Page;
  let friendPage: Page;
  let inviter: string;
  let friend: string;
  let code: string;

  beforeAll(async () => {
    browser = await launch();
    inviter = await registerByApi(inviterEmail, PASSWORD);
    code = (await api('/rewards/invite', {}, inviter)).invite_code;
    await api('/sms_mail', { user_string: friendEmail, scene: 'register' });
    await api('/user/register', {
      type: 'email',
      user_string: friendEmail,
      code: await latestCode(friendEmail),
      password: PASSWORD,
      re_password: PASSWORD,
      extension_code: code,
    });
    friend = await loginByApi(friendEmail, PASSWORD);
    expect(await opsCli('credit', friendEmail, 'lever', 'USDT', '5000', 'e2e', 'rewards')).toContain('credit #');
  });
  afterAll(() => browser?.close());

  it('shows the inviter the friend who registered with the code, traded, and the rebate it paid', async () => {
    const trade = await api('/lever/submit', { match_id: BTC_PAIR, type: '1', share: '1', multiple: '10' }, friend);
    const expected = new Decimal(trade.fee).times('0.2').toDecimalPlaces(6, Decimal.ROUND_DOWN);
    inviterPage = await phone(browser);
    await signInWith(inviterPage, inviter, '/#/pages/setting/share');
    await dismissNotice(inviterPage);
    await expect.poll(() => inviterPage.getByTestId('share-code').textContent(), { timeout: 30_000 }).toContain(code);
    await expect.poll(() => inviterPage.getByTestId('share-invited').textContent(), { timeout: 20_000 }).toBe('1');
    expect(await inviterPage.getByTestId('share-traded').textContent()).toBe('1');
    await expect.poll(() => inviterPage.locator('[data-testid="share-qr"]').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => inviterPage.getByTestId('invitee').count(), { timeout: 20_000 }).toBe(1);
    expect(await inviterPage.getByTestId('invitee-traded').getAttribute('data-traded')).toBe('true');
    await shot(inviterPage, 'rewards-share-en');

    // The poster: drawn on a canvas and saved as a PNG (desktop Chromium cannot share files).
    const download = inviterPage.waitForEvent('download', { timeout: 20_000 });
    await inviterPage.getByTestId('share-poster').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`invite-${code}.png`);
    await file.saveAs(path.join(SHOTS_DIR, 'rewards-poster.png'));

    await inviterPage.goto(`${base}/#/pages/setting/share?tab=rebate`);
    const row = inviterPage.getByTestId('rebate-item');
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.getAttribute('data-area')).toBe('futures');
    expect(await inviterPage.getByTestId('rebate-amount').textContent()).toContain(expected.toFixed());
    await expect.poll(() => inviterPage.getByTestId('share-rebates').textContent(), { timeout: 20_000 }).toContain('USDT');
    await shot(inviterPage, 'rewards-rebates-en');
  });

  it('claims a fee voucher in the coupon center and sees it pay part of a futures fee in the bill', async () => {
    const end = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const created = await opsCli(
      'create-coupon-kind',
      '--type',
      'futures_fee',
      '--value',
      '0.1',
      '--days',
      '7',
      '--total',
      '10',
      '--end',
      end,
    );
    const kindId = /#(\d+)/.exec(created)![1]!;
    friendPage = await phone(browser);
    await signInWith(friendPage, friend, '/#/pages/setting/coupon');
    await dismissNotice(friendPage);
    const card = friendPage.locator(`[data-testid="coupon-kind"][data-id="${kindId}"]`);
    await expect.poll(() => card.count(), { timeout: 30_000 }).toBe(1);
    await shot(friendPage, 'rewards-coupon-center-en');
    await card.getByTestId('coupon-claim').click();
    await expect.poll(async () => (await api('/rewards/coupons', { state: 'usable' }, friend)).total, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => card.getByTestId('coupon-claim').isDisabled(), { timeout: 20_000 }).toBe(true);

    const trade = await api('/lever/submit', { match_id: BTC_PAIR, type: '2', share: '1', multiple: '10' }, friend);
    expect(new Decimal(trade.fee).gt('0.1')).toBe(true);

    await friendPage.goto(`${base}/#/pages/setting/coupon?tab=mine&state=used`);
    const mine = friendPage.getByTestId('my-coupon');
    await expect.poll(() => mine.count(), { timeout: 20_000 }).toBe(1);
    expect(await mine.getAttribute('data-state')).toBe('used');
    await shot(friendPage, 'rewards-my-coupons-en');

    await friendPage.goto(`${base}/#/pages/fund/assets_all_record?account=lever&kind=coupon_fee`);
    const bill = friendPage.locator('[data-testid="bill-item"][data-kind="coupon_fee"]');
    await expect.poll(() => bill.count(), { timeout: 20_000 }).toBe(1);
    expect(await bill.getByTestId('bill-delta').textContent()).toContain('0.1');
    expect(await bill.textContent()).toContain('Fee voucher');
    await shot(friendPage, 'rewards-bill-en');

    await friendPage.evaluate(() => localStorage.setItem('lang', 'zh'));
    await friendPage.goto(`${base}/#/pages/setting/coupon?tab=mine&state=used`);
    await friendPage.reload();
    await expect.poll(() => friendPage.getByTestId('my-coupon-state').textContent(), { timeout: 20_000 }).toBe('已使用');
    await shot(friendPage, 'rewards-my-coupons-zh');
  });
});
