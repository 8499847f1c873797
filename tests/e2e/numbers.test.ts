import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { base } from './helpers';

const NBSP = '\u00a0';

/** Opens the market page with this language and display currency remembered on the device. */
async function openMarket(page: Page, lang: string, fiat: { code: string; rate: string }, category = 'crypto'): Promise<void> {
  await page.goto(`${base}/#/`);
  // The app stores its language once booted: write ours after that, or it is overwritten.
  await page.getByRole('navigation').first().waitFor();
  await page.evaluate(
    ([l, code, rate]) => {
      localStorage.setItem('version', '1');
      localStorage.setItem('lang', l!);
      localStorage.setItem('fiat', JSON.stringify({ currency_code: code, rate, saveTime: Date.now() }));
    },
    [lang, fiat.code, fiat.rate],
  );
  await page.goto(`${base}/#/pages/market/market?category=${category}`);
  await page.reload();
}

const rowText = (page: Page, symbol: string) => page.locator(`[data-symbol="${symbol}"]`).first().textContent();

describe('numbers in the display currency and the language', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
  });
  afterAll(() => browser?.close());

  it('shows VND prices without decimals, in Vietnamese separators', async () => {
    await openMarket(page, 'vi', { code: 'VND', rate: '25405' });
    // BTC/USDT: the price has "." for thousands and "," for decimals; the ≈ line whole dong.
    await expect.poll(() => rowText(page, 'BTC/USDT'), { timeout: 30_000 }).toMatch(new RegExp(`≈ \\d{1,3}(\\.\\d{3})+${NBSP}₫`));
    const btc = (await rowText(page, 'BTC/USDT'))!;
    expect(btc).toMatch(/\d{2}\.\d{3},\d{2}/);
    // The ≈ cell on its own: whole dong, the sign after the number. (The row's text runs the
    // change cell straight after the ₫, so a pattern over the whole row would read "₫0,00%".)
    const fiat = btc.match(/≈[^₫]*₫/)?.[0];
    expect(fiat).toMatch(new RegExp(`^≈ \\d{1,3}(\\.\\d{3})*${NBSP}₫$`));
    expect(btc.split('₫')).toHaveLength(2);
    await expect.poll(() => rowText(page, 'ADA/USDT')).toMatch(new RegExp(`≈ [\\d.]+${NBSP}₫`));
    await shot(page, 'numbers-market-vi-vnd');
  });

  it('gives USD/JPY its ≈ line and a compact turnover, JPY without decimals', async () => {
    await openMarket(page, 'en', { code: 'JPY', rate: '151.24' }, 'forex');
    await expect.poll(() => rowText(page, 'USD/JPY'), { timeout: 30_000 }).toMatch(/≈ ¥\d{3}(?!\.)/);
    const row = (await rowText(page, 'USD/JPY'))!;
    expect(row).toMatch(/\d+(\.\d{2})?[KMBT]/);
    expect(row).not.toMatch(/\d{4,}\.\d{2}M/);
    await expect.poll(() => rowText(page, 'EUR/USD')).toMatch(/≈ ¥\d{3}(?![.\d])/);
    await shot(page, 'numbers-market-forex-jpy');
  });
});
