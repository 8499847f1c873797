import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { launch, phone, shot } from './browser';
import { DEMO_ACCOUNT } from '../../server/seed/seed';
import { api, base, latestCode, loginByApi, opsCli, registerByApi, sendCode, signInWith, toastsSeen, watchToasts } from './helpers';

const NOTIFICATIONS = '/#/pages/setting/notifications';

const JPEG = readFileSync(path.resolve(__dirname, 'fixtures/photo.jpg'));
const email = `funds${Date.now()}@example.com`;
const mobile = `6${String(Date.now()).slice(-9)}`;

describe('funds in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(email, 'funds-secret');
    // Identity level 1 through the real flow.
    await api('/sms_send', { area_code: '1', mobile, scene: 'bind' });
    await api('/safe/mobile', { area_code: '1', mobile, code: await latestCode(`+1${mobile}`) }, token);
    await api('/user/real', { real_type: '1', id_type: 'passport', name: 'Ada Lovelace', card_id: 'GB1234567', country: 'GB' }, token);
    const pending = await opsCli('identities');
    const identity = new RegExp(`^(\\d+)\\s+\\d+\\s+${email.replace(/[.+]/g, '\\$&')}`, 'm').exec(pending)?.[1];
    await opsCli('approve-identity', identity!);
    await signInWith(page, token, '/#/pages/fund/assets');
  });
  afterAll(() => browser?.close());

  it('deposits with a voucher; the operator approves with the CLI; balance and bill show it', async () => {
    await page.goto(`${base}/#/pages/fund/receive?currency=3`);
    await expect.poll(() => page.getByTestId('deposit-address').textContent()).toContain('TRC20');
    await page.getByRole('tab', { name: 'ERC20' }).click();
    await expect.poll(() => page.getByTestId('deposit-address').textContent()).toContain('0x');
    await page.getByRole('tab', { name: 'TRC20' }).click();
    await page.getByLabel('Amount sent').fill('1250.5');
    await page.locator('[data-testid="voucher"] input[type=file]').setInputFiles({ name: 'pay.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await expect.poll(() => page.getByText('Uploaded').count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'deposit');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.waitForURL(/receive_withdraw_record/);
    await expect.poll(() => page.locator('[data-status="pending"]').count()).toBeGreaterThan(0);

    const listed = await opsCli('deposits');
    const id = new RegExp(`^(\\d+)\\s+\\d+\\s+${email.replace(/[.+]/g, '\\$&')}`, 'm').exec(listed)?.[1];
    expect(id, listed).toBeDefined();
    expect(listed).toContain('voucher: http');
    expect(await opsCli('approve-deposit', id!)).toContain('approved');

    await page.goto(`${base}/#/pages/fund/assets?account=change`);
    await expect.poll(() => page.locator('[data-currency="USDT"] [data-testid="balance-total"]').textContent()).toBe('1,250.5');
    await shot(page, 'assets');
    await page.locator('[data-currency="USDT"]').click();
    await expect.poll(() => page.getByText('Deposit').count()).toBeGreaterThan(0);
    await shot(page, 'assets-record');
  });

  it('says why a fake PNG is refused, and keeps a large deposit amount on one line', async () => {
    await page.goto(`${base}/#/pages/fund/receive?currency=3`);
    await expect.poll(() => page.getByTestId('deposit-address').textContent()).toContain('TRC20');
    const picker = page.locator('[data-testid="voucher"] input[type=file]');
    await picker.setInputFiles({ name: 'pay.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    // The reason stays on the picker (not only in a toast that goes away).
    await expect
      .poll(() => page.getByTestId('voucher-error').textContent(), { timeout: 15_000 })
      .toContain('The file is not a valid image');
    await shot(page, 'deposit-fake-png');

    await page.getByLabel('Amount sent').fill('9999999.999999');
    await picker.setInputFiles({ name: 'pay.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await expect.poll(() => page.getByText('Uploaded').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('voucher-error').count()).toBe(0);
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.waitForURL(/receive_withdraw_record/);
    const amount = page.locator('[data-testid="deposit-item"] b.num').first();
    await expect.poll(() => amount.textContent()).toContain('9,999,999.999999');
    // One line box for the number's text: it is never broken in the middle.
    const lines = await amount.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el.firstChild!);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    expect(await amount.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
    await shot(page, 'deposit-record-large');
  });

  it('hides and shows balances', async () => {
    await page.goto(`${base}/#/pages/fund/assets`);
    await expect.poll(() => page.getByTestId('total-usdt').textContent()).toMatch(/\d/);
    await page.getByTestId('toggle-hidden').click();
    await expect.poll(() => page.getByTestId('total-usdt').textContent()).toBe('******');
    await page.getByTestId('toggle-hidden').click();
    await expect.poll(() => page.getByTestId('total-usdt').textContent()).toMatch(/\d/);
  });

  it('transfers between accounts', async () => {
    await page.goto(`${base}/#/pages/fund/fundTransfer?currency=3&from=change`);
    await page.getByRole('textbox').first().waitFor();
    await page.locator('input[inputmode="decimal"]').fill('250');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect.poll(() => page.getByText('Transferred').count()).toBeGreaterThan(0);
    await shot(page, 'fund-transfer');
    await page.goto(`${base}/#/pages/fund/assets?account=lever`);
    await expect.poll(() => page.locator('[data-currency="USDT"] [data-testid="balance-total"]').textContent()).toBe('250');
  });

  it('refuses a withdrawal over the 24 h limit with the message', async () => {
    // A payment password (its code goes to the phone once the server allows a second code there),
    // a BTC address, and 250 BTC credited by the operator.
    await sendCode('/safe/send_code', { channel: 'mobile' }, token);
    await api('/safe/pay_password', { pay_password: '135790', re_pay_password: '135790', code: await latestCode(`+1${mobile}`) }, token);
    await api(
      '/user/wallet/save',
      { currency: 'BTC', name: 'Cold storage', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', pay_password: '135790' },
      token,
    );
    expect(await opsCli('credit', email, 'change', 'BTC', '250', 'e2e', 'funds')).toContain('credit #');

    await page.goto(`${base}/#/pages/fund/withdraw?currency=1`);
    await expect.poll(() => page.getByTestId('limit-left').textContent()).toContain('200');
    await page.getByRole('radio', { name: /Cold storage/ }).click();
    // The address's network beside its name, read from its format.
    expect(
      await page
        .getByRole('radio', { name: /Cold storage/ })
        .getByTestId('address-network')
        .textContent(),
    ).toBe('NetworkBTC');
    await page.getByLabel('Amount').fill('210');
    await expect.poll(() => page.getByTestId('arrival').textContent()).toContain('209.9998');
    await page.getByPlaceholder('6-digit payment password').fill('135790');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect.poll(() => page.getByText(/exceeds your 24-hour withdrawal limit of 200 BTC/).count()).toBe(1);
    await shot(page, 'withdraw-limit');
    // What lasts: no withdrawal was made and the 250 BTC are all still available.
    expect((await api('/user/withdraw/list', {}, token)).total).toBe(0);
    const btc = await api('/wallet/detail', { currency: '1', type: 'change' }, token);
    expect(btc.currency).toBe('BTC');
    expect(new Decimal(btc.available).eq(250) && new Decimal(btc.frozen).isZero()).toBe(true);

    // An address added from here, for this coin, comes back chosen.
    await page.getByTestId('withdraw-add-address').click();
    await expect.poll(() => page.getByTestId('wallet-currency').textContent()).toContain('BTC');
    await page.locator('input[name="name"]').fill('Hardware wallet');
    await page.locator('input[name="address"]').fill('bc1q9h6tq7ud8t4lfrmyfh3ruf0uz3w6x3pm7ry3zm');
    await page.locator('input[name="pay_password"]').fill('135790');
    await page.getByTestId('wallet-submit').click();
    await expect.poll(() => page.url()).toContain('/pages/fund/withdraw');
    await expect
      .poll(() => page.getByRole('radio', { name: /Hardware wallet/ }).getAttribute('aria-checked'), { timeout: 20_000 })
      .toBe('true');
    expect(await page.getByRole('radio', { name: /Cold storage/ }).getAttribute('aria-checked')).toBe('false');
  });

  it('exchanges at a firm quote with its countdown, as a Convert screen does', async () => {
    await page.goto(`${base}/#/pages/fund/transfer?currency=3`);
    await watchToasts(page);
    await page.getByTestId('exchange-amount').fill('100');
    await expect.poll(() => page.getByTestId('exchange-quote').textContent()).toMatch(/^Quote valid for \d+ s$/);
    const promised = await page.getByTestId('exchange-receive').textContent();
    expect(promised).toMatch(/^0\.\d+ BTC$/);
    await shot(page, 'exchange-quote');
    await page.getByTestId('exchange-submit').click();
    await expect
      .poll(() => toastsSeen(page).then((seen) => seen.some((text) => /^Exchanged 100 USDT for 0\.\d+ BTC$/.test(text))))
      .toBe(true);
    // What lasts: one exchange, paid at least what the quote promised.
    const list = await api('/user/getTransferList', {}, token);
    expect(list.total).toBe(1);
    expect(new Decimal(list.data[0]!.to_amount).gte(promised!.replace(' BTC', ''))).toBe(true);
  });

  it("tells the demo account why it was credited in the reader's language, not in English", async () => {
    const demo = await phone(browser);
    // This device reads Vietnamese (the app's start stores nothing over a choice: src/i18n.ts).
    await demo.goto(`${base}/#/`);
    await demo.evaluate(() => localStorage.setItem('lang', 'vi'));
    await signInWith(demo, await loginByApi(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password), NOTIFICATIONS);
    await expect.poll(() => demo.getByText('tiền khởi đầu của tài khoản dùng thử').count()).toBeGreaterThan(0);
    expect(await demo.getByText(/seed:|demo account/).count()).toBe(0);
    await shot(demo, 'notifications-demo-vi');
    await demo.close();
  });
});
