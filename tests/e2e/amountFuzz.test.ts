/**
 * No amount field anywhere may throw. A signed-in user with funds visits every
 * page with an amount, price or quantity box (futures, spot, options, exchange, transfer,
 * withdraw, deposit, IEO, lockming, invest, loans, OTC, NFT bid, copy-trading follow, the alerts
 * sheet) and types into each box what a phone keyboard makes of a slip: letters, a lone point, a
 * lone sign, two points, full-width digits. After each, the page must still be there (no error
 * screen, the box in place) and must say why it cannot go on: a validation message or a
 * disabled submit. Full-width digits are read as digits (the box shows "123"), so they may be
 * accepted. Users and balances are made over the API; assertions poll lasting state.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { api, base, latestCode, opsCli, registerByApi, signInWith } from './helpers';

const POLL = { timeout: 20_000 };
const stamp = Date.now();
const email = `fuzz${stamp}@example.com`;
/** What a slip of the thumb types: the strings. */
const SLIPS = ['abc', '.', '-', '1..2', '１２３'];
/** Amount boxes: decimal or numeric keyboards (never a PIN or a code: those are password or one-time-code boxes). */
// Not behind an open sheet: a modal sheet makes the page behind it inert (src/ui/useModal.ts).
const BOXES =
  ':is(main, [role="dialog"]) input:is([inputmode="decimal"], [inputmode="numeric"]):not([type="password"]):not([autocomplete="one-time-code"]):not([inert] *):visible';

/** A validation message: an alert, or a field's or form's error or problem line. */
const MESSAGES =
  '[role="alert"], [data-testid$="-error"], [data-testid$="-problem"], [class*="error" i], [class*="invalid" i], [class*="problem" i]';

/** A form's submit button. */
const SUBMIT = ':is(main, [role="dialog"]) button[type="submit"]:visible';

interface Target {
  name: string;
  /** The route (after `#`). */
  path: () => string;
  /** What opens the form on the page (a sheet), if it is not there from the start. */
  open?: (page: Page) => Promise<void>;
  /** The form's submit, when it is not the visible `type="submit"` button. */
  submit?: string;
}

