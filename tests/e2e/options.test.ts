/**
 * Seconds options on a phone: from the trade hub's options tab to a pair's
 * options screen, an Up option of the shortest expiry, its live countdown, the settled result
 * card with the price and time that decided it, the options balance changed by exactly
 * payout − stake as shown, and the option in the orders history under "settled"; then the same
 * screens in Chinese. Each option settles at the recorded price of its expiry (30 s by default),
 * so the waits are generous and every assertion is about lasting state.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { formatBalance, formatNumber, formatPrice } from '../../domain/format';
import type { Lang } from '../../domain/i18n';
import type { OptionOrder } from '../../domain/options/types';
import { launch, phone, shot } from './browser';
import { api, base, opsCli, registerByApi, signInWith } from './helpers';

const email = `options${Date.now()}@example.com`;
const SYMBOL = 'BTC/USDT';
const USDT = '3';
const FUNDS = '1000';
const STAKE = '10';
const OPTIONS = `/#/pages/transaction/index2?symbol=${encodeURIComponent(SYMBOL)}`;
/** The orders page's "settled" tab (locales/<lang>/options.json `settled`). */
const SETTLED_TAB: Partial<Record<Lang, string>> = { en: 'Settled', zh: '已结算', vi: 'Đã thanh toán' };
/** Expiry (30 s) + the next recorded tick + the private channel, on a busy machine. */
const SETTLE_TIMEOUT = 90_000;

/** Available USDT in the user's options (micro) account, from the server. */
async function microAvailable(token: string): Promise<Decimal> {
  return new Decimal((await api('/wallet/detail', { currency: USDT, type: 'micro' }, token)).available);
}

/** What the pages show for a P&L: signed, 2 decimals at most, in `lang`'s format. */
function signed(value: string, lang: Lang): string {
  const text = formatNumber(value, lang, { maxDecimals: 2 });
  return new Decimal(value).gt(0) ? `+${text}` : text;
}

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

/** `ts` as the browser's clock shows it (HH:mm:ss in its time zone). */
function clockText(page: Page, ts: number): Promise<string> {
  return page.evaluate((t) => new Date(t).toTimeString().slice(0, 8), ts);
}

