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
    // A round lasts 8 s here and a busy machine can take longer than that between two polls, so
    // the page itself writes down what the open round and the points showed while the round ran.
    await page.evaluate(() => {
      const seen = ((window as unknown as { gameSeen: { round: string; points: string[] } }).gameSeen = {
        round: '',
        points: [] as string[],
      });
      const look = () => {
        const round = document.querySelector('[data-testid="game-open-round"]')?.textContent ?? '';
        if (!seen.round && /Open price\s*\d/.test(round) && /Settles at\s*\d/.test(round)) seen.round = round;
        const points = document.querySelector('[data-testid="game-points"]')?.textContent ?? '';
        if (points && seen.points.at(-1) !== points) seen.points.push(points);
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
      look();
    });
    const seen = () => page.evaluate(() => (window as unknown as { gameSeen: { round: string; points: string[] } }).gameSeen);
    await page.getByTestId('game-stake-100').click();
    await page.getByTestId('game-up').click();
    // The open price as prices read everywhere (thousands separated), the settlement's clock time
    // 24 h: "64108.09" and "Settles in 07:10:53 PM" were once shown.
    await expect.poll(async () => (await seen()).round, { timeout: 20_000 }).toMatch(/Open price\s*\d{1,3}(,\d{3})+\.\d+/);
    expect((await seen()).round).toMatch(/Settles at\s*\d{2}:\d{2}:\d{2}(?!\s?[AP]M)/);
    // The stake left the points while the round ran.
    await expect.poll(async () => (await seen()).points.join(' | '), { timeout: 20_000 }).toMatch(/(^|\| )900( \||$)/);
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