/** Identity level 1 (OTC needs it): a bound phone, the identity form, the operator's approval. */
async function verifyIdentity(token: string): Promise<void> {
  const mobile = `6${String(stamp).slice(-9)}`;
  await api('/sms_send', { area_code: '1', mobile, scene: 'bind' });
  await api('/safe/mobile', { area_code: '1', mobile, code: await latestCode(`+1${mobile}`) }, token);
  await api('/user/real', { real_type: '1', id_type: 'passport', name: 'Ada Lovelace', card_id: 'GB1234567', country: 'GB' }, token);
  const pending = await opsCli('identities');
  const identity = new RegExp(`^(\\d+)\\s+\\d+\\s+${email.replace(/[.+]/g, '\\$&')}`, 'm').exec(pending)?.[1];
  expect(identity).toBeTruthy();
  await opsCli('approve-identity', identity!);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

describe('every amount box survives what a thumb types', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let ieoId = 0;
  let lockmingId = 0;
  let investId = 0;
  let traderId = 0;
  let auctionId = 0;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    token = await registerByApi(email, 'fuzz-secret');
    for (const account of ['change', 'lever'])
      expect(await opsCli('credit', email, account, 'USDT', '20000', 'e2e', 'fuzz')).toContain('credit #');
    expect(await opsCli('credit', email, 'change', 'BTC', '1', 'e2e', 'fuzz')).toContain('credit #');
    ieoId = (await api('/project', { phase: 'in_progress' }, token))[0]!.id;
    await verifyIdentity(token);
    lockmingId = (await api('/lh/deposit/config', {}, token))[0]!.id;
    investId = (await api('/dual/index', { currency_id: '1' }))[0]!.id;
    traderId = (await api('/follow/index', { limit: '5' })).data[0]?.user_id ?? 0;
    await opsCli(
      'create-otc-ad',
      ...['--merchant', `Fuzz ${stamp}`, '--side', 'buy', '--fiat', 'USD', '--price', '1.25', '--min', '10', '--max', '5000'],
      ...['--methods', 'bank_transfer', '--capacity', '1000', '--details', 'Fuzz Bank'],
    );
    const [artist] = (await api('/bind_box/getArtist', {})).data;
    const title = `Fuzz Auction ${stamp}`;
    await opsCli(
      'nft-artwork',
      ...['--title', title, '--description', 'A fuzz artwork.', '--type', 'image', '--rarity', 'R'],
      ...['--artist', String(artist!.id), '--media', 'art-aurora.webp'],
    );
    auctionId = (await api('/bind_box/getBoxList', { all: '1', q: title, limit: '100' })).data.find((a) => a.title === title)!.id;
    await opsCli(
      'nft-sale',
      ...['--artwork', String(auctionId), '--mode', 'auction', '--currency', 'USDT', '--price', '10', '--increment', '1'],
      ...['--margin', '2', '--start', iso(Date.now() - 1000), '--end', iso(Date.now() + 3_600_000)],
    );
    const notice = await api('/news/index_pop', {});
    await signInWith(page, token, '/#/pages/index/index');
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
  }, 120_000);
  afterAll(() => browser?.close());

  const targets: Target[] = [
    { name: 'futures', path: () => '/pages/transaction/contract' },
    {
      name: 'futures-limit-tpsl',
      path: () => '/pages/transaction/contract',
      open: async (p) => {
        await p.getByTestId('order-limit').click();
        await p.getByTestId('order-stops-toggle').click();
        await expect.poll(() => p.getByTestId('order-tp').count(), POLL).toBe(1);
      },
    },
    { name: 'spot', path: () => '/pages/transaction/currency' },
    { name: 'options', path: () => '/pages/transaction/index2', submit: '[data-testid="option-up"]' },
    { name: 'exchange', path: () => '/pages/fund/transfer' },
    { name: 'transfer', path: () => '/pages/fund/fundTransfer?currency=3' },
    { name: 'withdraw', path: () => '/pages/fund/withdraw?currency=3' },
    { name: 'deposit', path: () => '/pages/fund/receive?currency=3' },
    { name: 'ieo', path: () => `/pages/ieo/subscribe?id=${ieoId}` },
    { name: 'lockming', path: () => `/pages/lockming/buy?id=${lockmingId}` },
    { name: 'invest', path: () => `/pages/invest/purchase?id=${investId}` },
    {
      name: 'loans',
      path: () => '/pages/common/borrowing',
      open: async (p) => {
        await expect.poll(() => p.getByTestId('loan-coin-BTC').count(), POLL).toBe(1);
        await p.getByTestId('loan-coin-BTC').click();
      },
    },
    {
      name: 'otc',
      path: () => '/pages/otc/otc?side=buy&fiat=USD',
      open: async (p) => {
        await expect.poll(() => p.getByTestId('otc-trade').count(), POLL).toBeGreaterThan(0);
        await p.getByTestId('otc-trade').first().click();
      },
    },
    {
      name: 'nft-bid',
      path: () => `/pages/nft/artworkDetail?id=${auctionId}`,
      open: async (p) => {
        await expect.poll(() => p.getByTestId('nft-pay-margin').count(), POLL).toBe(1);
        await p.getByTestId('nft-pay-margin').click();
        await p.getByTestId('nft-margin-confirm').click();
        await expect.poll(() => p.getByTestId('nft-bid').count(), POLL).toBe(1);
        await p.getByTestId('nft-bid').click();
      },
    },
    { name: 'follow', path: () => `/pages/follow/follow?trader=${traderId}` },
    {
      name: 'alerts',
      path: () => '/pages/transaction/contract',
      open: async (p) => {
        await expect.poll(() => p.getByTestId('alert-bell').count(), POLL).toBe(1);
        await p.getByTestId('alert-bell').click();
      },
    },
  ];

  /** Answers what is wrong with the page after a slip in box `index`, or '' when it is still there. */
  async function alive(p: Page, index: number): Promise<string> {
    if ((await p.getByText('Something went wrong', { exact: true }).count()) > 0) return 'the error screen';
    return (await p.locator(BOXES).count()) > index ? '' : 'the form is gone';
  }

  /** Whether the page says the box's text will not do: the box marked invalid, a message, or a disabled submit. */
  async function refused(p: Page, index: number): Promise<boolean> {
    if ((await p.locator(BOXES).nth(index).getAttribute('aria-invalid')) === 'true') return true;
    const said = await p.locator(`:is(main, [role="dialog"]) :is(${MESSAGES}):visible`).count();
    const held = await p.locator(':is(main, [role="dialog"]) button:disabled:visible').count();
    return said + held > 0;
  }

  /**
   * The page after `slip` in box `index`: still there, and refusing it, as typed or, for a form
   * that checks on submit, once its submit is tapped; full-width digits may be read as digits.
   */
  async function check(p: Page, target: Target, index: number, slip: string): Promise<void> {
    const where = `${target.name} box ${index} after "${slip}"`;
    await expect.poll(() => alive(p, index), { ...POLL, message: where }).toBe('');
    if (slip === '１２３' && (await p.locator(BOXES).nth(index).inputValue()) === '123') return;
    try {
      await expect.poll(() => refused(p, index), { timeout: 3000 }).toBe(true);
      return;
    } catch {
      // Not told as typed: the form checks on submit.
    }
    await p
      .locator(target.submit ?? SUBMIT)
      .first()
      .click();
    await expect.poll(() => alive(p, index), { ...POLL, message: `${where}, submitted` }).toBe('');
    await expect.poll(() => refused(p, index), { ...POLL, message: `${where}, submitted: no message` }).toBe(true);
  }

  for (const target of targets) {
    it(`${target.name}: every amount box refuses a slip without crashing`, async () => {
      if (target.name === 'follow' && !traderId) return; // no trader on a bare server
      await page.goto(`${base}/#${target.path()}`);
      await target.open?.(page);
      const boxes = page.locator(BOXES);
      await expect.poll(() => boxes.count(), { ...POLL, message: `${target.name}: an amount box` }).toBeGreaterThan(0);
      const count = await boxes.count();
      for (let i = 0; i < count; i++) {
        for (const slip of SLIPS) {
          const box = boxes.nth(i);
          await box.fill('');
          await box.pressSequentially(slip);
          try {
            await check(page, target, i, slip);
          } catch (error) {
            await shot(page, `fuzz-${target.name}-failed`);
            throw error;
          }
        }
      }
      await shot(page, `fuzz-${target.name}`);
    });
  }
});
