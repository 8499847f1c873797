/**
 * Loans on a phone: a verified user with BTC in the coin account opens the
 * borrowing page, pledges 0.1 BTC for 1000 USDT with the worker's live preview (max borrowable,
 * LTV, liquidation price), confirms, finds the loan with its live LTV, then repays it in full
 * from the sheet ("Repay all") and gets the BTC back; the balances move on the page and in the
 * API. Assertions are about lasting state, polled generously.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import type { Loan } from '../../domain/loans/types';
import { launch, phone, shot } from './browser';
import { api, base, latestCode, opsCli, registerByApi, signInWith } from './helpers';

const email = `loans${Date.now()}@example.com`;
const mobile = `5${String(Date.now()).slice(-9)}`;
const PAGE = '/#/pages/common/borrowing';
const POLL = { timeout: 20_000 };

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

describe('loans in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let loan: Loan;

  const coin = async (currency: string) => {
    const wallet = await api('/wallet/list', {}, token);
    const account = wallet.accounts.find((a) => a.id === 2)!;
    return new Decimal(account.balances.find((b) => b.currency === currency)?.available ?? '0').toFixed();
  };

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(email, 'loans-secret');
    await api('/sms_send', { area_code: '1', mobile, scene: 'bind' });
    await api('/safe/mobile', { area_code: '1', mobile, code: await latestCode(`+1${mobile}`) }, token);
    await api('/user/real', { real_type: '1', id_type: 'passport', name: 'Ada Lovelace', card_id: 'GB7654321', country: 'GB' }, token);
    const pending = await opsCli('identities');
    const identity = new RegExp(`^(\\d+)\\s+\\d+\\s+${email.replace(/[.+]/g, '\\$&')}`, 'm').exec(pending)?.[1];
    await opsCli('approve-identity', identity!);
    expect(await opsCli('credit', email, 'change', 'BTC', '0.1', 'e2e', 'loans')).toContain('credit #');
    expect(await opsCli('credit', email, 'change', 'USDT', '50', 'e2e', 'loans')).toContain('credit #');
    const notice = await api('/news/index_pop', {});
    await signInWith(page, token, PAGE);
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
  });
  afterAll(() => browser?.close());

  it('previews a borrow in the worker and takes the loan through the confirmation sheet', async () => {
    await expect.poll(() => page.getByTestId('loan-coin-BTC').count(), POLL).toBe(1);
    await page.getByTestId('loan-coin-BTC').click();
    await page.getByTestId('loan-collateral').fill('0.1');
    // The worker's price of BTC/USDT arrives with the quotes: the max borrowable is 65% of 0.1 BTC.
    await expect.poll(() => page.getByTestId('loan-max-borrow').textContent(), POLL).toMatch(/\d,\d{3}/);
    await page.getByTestId('loan-amount').fill('1000');
    await expect.poll(() => page.getByTestId('loan-preview-ltv').textContent(), POLL).toMatch(/\d+\.\d\d%/);
    await shot(page, 'loans-borrow-en');
    await page.getByTestId('loan-borrow').click();
    await expect.poll(() => page.getByTestId('loan-confirm').count()).toBe(1);
    await still(page);
    await shot(page, 'loans-confirm-en');
    await page.getByTestId('loan-confirm-submit').click();
    await expect.poll(async () => (await api('/loan/list', { status: 'open' }, token)).total, POLL).toBe(1);
    loan = (await api('/loan/list', { status: 'open' }, token)).data[0]!;
    // Day 1's interest at 0.02%: 0.2.
    expect(loan).toMatchObject({ currency: 'BTC', collateral: '0.1', borrowed: '1000', debt: '1000.2' });
    expect(await coin('USDT')).toBe('1050');
    expect(await coin('BTC')).toBe('0');
  });

  it('lists the loan with its live LTV and debt', async () => {
    const card = page.getByTestId(`loan-card-${loan.id}`);
    await expect.poll(() => card.count(), POLL).toBe(1);
    await expect.poll(() => card.getByTestId('loan-live-ltv').textContent(), POLL).toMatch(/\d+\.\d\d%/);
    expect(await card.getByTestId('loan-debt').textContent()).toBe('1,000.2');
    await shot(page, 'loans-list-en');
  });

  it('repays the whole debt from the sheet and gets the collateral back', async () => {
    const card = page.getByTestId(`loan-card-${loan.id}`);
    await card.getByTestId('loan-repay').click();
    await expect.poll(() => page.getByTestId('loan-repay-sheet').count()).toBe(1);
    await page.getByTestId('loan-repay-all').click();
    await expect.poll(() => page.getByTestId('loan-repay-amount').inputValue()).toBe('1000.2');
    await still(page);
    await shot(page, 'loans-repay-en');
    await page.getByTestId('loan-repay-submit').click();
    await expect.poll(async () => (await api('/loan/list', { status: 'repaid' }, token)).total, POLL).toBe(1);
    expect(await coin('USDT')).toBe('49.8');
    expect(await coin('BTC')).toBe('0.1');
    await expect.poll(() => card.count(), POLL).toBe(0);
    await page.getByRole('tab', { name: 'Repaid' }).click();
    await expect.poll(() => page.getByTestId(`loan-card-${loan.id}`).count(), POLL).toBe(1);
    await shot(page, 'loans-repaid-en');
    // Back on the borrow tab the BTC is available again.
    await page.getByRole('tab', { name: 'Borrow' }).click();
    await expect.poll(() => page.locator('body').textContent(), POLL).toContain('0.1 BTC');
  });

  it('shows the page in Chinese', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
    await page.goto(base + PAGE);
    await page.reload();
    await expect.poll(() => page.locator('body').textContent(), POLL).toContain('质押借币');
    await page.getByTestId('loan-collateral').fill('0.05');
    await page.getByTestId('loan-amount').fill('500');
    await expect.poll(() => page.getByTestId('loan-preview-ltv').textContent(), POLL).toMatch(/%/);
    await shot(page, 'loans-borrow-zh');
  });
});
