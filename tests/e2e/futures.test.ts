/**
 * Futures on a phone: open a long at market, watch its P&L move with the feed,
 * set TP/SL, close it, find it in the history with the server's realised P&L, and the lever
 * balance changed by exactly P&L − fees; a limit order entrusted and cancelled; the
 * insufficient-balance message; the trading rules told as typed: a limit outside the
 * price band refused, a limit the market already crosses "fills now at about …". Needs the /lever
 * endpoints (server/futures).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { formatNumber } from '../../domain/format';
import { launch, phone, shot } from './browser';
import { api, base, opsCli, registerByApi, signInWith } from './helpers';

const email = `futures${Date.now()}@example.com`;
const SYMBOL = 'BTC/USDT';
const PAIR = `/#/pages/transaction/contract?symbol=${encodeURIComponent(SYMBOL)}`;
const HISTORY = '/#/pages/transaction/contract_order';
const FUNDS = '1000';

/** Available USDT in the user's lever (futures) account, from the server. */
async function leverAvailable(token: string): Promise<Decimal> {
  const row = await api('/wallet/detail', { currency: '3', type: 'lever' }, token);
  return new Decimal(row.available);
}

describe('futures in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let matchId: string;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(email, 'futures-secret');
    expect(await opsCli('credit', email, 'lever', 'USDT', FUNDS, 'e2e', 'futures')).toContain('credit #');
    const list = await api('/currency/list', {});
    matchId = String(list.pairs.find((p) => p.symbol === SYMBOL)!.id);
    await signInWith(page, token, PAIR);
  });
  afterAll(() => browser?.close());

  it('shows the insufficient-balance message for an order the account cannot pay', async () => {
    await expect.poll(() => page.getByTestId('order-available').textContent(), { timeout: 20_000 }).toContain('1,000');
    await page.getByTestId('order-leverage').click();
    // The leverage picker says how large a position the chosen multiple allows (its bracket).
    await expect
      .poll(() => page.getByTestId('leverage-cap').textContent())
      .toMatch(/^At 10× a position on this pair may be worth up to [\d,]+ USDT$/);
    await shot(page, 'futures-leverage');
    await page.getByTestId('leverage-options').getByRole('button').first().click();
    await page.getByTestId('order-lots').fill('900');
    await expect.poll(() => page.getByTestId('order-insufficient').textContent()).toBe('Insufficient balance');
    await page.getByTestId('order-submit').click();
    // No confirmation for an order the server would refuse.
    expect(await page.getByTestId('order-confirm').count()).toBe(0);
    await shot(page, 'futures-insufficient');
  });

  it('opens a long at market, its P&L moves with the feed, TP/SL set, closed, in the history with the right P&L', async () => {
    const before = await leverAvailable(token);
    await page.getByTestId('order-leverage').click();
    await page.getByTestId('leverage-options').getByRole('button', { name: '10×' }).click();
    await page.getByTestId('order-side-long').click();
    await page.getByTestId('order-market').click();
    await page.getByTestId('order-pct-25').click();
    await expect.poll(async () => (await page.getByTestId('order-lots').inputValue()) !== '').toBe(true);
    await expect.poll(() => page.getByTestId('order-margin').textContent()).not.toBe('--');
    await shot(page, 'futures-form');
    await page.getByTestId('order-submit').click();
    await expect.poll(() => page.getByTestId('order-confirm').count()).toBe(1);
    await shot(page, 'futures-confirm');
    await page.getByTestId('order-confirm-submit').click();

    // The private channel brings the position; no refresh.
    const row = page.getByTestId('position-row').first();
    await expect.poll(() => page.getByTestId('position-row').count(), { timeout: 20_000 }).toBe(1);
    const first = await row.getByTestId('position-pnl').textContent();
    await expect.poll(() => row.getByTestId('position-pnl').textContent(), { timeout: 60_000, interval: 500 }).not.toBe(first);
    await expect.poll(() => page.getByTestId('futures-risk').textContent()).toMatch(/%$/);
    await shot(page, 'futures-position');

    // TP/SL on the wrong side is refused with the rule's message as typed (Save is off); on the
    // right side, within the price band, it is saved.
    const open = (await api('/lever/dealall', { status: 'open' }, token)).trades.data[0]!;
    const entry = new Decimal(open.open_price!);
    await row.getByTestId('position-stops').click();
    await page.getByTestId('stops-tp').fill(entry.mul('0.5').toFixed(2));
    await expect.poll(() => page.getByTestId('stops-sheet').textContent()).toContain('Take-profit must be above');
    expect(await page.getByTestId('stops-save').isDisabled()).toBe(true);
    const tp = entry.mul('1.1').toFixed(2);
    const sl = entry.mul('0.9').toFixed(2);
    await page.getByTestId('stops-tp').fill(tp);
    await page.getByTestId('stops-sl').fill(sl);
    await page.getByTestId('stops-save').click();
    await expect
      .poll(() => row.getByTestId('position-tp').textContent(), { timeout: 20_000 })
      .toBe(formatNumber(tp, 'en', { maxDecimals: 2 }));
    expect(await row.getByTestId('position-sl').textContent()).toBe(formatNumber(sl, 'en', { maxDecimals: 2 }));

    // Close with confirmation: the row goes, the history has it with the server's realised P&L.
    await row.getByTestId('position-close').click();
    await page.getByTestId('close-confirm-ok').click();
    await expect.poll(() => page.getByTestId('position-row').count(), { timeout: 20_000 }).toBe(0);

    const closed = (await api('/lever/my_trade', {}, token)).data.find((t) => t.id === open.id)!;
    expect(closed.status).toBe('closed');
    expect(closed.close_reason).toBe('manual');
    const after = await leverAvailable(token);
    // The balance changed by exactly the realised P&L less the handling fee and overnight fees.
    expect(after.minus(before).toFixed()).toBe(new Decimal(closed.profit!).minus(closed.fee).minus(closed.overnight_fee).toFixed());

    await page.goto(base + HISTORY);
    const item = page.locator(`[data-testid="history-item"][data-id="${closed.id}"]`);
    await expect.poll(() => item.count(), { timeout: 20_000 }).toBe(1);
    const profit = new Decimal(closed.profit!);
    expect(await item.getByTestId('history-profit').textContent()).toBe(
      (profit.gt(0) ? '+' : '') + formatNumber(profit, 'en', { maxDecimals: 2 }),
    );
    expect(await item.getByTestId('history-reason').textContent()).toBe('Closed');
    // What decided the close: the reason, the price and the market tick time the audit checks.
    expect(closed.close_ts).toEqual(expect.any(Number));
    expect(await item.getByTestId('history-decided-price').textContent()).toContain('Closed at ');
    expect(await item.getByTestId('history-decided-tick').getAttribute('datetime')).toBe(new Date(closed.close_ts!).toISOString());
    await shot(page, 'futures-history');
  });

  it('entrusts a limit order and cancels it', async () => {
    await page.goto(base + PAIR);
    const deal = await api('/lever/deal', { match_id: matchId }, token);
    const ticker = (await api('/currency/quotation_new', {})).find((t) => t.symbol === SYMBOL)!;
    // 15 % under the market: waits (and within the price band, 20 % for crypto).
    const limit = new Decimal(ticker.price).mul('0.85').toDecimalPlaces(deal.price_decimals).toFixed();
    await page.getByTestId('order-limit').click();
    await page.getByTestId('order-price').fill(limit);
    await page.getByTestId('order-lots').fill(deal.min_lots);
    await expect.poll(() => page.getByTestId('order-margin').textContent(), { timeout: 20_000 }).not.toBe('--');
    await page.getByTestId('order-submit').click();
    await page.getByTestId('order-confirm-submit').click();

    await page.getByTestId('panel-tab-orders').click();
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'futures-orders');
    await page.getByTestId('order-row').first().getByTestId('order-cancel').click();
    await page.getByTestId('cancel-confirm-ok').click();
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 20_000 }).toBe(0);
    // Nothing was spent: the margin and fee frozen for it are back.
    const account = await api('/lever/dealall', { status: 'entrusted' }, token);
    expect(account.trades.total).toBe(0);
    const history = await api('/lever/my_trade', {}, token);
    expect(history.data.some((t) => t.status === 'cancelled' && t.target_price !== null)).toBe(true);
  });

  it('tells a limit outside the price band as typed, and a limit the market crosses fills now', async () => {
    await page.goto(base + PAIR);
    const deal = await api('/lever/deal', { match_id: matchId }, token);
    const ticker = (await api('/currency/quotation_new', {})).find((t) => t.symbol === SYMBOL)!;
    const mark = new Decimal(ticker.price);
    await page.getByTestId('order-side-long').click();
    await page.getByTestId('order-limit').click();
    await page.getByTestId('order-lots').fill(deal.min_lots);

    // 50 % above the mark: outside the band (20 % for crypto), said under the price, no confirmation.
    await page.getByTestId('order-price').fill(mark.mul('1.5').toDecimalPlaces(deal.price_decimals).toFixed());
    await expect
      .poll(() => page.getByTestId('order-price-error').textContent(), { timeout: 20_000 })
      .toContain('The limit price must be between');
    expect(await page.getByTestId('order-submit').isDisabled()).toBe(true);
    expect(await page.getByTestId('order-fills-now').count()).toBe(0);
    await shot(page, 'futures-band');

    // 1 % above the mark: within the band, and the market already crosses it: it fills now, at the
    // market's price with the spread, better than the limit.
    await page.getByTestId('order-price').fill(mark.mul('1.01').toDecimalPlaces(deal.price_decimals).toFixed());
    await expect.poll(() => page.getByTestId('order-price-error').count()).toBe(0);
    await expect.poll(() => page.getByTestId('order-fills-now').textContent()).toContain('Fills now at about');
    expect(await page.getByTestId('order-submit').isDisabled()).toBe(false);
    await page.getByTestId('order-submit').click();
    await expect.poll(() => page.getByTestId('order-confirm').count()).toBe(1);
    // Both lines read at once: the price ticks (8 a second here) and the preview follows it.
    const [line, price] = await page.evaluate(() =>
      ['confirm-fills-now', 'confirm-price'].map((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''),
    );
    expect(line).toMatch(/^Fills now at about [\d,.]+ \(better than your limit\)$/);
    // The figures are the fill price's: the open price shown is the one in the line.
    expect(price).toMatch(/\d/);
    expect(line).toContain(price);
    await shot(page, 'futures-fills-now');
  });

  it('says a pair list it could not read as such, with Retry, not as a pair that is not listed', async () => {
    // A fresh phone (its own cache) whose network drops the pair list until the user retries.
    const other = await phone(browser);
    let refuse = true;
    await other.route('**/api/currency/list**', (route) => (refuse ? route.abort('connectionfailed') : route.continue()));
    await other.goto(base + PAIR);
    await expect.poll(() => other.getByTestId('pair-load-failed').textContent()).toContain('Retry');
    expect(await other.getByText('This pair is not listed').count()).toBe(0);
    expect(await other.getByTestId('order-form').count()).toBe(0);
    refuse = false;
    await other.getByTestId('pair-load-failed').getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => other.getByTestId('order-form').count()).toBe(1);
    await other.close();
  });
});
