/**
 * Smaller findings of a new user's review, each on the screen where a new user met it: the market
 * search finds pairs by name; the options form shows no "+-8 USDT" for a negative stake; Contact
 * us leads into the support chat instead of saying it "is being built"; a verified user sent to
 * verify is told the advanced level is needed, not "Identity verification required".
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { api, base, latestCode, opsCli, registerByApi, signInWith } from './helpers';

const POLL = { timeout: 20_000 };

describe('details a new user met', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  const email = `details${Date.now()}@example.com`;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(email, 'Passw0rd!');
    const notice = await api('/news/index_pop', {});
    await signInWith(page, token, '/#/pages/market/search');
    // Home's popup notice would sit over the header: read once, as a returning user has.
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
  });
  afterAll(() => browser?.close());

  it('finds pairs by the name of their asset', async () => {
    await page.goto(`${base}/#/pages/market/search`);
    const field = page.locator('input[name="q"]');
    const found = () =>
      page.locator('[data-testid="search-results"] [data-symbol]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol')));
    for (const [query, symbols] of [
      ['bitcoin', ['BTC/USDT', 'BCH/USDT']],
      ['apple', ['AAPL/USD']],
      ['gold', ['XAU/USD']],
    ] as const) {
      await field.fill(query);
      await expect.poll(found, POLL).toEqual(symbols);
    }
    await shot(page, 'search-by-name-en');
  });

  it('shows no expected profit for a stake of zero or less', async () => {
    await page.goto(`${base}/#/pages/transaction/index2?symbol=BTC%2FUSDT`);
    const stake = page.getByTestId('options-stake');
    await stake.fill('100');
    await expect.poll(() => page.getByTestId('options-expected').textContent(), POLL).toMatch(/^\+\d+(\.\d+)? USDT$/);
    for (const typed of ['-10', '0', '-0.5']) {
      await stake.fill(typed);
      await expect.poll(() => page.getByTestId('options-expected').textContent(), POLL).toBe('--');
    }
  });

  it('leads from Contact us into the support chat', async () => {
    await page.goto(`${base}/#/pages/common/contactus`);
    await expect.poll(() => page.locator('main').textContent(), POLL).toContain('support@kestrel.local');
    expect(await page.locator('main').textContent()).not.toContain('being built');
    await page.getByTestId('contact-chat').click();
    await expect.poll(() => page.url(), POLL).toContain('/pages/kefu/index');
  });

  it('tells a verified user which level an action needs', async () => {
    await page.goto(`${base}/#/pages/setting/real_mark`);
    await expect.poll(() => page.getByTestId('real-mark-title').textContent(), POLL).toBe('Identity verification required');
    // Basic verification through the real flow: a bound phone, the form, the operator's approval.
    const mobile = `6${String(Date.now()).slice(-9)}`;
    await api('/sms_send', { area_code: '1', mobile, scene: 'bind' });
    await api('/safe/mobile', { area_code: '1', mobile, code: await latestCode(`+1${mobile}`) }, token);
    await api('/user/real', { real_type: '1', id_type: 'passport', name: 'Ada Lovelace', card_id: 'GB1122334', country: 'GB' }, token);
    const pending = await opsCli('identities');
    const identity = new RegExp(`^(\\d+)\\s+\\d+\\s+${email.replace(/[.+]/g, '\\$&')}`, 'm').exec(pending)?.[1];
    expect(identity).toBeTruthy();
    await opsCli('approve-identity', identity!);
    await page.reload();
    await expect.poll(() => page.getByTestId('real-mark-title').textContent(), POLL).toBe('Advanced verification required');
    await shot(page, 'real-mark-advanced-en');
  });

  it('opens "Super leverage" at the pair\'s highest multiple', async () => {
    const deal = await api('/lever/deal', { match_id: '1' }, token);
    const top = Math.max(...deal.multiples);
    await page.goto(`${base}/#/pages/transaction/contract?symbol=BTC%2FUSDT&lever=super`);
    await expect.poll(() => page.getByTestId('order-leverage').textContent(), POLL).toContain(`${top}×`);
  });

  it('reaches customer service from the home header', async () => {
    await page.goto(`${base}/#/pages/index/index`);
    await page.getByTestId('home-support').click();
    await expect.poll(() => page.url(), POLL).toContain('/pages/kefu/index');
  });

  it('shows the site logo on the download page, not a letter', async () => {
    await page.goto(`${base}/#/pages/common/webView?page=download`);
    await expect.poll(() => page.getByTestId('download-logo').getAttribute('src'), POLL).toBe('/logo.svg');
    await expect
      .poll(() => page.getByTestId('download-logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), POLL)
      .toBe(true);
  });
});
