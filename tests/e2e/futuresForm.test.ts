/**
 * The futures order form as a new user met it: the take-profit and stop-loss
 * are checked as typed, each with its message under its box, and "Open long" stays off (no
 * confirmation) while one is wrong; after an order they are cleared, so a long's TP/SL never
 * goes into the next short; the leverage chosen on a pair is what the pair opens with next time,
 * and only on that pair. Assertions poll lasting state.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { launch, phone, shot } from './browser';
import { api, base, opsCli, registerByApi, signInWith } from './helpers';

const POLL = { timeout: 20_000 };
const email = `futuresform${Date.now()}@example.com`;
const SYMBOL = 'BTC/USDT';
const OTHER = 'ETH/USDT';
const pairPath = (symbol: string) => `/#/pages/transaction/contract?symbol=${encodeURIComponent(symbol)}`;

describe('the futures order form checks TP/SL as typed and keeps the leverage', () => {
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(email, 'futures-form-secret');
    expect(await opsCli('credit', email, 'lever', 'USDT', '5000', 'e2e', 'futures form')).toContain('credit #');
    await signInWith(page, token, pairPath(SYMBOL));
  });
  afterAll(() => browser?.close());

  const leverage = () => page.getByTestId('order-leverage');
  const submit = () => page.getByTestId('order-submit');

  it('opens each pair with the leverage last chosen on it', async () => {
    await expect.poll(() => page.getByTestId('order-available').textContent(), POLL).toContain('5,000');
    await expect.poll(() => leverage().textContent()).toBe('10×');
    await leverage().click();
    const names = await page.getByTestId('leverage-options').getByRole('button').allTextContents();
    const chosen = names.find((n) => n !== '10×')!;
    expect(chosen).toBeTruthy();
    await page.getByTestId('leverage-options').getByRole('button', { name: chosen, exact: true }).click();
    await expect.poll(() => leverage().textContent()).toBe(chosen);

    await page.reload();
    await expect.poll(() => page.getByTestId('order-available').textContent(), POLL).toContain('5,000');
    await expect.poll(() => leverage().textContent(), POLL).toBe(chosen);
    // Another pair keeps its own (the default here), and the first keeps the choice.
    await page.goto(base + pairPath(OTHER));
    await expect.poll(() => page.getByTestId('order-available').textContent(), POLL).toContain('5,000');
    await expect.poll(() => leverage().textContent(), POLL).toBe('10×');
    await page.goto(base + pairPath(SYMBOL));
    await expect.poll(() => page.getByTestId('order-available').textContent(), POLL).toContain('5,000');
    await expect.poll(() => leverage().textContent(), POLL).toBe(chosen);
    // Back to 10× for the orders below.
    await leverage().click();
    await page.getByTestId('leverage-options').getByRole('button', { name: '10×', exact: true }).click();
  });

  it('tells a wrong take-profit or stop-loss under its box as typed, with Open long off, and clears both after the order', async () => {
    await page.getByTestId('order-side-long').click();
    await page.getByTestId('order-market').click();
    await page.getByTestId('order-pct-25').click();
    await expect.poll(async () => (await page.getByTestId('order-lots').inputValue()) !== '', POLL).toBe(true);
    await page.getByTestId('order-stops-toggle').click();

    await page.getByTestId('order-tp').fill('abc');
    await expect.poll(() => page.getByTestId('order-tp-error').textContent(), POLL).toBe('Enter a valid price');
    await expect.poll(() => submit().isDisabled()).toBe(true);
    await page.getByTestId('order-sl').fill('−5');
    await expect.poll(() => page.getByTestId('order-sl-error').textContent(), POLL).toBe('Enter a valid price');

    const ticker = (await api('/currency/quotation_new', {})).find((t) => t.symbol === SYMBOL)!;
    const price = new Decimal(ticker.price);
    // A long's take-profit below the price: the wrong side.
    await page.getByTestId('order-tp').fill(price.mul('0.9').toFixed(2));
    await expect.poll(() => page.getByTestId('order-tp-error').textContent(), POLL).toContain('Take-profit must be above');
    await expect.poll(() => submit().isDisabled()).toBe(true);
    await submit().click({ force: true });
    expect(await page.getByTestId('order-confirm').count()).toBe(0);
    await shot(page, 'futures-form-stops-wrong');

    const tp = price.mul('1.05').toFixed(2);
    const sl = price.mul('0.95').toFixed(2);
    await page.getByTestId('order-tp').fill(tp);
    await page.getByTestId('order-sl').fill(sl);
    await expect.poll(() => page.getByTestId('order-tp-error').count(), POLL).toBe(0);
    await expect.poll(() => page.getByTestId('order-sl-error').count(), POLL).toBe(0);
    await expect.poll(() => submit().isDisabled(), POLL).toBe(false);
    await submit().click();
    await expect.poll(() => page.getByTestId('order-confirm').count(), POLL).toBe(1);
    expect(await page.getByTestId('confirm-tp').textContent()).toBe(tp);
    expect(await page.getByTestId('confirm-sl').textContent()).toBe(sl);
    await page.getByTestId('order-confirm-submit').click();
    await expect.poll(() => page.getByTestId('position-row').count(), POLL).toBe(1);

    // The order took its TP/SL with it: the boxes are empty for the next one.
    await expect.poll(() => page.getByTestId('order-tp').inputValue(), POLL).toBe('');
    expect(await page.getByTestId('order-sl').inputValue()).toBe('');
    await shot(page, 'futures-form-after-order');

    // The next order, a short, goes without the long's TP/SL.
    await page.getByTestId('order-side-short').click();
    await page.getByTestId('order-pct-25').click();
    await expect.poll(async () => (await page.getByTestId('order-lots').inputValue()) !== '', POLL).toBe(true);
    await expect.poll(() => submit().isDisabled(), POLL).toBe(false);
    await submit().click();
    await expect.poll(() => page.getByTestId('order-confirm').count(), POLL).toBe(1);
    expect(await page.getByTestId('confirm-tp').count()).toBe(0);
    expect(await page.getByTestId('confirm-sl').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('order-confirm').count()).toBe(0);
  });
});
