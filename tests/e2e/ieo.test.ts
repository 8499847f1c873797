/**
 * IEO on a phone: a new user with USDT in the coin account opens the IEO list,
 * opens the project in progress, reads its details, subscribes through the confirmation sheet
 * with the worker's cost preview, and finds the subscription under "my subscriptions" with what
 * was paid; the list in Chinese and Thai. Assertions are about lasting state (rows and their
 * text), polled generously.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { formatAmount } from '../../domain/format';
import { ACCOUNTS } from '../../domain/funds/formulas';
import { subscriptionCost } from '../../domain/ieo/formulas';
import type { IeoProject } from '../../domain/ieo/types';
import { DAY_MS } from '../../domain/time';
import { launch, phone, shot } from './browser';
import { api, base, opsCli, registerByApi, signInWith, toastsSeen, watchToasts } from './helpers';

const email = `ieo${Date.now()}@example.com`;
const FUNDS = '5000';
const AMOUNT = '1000';
const LIST = '/#/pages/ieo/ieo';

/** `create-project` arguments: 1000 tokens at 0.1 USDT, 10 to 5000 per user, locked a day after the end. */
function projectArgs(token: string, name: string, start: number, end: number): string[] {
  return [
    'create-project',
    ...['--name', name, '--token', token, '--price', '0.1', '--total', '1000', '--min', '10', '--max', '5000'],
    ...['--start', new Date(start).toISOString(), '--end', new Date(end).toISOString(), '--lock-days', '1'],
    ...['--whitepaper', 'https://example.com/wp.pdf', '--website', 'https://example.com', '--description', `${name}: an e2e project.`],
  ];
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

describe('IEO in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  let userToken: string;
  let project: IeoProject;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    userToken = await registerByApi(email, 'ieo-secret');
    expect(await opsCli('credit', email, 'change', 'USDT', FUNDS, 'e2e', 'ieo')).toContain('credit #');
    const [first] = await api('/project', { phase: 'in_progress' }, userToken);
    expect(first, 'the server seeds a project in progress').toBeDefined();
    project = first!;
    const notice = await api('/news/index_pop', {});
    await signInWith(page, userToken, LIST);
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
  });
  afterAll(() => browser?.close());

  it('lists the projects in progress with a ticking countdown, and opens one', async () => {
    const card = page.locator(`[data-testid="ieo-project"][data-id="${project.id}"]`);
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
    expect(await card.getAttribute('data-phase')).toBe('in_progress');
    const text = await card.textContent();
    expect(text).toContain(project.token);
    expect(text).toContain(project.name);
    expect(text).toContain('In progress');
    expect(text).toContain('Ends in');
    // The countdown counts down: its text changes within a few seconds.
    const countdown = card.getByTestId('ieo-countdown');
    const first = await countdown.textContent();
    await expect.poll(() => countdown.textContent(), { timeout: 10_000 }).not.toBe(first);
    await shot(page, 'ieo-list-en');
    await card.click();
    await expect.poll(() => page.url()).toContain(`detail=${project.id}`);
  });

  it('shows the details with the links, and subscribes from them', async () => {
    const detail = page.getByTestId('ieo-detail');
    await expect.poll(() => detail.count(), { timeout: 20_000 }).toBe(1);
    const text = await detail.textContent();
    expect(text).toContain(project.description);
    expect(await page.getByTestId('ieo-whitepaper').getAttribute('href')).toBe(project.whitepaper);
    expect(await page.getByTestId('ieo-website').getAttribute('href')).toBe(project.website);
    await shot(page, 'ieo-detail-en');
    await page.getByTestId('ieo-subscribe').click();
    await expect.poll(() => page.url()).toContain(`/pages/ieo/subscribe?id=${project.id}`);
  });

  it('subscribes through the confirmation sheet and finds the subscription with what was paid', async () => {
    const cost = subscriptionCost(AMOUNT, project.price, project.pay_decimals).toFixed();
    const costText = `${formatAmount(cost, project.pay_decimals, 'en')} ${project.pay_currency}`;
    await expect.poll(() => page.getByTestId('ieo-available').textContent(), { timeout: 20_000 }).toContain('5,000');
    await page.getByTestId('ieo-amount').fill(AMOUNT);
    // The worker's preview: price × amount, the server's rounding.
    await expect.poll(() => page.getByTestId('ieo-cost').textContent(), { timeout: 10_000 }).toBe(costText);
    await shot(page, 'ieo-subscribe-en');
    await page.getByTestId('ieo-submit').click();
    await expect.poll(() => page.getByTestId('ieo-confirm').count()).toBe(1);
    expect(await page.getByTestId('ieo-confirm-cost').textContent()).toBe(costText);
    await still(page);
    await shot(page, 'ieo-confirm-en');
    await watchToasts(page);
    await page.getByTestId('ieo-confirm-submit').click();
    await expect
      .poll(() => toastsSeen(page), { timeout: 20_000 })
      .toContain('Subscription placed: the allocation comes when the window closes');
    await expect.poll(() => page.url(), { timeout: 20_000 }).toContain('/pages/ieo/order');

    await expect.poll(async () => (await api('/user/project/order', {}, userToken)).total, { timeout: 20_000 }).toBe(1);
    const order = (await api('/user/project/order', {}, userToken)).data[0]!;
    expect(order).toMatchObject({ project_id: project.id, amount: AMOUNT, paid: cost, status: 'subscribed' });
    const row = page.locator(`[data-testid="ieo-order"][data-id="${order.id}"]`);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.getAttribute('data-status')).toBe('subscribed');
    expect(await row.getByTestId('ieo-order-paid').textContent()).toBe(costText);
    expect(await row.getByTestId('ieo-order-amount').textContent()).toBe(
      `${formatAmount(AMOUNT, project.token_decimals, 'en')} ${project.token}`,
    );
    expect(await row.getByTestId('ieo-order-status').textContent()).toBe('Subscribed');
    await shot(page, 'ieo-order-en');

    // The money moved: the coin account holds the funds less the cost.
    const wallet = await api('/wallet/list', {}, userToken);
    const usdt = wallet.accounts.find((a) => a.id === ACCOUNTS.change)?.balances.find((b) => b.currency === 'USDT');
    expect(usdt?.available).toBe(new Decimal(FUNDS).minus(cost).toFixed());
  });

  it('shows the preheating and finished projects with their own countdown or end', async () => {
    await page.goto(`${base}${LIST}?phase=preheating`);
    const soon = page.locator('[data-testid="ieo-project"][data-phase="preheating"]');
    await expect.poll(() => soon.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await soon.first().textContent()).toContain('Starts in');
    await shot(page, 'ieo-list-preheating-en');
    await page.getByRole('tab', { name: 'Finished' }).click();
    const done = page.locator('[data-testid="ieo-project"][data-phase="finished"]');
    await expect.poll(() => done.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await done.first().textContent()).toContain('Ended on');
  });

  it('shows an oversubscribed project past 100 %', async () => {
    const token = `OV${String(Date.now()).slice(-6)}`;
    // Ends after the seeded project, so the e2e files after this one still find that one first
    // among the projects in progress (they are ordered by their end).
    const out = await opsCli(...projectArgs(token, 'Over Demo', Date.now() - 60_000, Date.now() + 30 * DAY_MS));
    const id = /project #(\d+)/.exec(out)?.[1];
    expect(id).toBeDefined();
    await api('/project/order', { project_id: id!, amount: '3000', pay_currency: String(project.pay_currency_id) }, userToken);
    await page.goto(`${base}${LIST}?phase=in_progress`);
    const card = page.locator(`[data-testid="ieo-project"][data-id="${id}"]`);
    await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => card.getByTestId('ieo-progress').textContent(), { timeout: 20_000 }).toBe('300% subscribedOversubscribed');
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'ieo-list-oversubscribed-en');
  });

  it('shows the allocation of an oversubscribed project once it ends: passed amount and refund', async () => {
    // Ends a few seconds after it is created; the engine allocates it at its end.
    const token = `AL${String(Date.now()).slice(-6)}`;
    const out = await opsCli(...projectArgs(token, 'Allocation Demo', Date.now() - 60_000, Date.now() + 15_000));
    const id = /project #(\d+)/.exec(out)?.[1];
    expect(id).toBeDefined();
    // 3000 asked of 1000 issued at 0.1: 300 USDT paid, 1000 passed, 200 USDT back.
    const ordered = await api(
      '/project/order',
      { project_id: id!, amount: '3000', pay_currency: String(project.pay_currency_id) },
      userToken,
    );
    expect(ordered.paid).toBe('300');
    await expect
      .poll(async () => (await api('/user/project/order', {}, userToken)).data.find((o) => o.id === ordered.id)?.status, {
        timeout: 120_000,
        interval: 1000,
      })
      .toBe('allocated');
    await page.goto(`${base}/#/pages/ieo/order`);
    const row = page.locator(`[data-testid="ieo-order"][data-id="${ordered.id}"]`);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.getAttribute('data-status')).toBe('allocated');
    expect(await row.getByTestId('ieo-order-status').textContent()).toBe('Allocated');
    expect(await row.getByTestId('ieo-order-passed').textContent()).toBe(`1,000 ${token}`);
    expect(await row.getByTestId('ieo-order-refunded').textContent()).toBe('200 USDT');
    await shot(page, 'ieo-order-allocated-en');
  });

  for (const [lang, word] of [
    ['zh', '申购中'],
    ['th', 'เปิดจองซื้อ'],
  ] as const) {
    it(`shows the list in ${lang}`, async () => {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(base + LIST);
      await page.reload();
      const card = page.locator('[data-testid="ieo-project"]');
      await expect.poll(() => card.first().textContent(), { timeout: 20_000 }).toContain(word);
      await shot(page, `ieo-list-${lang}`);
    });
  }
});
