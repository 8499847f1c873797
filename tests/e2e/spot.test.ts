/**
 * Spot on a phone: buy a coin at market with the 25 % button and see the coin
 * balance arrive (the server's fill, as the preview said); place a limit buy below the market
 * (within the price band), see it under the form with its frozen funds, cancel it, funds back; a
 * limit outside the band is said under the price with the submit disabled, one the market already
 * crosses says "Fills now at about …" and fills below its limit; the orders page's
 * tabs; signed out the screen shows with a login button.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { launch, phone, shot } from './browser';
import { api, base, opsCli, registerByApi, signInWith } from './helpers';

const email = `spot${Date.now()}@example.com`;
const SCREEN = `/#/pages/transaction/currency?symbol=${encodeURIComponent('BTC/USDT')}`;
const ORDERS = '/#/pages/transaction/currency_order';

async function coin(token: string, currency: string): Promise<{ available: Decimal; frozen: Decimal }> {
  const row = await api('/wallet/detail', { currency, type: 'change' }, token);
  return { available: new Decimal(row.available), frozen: new Decimal(row.frozen) };
}

describe('spot in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(email, 'spot-secret');
    expect(await opsCli('credit', email, 'change', 'USDT', '10000', 'e2e', 'spot')).toContain('credit #');
  });
  afterAll(() => browser?.close());

  it('signed out: the screen, the book and a login button', async () => {
    const guest = await phone(browser);
    await guest.goto(`${base}${SCREEN}`);
    await expect.poll(() => guest.getByTestId('spot-login').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => guest.getByTestId('last-price').textContent(), { timeout: 20_000 }).not.toBe('--');
    await shot(guest, 'spot-signed-out');
    await guest.close();
  });

  it('buys BTC at market with the 25 % button and the balance arrives', async () => {
    await signInWith(page, token, SCREEN);
    await expect.poll(() => page.getByTestId('spot-available').textContent(), { timeout: 30_000 }).toContain('10,000');
    await page.getByTestId('spot-side-buy').click();
    await page.getByTestId('spot-market').click();
    await page.getByTestId('spot-pct-25').click();
    await expect.poll(async () => (await page.getByTestId('spot-amount').inputValue()) !== '', { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('spot-avg').textContent()).not.toBe('--');
    await expect.poll(() => page.getByTestId('spot-receive').textContent()).toContain('BTC');
    const amount = await page.getByTestId('spot-amount').inputValue();
    await shot(page, 'spot-form');
    await page.getByTestId('spot-submit').click();
    await expect.poll(() => page.getByTestId('spot-confirm').count()).toBe(1);
    await shot(page, 'spot-confirm');
    await page.getByTestId('spot-confirm-submit').click();
    await expect.poll(async () => (await coin(token, '1')).available.gt(0), { timeout: 20_000 }).toBe(true);
    const btc = await coin(token, '1');
    // What arrived: the amount minus the 0.1 % fee (in BTC, rounded up).
    expect(btc.available.toFixed()).toBe(
      new Decimal(amount).minus(new Decimal(amount).mul('0.001').toDecimalPlaces(8, Decimal.ROUND_UP)).toFixed(),
    );
    // What left: exactly the filled order's total (about a quarter: the price may move between preview and fill).
    const [order] = (await api('/coin/list', { status: 'filled' }, token)).data;
    const usdt = await coin(token, '3');
    expect(usdt.available.toFixed()).toBe(new Decimal(10000).minus(order!.total!).toFixed());
    expect(usdt.available.gt(7000) && usdt.available.lt(8000)).toBe(true);
    // Selling shows the BTC available on the screen.
    await page.getByTestId('spot-side-sell').click();
    await expect.poll(() => page.getByTestId('spot-available').textContent(), { timeout: 20_000 }).toContain('BTC');
    await expect.poll(() => page.getByTestId('spot-available').textContent(), { timeout: 20_000 }).not.toMatch(/^0 BTC/);
    await page.getByTestId('spot-side-buy').click();
  });

  it('places a limit buy below the market, sees its frozen funds, cancels it, funds back', async () => {
    const before = await coin(token, '3');
    await page.getByTestId('spot-limit').click();
    // Switching to limit fills in the last price; 90 % of it lies within the 20 % band and rests.
    await expect.poll(async () => (await page.getByTestId('spot-price').inputValue()) !== '', { timeout: 20_000 }).toBe(true);
    const last = await page.getByTestId('spot-price').inputValue();
    const price = new Decimal(last).mul('0.9').toDecimalPlaces(2).toFixed();
    const frozen = new Decimal(price).mul('0.01').toDecimalPlaces(6, Decimal.ROUND_UP);
    await page.getByTestId('spot-price').fill(price);
    await page.getByTestId('spot-amount').fill('0.01');
    await expect.poll(() => page.getByTestId('spot-total').textContent()).toContain('USDT');
    expect(await page.getByTestId('spot-fills-now').count()).toBe(0);
    await page.getByTestId('spot-submit').click();
    await expect.poll(() => page.getByTestId('spot-confirm').count()).toBe(1);
    await page.getByTestId('spot-confirm-submit').click();
    await expect.poll(() => page.getByTestId('spot-open-order').count(), { timeout: 20_000 }).toBe(1);
    expect((await coin(token, '3')).frozen.toFixed()).toBe(frozen.toFixed());
    await page.getByTestId('spot-open-orders').scrollIntoViewIfNeeded();
    await shot(page, 'spot-open-order');
    await page.getByTestId('spot-cancel').click();
    await expect.poll(() => page.getByTestId('spot-open-order').count(), { timeout: 20_000 }).toBe(0);
    const after = await coin(token, '3');
    expect(after.frozen.toFixed()).toBe('0');
    expect(after.available.toFixed()).toBe(before.available.toFixed());
  });

  it('a limit outside the band is said before Confirm; a limit the market crosses fills now, below its limit', async () => {
    // Emptied, then back to limit: the form fills in the last price again.
    await page.getByTestId('spot-limit').click();
    await page.getByTestId('spot-price').fill('');
    await page.getByTestId('spot-market').click();
    await page.getByTestId('spot-limit').click();
    await expect.poll(async () => (await page.getByTestId('spot-price').inputValue()) !== '', { timeout: 20_000 }).toBe(true);
    const mark = new Decimal(await page.getByTestId('spot-price').inputValue());
    await page.getByTestId('spot-amount').fill('0.001');
    // The red team's order: a buy limited at 3 × the market.
    await page.getByTestId('spot-price').fill(mark.mul(3).toDecimalPlaces(2).toFixed());
    await expect.poll(() => page.getByTestId('spot-price-error').textContent()).toContain('The limit price must be between');
    expect(await page.getByTestId('spot-submit').isDisabled()).toBe(true);
    await shot(page, 'spot-limit-outside-band');
    // 5 % above the market: within the band, already crossed — it fills now at about the market.
    const limit = mark.mul('1.05').toDecimalPlaces(2);
    await page.getByTestId('spot-price').fill(limit.toFixed());
    await expect.poll(() => page.getByTestId('spot-fills-now').textContent()).toContain('Fills now at about');
    expect(await page.getByTestId('spot-price-error').count()).toBe(0);
    await shot(page, 'spot-limit-fills-now');
    const before = await coin(token, '3');
    await page.getByTestId('spot-submit').click();
    await expect.poll(() => page.getByTestId('confirm-fills-now').count()).toBe(1);
    await shot(page, 'spot-confirm-fills-now');
    await page.getByTestId('spot-confirm-submit').click();
    await expect.poll(async () => (await api('/coin/list', { status: 'filled' }, token)).total, { timeout: 20_000 }).toBe(2);
    const [order] = (await api('/coin/list', { status: 'filled' }, token)).data;
    expect(order).toMatchObject({ kind: 'limit', target_price: limit.toFixed() });
    expect(new Decimal(order!.avg_price!).lt(limit)).toBe(true);
    // It spent the fill's total, less than the 0.001 × limit it froze; nothing stays frozen.
    const after = await coin(token, '3');
    expect(after.frozen.toFixed()).toBe('0');
    expect(before.available.minus(after.available).toFixed()).toBe(new Decimal(order!.total!).toFixed());
    expect(new Decimal(order!.total!).lt(limit.mul('0.001'))).toBe(true);
  });

  it('says a problem once, where it belongs, and holds the submit until it is mended', async () => {
    // A resting limit buy of more BTC than the account can pay for: "Insufficient balance" once, under the figures.
    await page.getByTestId('spot-limit').click();
    await expect.poll(async () => (await page.getByTestId('spot-price').inputValue()) !== '', { timeout: 20_000 }).toBe(true);
    const mark = new Decimal(await page.getByTestId('spot-price').inputValue());
    await page.getByTestId('spot-price').fill(mark.mul('0.95').toDecimalPlaces(2).toFixed());
    await page.getByTestId('spot-amount').fill('1');
    const form = page.getByTestId('spot-form');
    await expect.poll(() => page.getByTestId('spot-problem').textContent(), { timeout: 20_000 }).toBe('Insufficient balance');
    await expect.poll(() => page.getByTestId('spot-submit').isDisabled()).toBe(true);
    await page.getByTestId('spot-submit').click({ force: true });
    expect(((await form.textContent()) ?? '').split('Insufficient balance').length - 1).toBe(1);
    expect(await page.getByTestId('spot-error').count()).toBe(0);
    // Mended, the submit comes back and the message goes.
    await page.getByTestId('spot-amount').fill('0.001');
    await expect.poll(() => page.getByTestId('spot-problem').count()).toBe(0);
    await expect.poll(() => page.getByTestId('spot-submit').isDisabled()).toBe(false);
  });

  it('the orders page: filled with its deciding price, cancelled, open empty', async () => {
    await page.goto(`${base}${ORDERS}`);
    await expect.poll(() => page.getByText('No open orders').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Filled' }).click();
    await expect.poll(() => page.getByTestId('spot-order-row').count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('row-deciding').first().textContent()).toContain('Filled at market price');
    await shot(page, 'spot-orders-filled');
    await page.getByRole('tab', { name: 'Cancelled' }).click();
    await expect.poll(() => page.locator('[data-testid="spot-order-row"][data-status="cancelled"]').count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'spot-orders-cancelled');
  });
});