describe('seconds options in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let shortest: number;
  let priceDecimals: number;

  /** Places an option from the screen as a user would: expiry chip, stake, direction, confirm. */
  async function place(direction: 'up' | 'down', lang: Lang): Promise<OptionOrder> {
    await page.getByTestId(`expiry-${shortest}`).click();
    await page.getByTestId('options-stake').fill(STAKE);
    await page.getByTestId(`option-${direction}`).click();
    await expect.poll(() => page.getByTestId('option-confirm').count()).toBe(1);
    await still(page);
    await shot(page, `options-confirm-${lang}`);
    const before = (await api('/microtrade/lists', { status: 'pending' }, token)).total;
    await page.getByTestId('option-confirm-submit').click();
    await expect
      .poll(async () => (await api('/microtrade/lists', { status: 'pending' }, token)).total, { timeout: 20_000 })
      .toBe(before + 1);
    return (await api('/microtrade/lists', { status: 'pending' }, token)).data[0]!;
  }

  /** The pending card counts down live (its seconds change with no reload), then the result card. */
  async function watch(placed: OptionOrder, lang: Lang): Promise<OptionOrder> {
    const card = page.locator(`[data-testid="option-pending"][data-id="${placed.id}"]`);
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
    const first = (await card.getByTestId('option-countdown').textContent())!;
    expect(first).toMatch(/^\d+\s?\S*$/);
    expect(Number.parseInt(first, 10)).toBeLessThanOrEqual(shortest);
    await expect.poll(() => card.getByTestId('option-countdown').textContent(), { timeout: 20_000 }).not.toBe(first);
    expect(await card.getByTestId('option-live').textContent()).not.toBe('--');
    // It scrolled into view by itself after the placement.
    await expect
      .poll(async () => (await card.isVisible()) && (await card.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)))
      .toBe(true);
    await still(page);
    await shot(page, `options-countdown-${lang}`);

    const result = page.locator(`[data-testid="option-result"][data-id="${placed.id}"]`);
    await expect.poll(() => result.count(), { timeout: SETTLE_TIMEOUT, interval: 1_000 }).toBe(1);
    expect(await card.count()).toBe(0);
    const settled = await api('/microtrade/get_result', { id: String(placed.id) }, token);
    expect(settled).toMatchObject({ status: 'settled', decided_by: 'tick' });
    expect(settled.close_ts!).toBeGreaterThanOrEqual(settled.expires_at);
    // The card shows the price and the time that decided it, and the actual P&L.
    expect(await result.getByTestId('option-result-price').textContent()).toBe(formatPrice(settled.close_price!, priceDecimals, lang));
    expect(await result.getByTestId('option-result-time').textContent()).toBe(await clockText(page, settled.close_ts!));
    expect(await result.getByTestId('option-result-pnl').textContent()).toBe(signed(settled.profit!, lang));
    return settled;
  }

  /** The orders page, settled tab: the option with its deciding price and time, result and P&L. */
  async function history(settled: OptionOrder, lang: Lang): Promise<void> {
    await page.getByTestId('options-all-orders').click();
    await expect.poll(() => page.url()).toContain('seconds_order');
    await page.getByRole('tab', { name: SETTLED_TAB[lang] }).click();
    const row = page.locator(`[data-testid="option-order"][data-id="${settled.id}"]`);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.getAttribute('data-status')).toBe('settled');
    expect(await row.getByTestId('order-close-price').textContent()).toBe(formatPrice(settled.close_price!, priceDecimals, lang));
    expect(await row.getByTestId('order-close-time').textContent()).toContain(await clockText(page, settled.close_ts!));
    expect(await row.getByTestId('order-pnl').textContent()).toBe(signed(settled.profit!, lang));
    await shot(page, `options-history-${lang}`);
  }

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(email, 'options-secret');
    expect(await opsCli('credit', email, 'micro', 'USDT', FUNDS, 'e2e', 'options')).toContain('credit #');
    const expiries = await api('/microtrade/seconds', {});
    shortest = Math.min(...expiries.map((e) => e.seconds));
    priceDecimals = (await api('/currency/list', {})).pairs.find((p) => p.symbol === SYMBOL)!.price_decimals;
    const notice = await api('/news/index_pop', {});
    await signInWith(page, token, '/#/pages/transaction/index?tab=options');
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
  });
  afterAll(() => browser?.close());

  it("opens a pair's options screen from the trade hub's options tab", async () => {
    const row = page.locator(`[data-testid="hub-list"][data-tab="options"] [data-symbol="${SYMBOL}"]`);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    // One tap opens the screen. A busy CI machine once lost that tap (the URL stayed on the hub,
    // with no error; not reproduced in dozens of runs), so a tap that has not navigated within 10 s
    // is repeated, and said so in the log: the assertion is that the row opens the screen.
    const opened = () =>
      page.waitForURL(/transaction\/index2/, { timeout: 10_000 }).then(
        () => true,
        () => false,
      );
    await row.click();
    for (let tap = 1; !(await opened()); tap++) {
      expect(tap, 'the options row never opened its screen').toBeLessThan(6);
      console.warn(`options hub: tap ${tap} on ${SYMBOL} did not navigate (${page.url()}); tapping again`);
      await row.click({ timeout: 10_000 }).catch(() => undefined);
    }
    await expect.poll(() => page.getByTestId('pair-switch').textContent()).toContain(SYMBOL);
    await expect.poll(() => page.getByTestId('options-available').textContent(), { timeout: 20_000 }).toContain('1,000');
    await expect.poll(() => page.getByTestId('last-price').textContent(), { timeout: 20_000 }).not.toBe('--');
    await shot(page, 'options-form-en');
  });

  it('places an Up option of the shortest expiry, counts down, settles once with the deciding price and time', async () => {
    const before = await microAvailable(token);
    const placed = await place('up', 'en');
    expect(placed).toMatchObject({ direction: 'up', seconds: shortest, number: STAKE, symbol: SYMBOL });
    const settled = await watch(placed, 'en');
    await shot(page, 'options-result-en');

    // The balance changed by exactly payout − stake, which is the P&L the card shows.
    const after = await microAvailable(token);
    expect(after.minus(before).toFixed()).toBe(new Decimal(settled.payout!).minus(STAKE).toFixed());
    expect(after.minus(before).toFixed()).toBe(new Decimal(settled.profit!).toFixed());
    await expect
      .poll(() => page.getByTestId('options-available').textContent(), { timeout: 20_000 })
      .toContain(formatBalance(after, 'USDT', 6, 'en'));

    await history(settled, 'en');
  });

  it('shows the same screens in Chinese: a Down option, its countdown, its result and the history', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
    await page.goto(base + OPTIONS);
    await page.reload();
    await expect.poll(() => page.getByTestId('option-up').textContent(), { timeout: 20_000 }).toContain('涨');
    await expect.poll(() => page.getByTestId('last-price').textContent(), { timeout: 20_000 }).not.toBe('--');
    await shot(page, 'options-form-zh');
    await expect
      .poll(async () => (await api('/microtrade/lists', { status: 'pending' }, token)).total, { timeout: SETTLE_TIMEOUT })
      .toBe(0);
    const before = await microAvailable(token);
    const settled = await watch(await place('down', 'zh'), 'zh');
    await shot(page, 'options-result-zh');
    expect((await microAvailable(token)).minus(before).toFixed()).toBe(new Decimal(settled.profit!).toFixed());
    await history(settled, 'zh');

    // The longest labels (vi): the orders page keeps every figure on its line.
    await page.evaluate(() => localStorage.setItem('lang', 'vi'));
    await page.reload();
    await page.getByRole('tab', { name: SETTLED_TAB.vi }).click();
    const row = page.locator(`[data-testid="option-order"][data-id="${settled.id}"]`);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.getByTestId('order-pnl').textContent()).toBe(signed(settled.profit!, 'vi'));
    await shot(page, 'options-history-vi');
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
  });
});
