/**
 * The mini game in a phone browser: the day's 1,000 points, a round played up
 * at the live price, its countdown, then its settlement by the recorded price (the real 60 s
 * round, polled generously), the history row and the leaderboard.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { api, registerByApi, signInWith } from './helpers';

const email = `game${Date.now()}@example.com`;

describe('mini game in a phone browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    const token = await registerByApi(email, 'game-secret');
    const notice = await api('/news/index_pop', {});
    await signInWith(page, token, '/#/pages/game/game');
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
  });
  afterAll(() => browser?.close());

  it('plays a round and sees it settled by the recorded price', async () => {
    const points = page.getByTestId('game-points');
    await expect.poll(() => points.textContent(), { timeout: 30_000 }).toMatch(/1,?000/);
    await expect.poll(() => page.getByTestId('game-price').textContent(), { timeout: 30_000 }).toMatch(/\d/);
    await page.getByTestId('game-stake-100').click();
    await page.getByTestId('game-up').click();
    await expect.poll(() => page.getByTestId('game-open-round').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => points.textContent(), { timeout: 20_000 }).toMatch(/900/);
    // The open price as prices read everywhere (thousands separated), the settlement's clock time
    // 24 h: "64108.09" and "Settles in 07:10:53 PM" were once shown.
    const round = page.getByTestId('game-open-round');
    await expect.poll(() => round.textContent()).toMatch(/Open price\s*\d{1,3}(,\d{3})+\.\d+/);
    await expect.poll(() => round.textContent()).toMatch(/Settles at\s*\d{2}:\d{2}:\d{2}(?!\s?[AP]M)/);
    await shot(page, 'game-open-round');
    const result = page.getByTestId('game-last-result');
    await expect.poll(() => result.count(), { timeout: 150_000, interval: 1_000 }).toBe(1);
    const outcome = await result.getAttribute('data-result');
    expect(['win', 'draw', 'loss']).toContain(outcome);
    const expected = { win: /1,?100/, draw: /1,?000/, loss: /900/ }[outcome as 'win' | 'draw' | 'loss'];
    await expect.poll(() => points.textContent(), { timeout: 20_000 }).toMatch(expected);
    await shot(page, 'game-settled');
    await page.getByRole('tab', { name: 'My rounds' }).or(page.getByText('My rounds')).first().click();
    await expect.poll(() => page.locator('[data-testid="game-history-row"][data-status="settled"]').count(), { timeout: 20_000 }).toBe(1);
    await page.getByText('Leaderboard').first().click();
    await expect.poll(() => page.getByTestId('game-board').count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'game-board');
  }, 240_000);
});
