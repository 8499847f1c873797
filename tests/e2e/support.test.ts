/**
 * Customer service in a phone browser (docs/community/SUPPORT.md): a user opens
 * the conversation through the floating button, sends a text and a picture (an upload); the
 * operator finds it with the CLI (`tickets`) and answers (`reply`, also with a picture), and the
 * answer arrives live on the open page; away from the page the unread count shows on the
 * floating button; the button is dragged, stays where dropped across a reload, and never covers
 * the chat room's send button (the chat room is a form, so the button is not
 * shown there at all). The button also steps aside where it would cover a control (the
 * home page's rows, see supportOverlap.test.ts), so these tests use a page with room for it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { api, base, opsCli, registerByApi, signInWith } from './helpers';

const PHOTO = path.resolve(__dirname, 'fixtures/photo.jpg');
const JPEG = readFileSync(PHOTO);
const POLL = { timeout: 20_000 };
/** A page with room for the button at its default spot and at y = 380 on the left (a new user's empty list). */
const HOST = '/pages/setting/notifications';
const stamp = Date.now();
const email = `support${stamp}@example.com`;

type Box = { x: number; y: number; width: number; height: number };

async function box(page: Page, testId: string): Promise<Box> {
  const b = await page.locator(`[data-testid="${testId}"]`).boundingBox();
  if (!b) throw new Error(`${testId} is not laid out`);
  return b;
}

/** Drags the floating button with the pointer from its middle to (x, y). */
async function dragButton(page: Page, x: number, y: number): Promise<void> {
  const b = await box(page, 'support-button');
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2 + (x - b.x) / 2, b.y + b.height / 2 + (y - b.y) / 2, { steps: 5 });
  await page.mouse.move(x, y, { steps: 5 });
  await page.mouse.up();
}

/**
 * Waits until the floating button is in place: shown, and none of its transitions running (it
 * slides in once the page has laid out): a press on a button still sliding in can miss it.
 */
async function atRest(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.locator('[data-testid="support-button"]').evaluate((el) => !el.hasAttribute('data-away') && el.getAnimations().length === 0),
      POLL,
    )
    .toBe(true);
}

describe('customer service in a phone browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const token = await registerByApi(email, 'support-secret');
    browser = await launch();
    page = await phone(browser);
    await signInWith(page, token);
    const notice = await api('/news/index_pop', {});
    await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
    await page.reload();
  }, 120_000);
  afterAll(() => browser?.close());

  it('opens the conversation from the floating button and sends a text and a picture', async () => {
    await page.goto(`${base}/#${HOST}`);
    await page.locator('[data-testid="support-button"]').click();
    await expect.poll(() => page.url(), POLL).toContain('/pages/kefu/index');
    await page.locator('[data-testid="support-input"]').waitFor(POLL);
    // The button is not on the conversation itself.
    expect(await page.locator('[data-testid="support-button"]').count()).toBe(0);

    await page.locator('[data-testid="support-input"]').fill(`My withdrawal is pending ${stamp}`);
    await page.locator('[data-testid="support-send"]').click();
    const mine = page.locator('[data-testid="support-msg-user"]', { hasText: `My withdrawal is pending ${stamp}` });
    await expect.poll(() => mine.count(), POLL).toBe(1);

    await page
      .locator('[data-testid="support-picker"] input[type=file]')
      .setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    // Sending is possible once the upload finished.
    await expect.poll(() => page.locator('[data-testid="support-send"]').isEnabled(), POLL).toBe(true);
    await page.locator('[data-testid="support-send"]').click();
    const image = page.locator('[data-testid="support-msg-user"] [data-testid="support-image"]');
    await expect.poll(() => image.count(), POLL).toBe(1);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), POLL).toBe(true);
  });

  it('keeps a picture picked while the text before it is still on its way', async () => {
    // The text's answer is held until the picture has uploaded: sending the text must clear the
    // text only, not the picture picked meanwhile.
    const held: Array<() => Promise<void>> = [];
    await page.route('**/support/send', (route) => void held.push(() => route.continue()));
    const body = `Is the picture still there ${stamp}`;
    await page.locator('[data-testid="support-input"]').fill(body);
    await page.locator('[data-testid="support-send"]').click();
    await expect.poll(() => held.length, POLL).toBe(1);
    await page
      .locator('[data-testid="support-picker"] input[type=file]')
      .setInputFiles({ name: 'second.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await page.locator('[data-testid="support-picker"] img').waitFor(POLL);
    await expect.poll(() => page.locator('[data-testid="support-picker"] [role=progressbar]').count(), POLL).toBe(0);
    await held[0]!();
    await page.unroute('**/support/send');
    await expect.poll(() => page.locator('[data-testid="support-msg-user"]', { hasText: body }).count(), POLL).toBe(1);
    // The message may show from the private channel before the send's answer is in: the composer
    // clears what it sent once that answer comes.
    await expect.poll(() => page.locator('[data-testid="support-input"]').inputValue(), POLL).toBe('');
    // The picture is still picked and goes with the next tap.
    await expect.poll(() => page.locator('[data-testid="support-send"]').isEnabled(), POLL).toBe(true);
    const images = page.locator('[data-testid="support-msg-user"] [data-testid="support-image"]');
    const before = await images.count();
    await page.locator('[data-testid="support-send"]').click();
    await expect.poll(() => images.count(), POLL).toBe(before + 1);
  });

  it('delivers the operator’s CLI reply live on the open page', async () => {
    const tickets = await opsCli('tickets');
    expect(tickets).toContain(email);
    const answer = `Thanks, we are checking your withdrawal ${stamp}`;
    expect(await opsCli('reply', email, answer)).toMatch(/reply #\d+ sent/);
    const reply = page.locator('[data-testid="support-msg-operator"]', { hasText: answer });
    await expect.poll(() => reply.count(), POLL).toBe(1);

    await opsCli('reply', email, 'Here is the confirmation', '--image', PHOTO);
    const picture = page.locator('[data-testid="support-msg-operator"] [data-testid="support-image"]');
    await expect.poll(() => picture.count(), POLL).toBe(1);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), POLL).toBe(true);
    // Read on the open page: the operator side sees nothing unread from the user any more, and the user has no unread.
    await shot(page, 'support-conversation-en');
  });

  it('shows the unread count on the floating button away from the conversation', async () => {
    await page.goto(`${base}/#${HOST}`);
    const button = page.locator('[data-testid="support-button"]');
    await button.waitFor(POLL);
    expect(await page.locator('[data-testid="support-badge"]').count()).toBe(0);
    await opsCli('reply', email, `One more thing ${stamp}`);
    await expect.poll(() => page.locator('[data-testid="support-badge"]').textContent(), POLL).toBe('1');
    await shot(page, 'support-badge-en');
    // Opening the conversation reads it: back on the home page the badge is gone.
    await button.click();
    await page.locator('[data-testid="support-msg-operator"]', { hasText: `One more thing ${stamp}` }).waitFor(POLL);
    await page.goto(`${base}/#${HOST}`);
    await button.waitFor(POLL);
    await expect.poll(() => page.locator('[data-testid="support-badge"]').count(), POLL).toBe(0);
  });

  it('is dragged to the other side and stays where dropped after a reload', async () => {
    await atRest(page);
    const before = await box(page, 'support-button');
    expect(await page.locator('[data-testid="support-button"]').getAttribute('data-side')).toBe('right');
    await dragButton(page, 60, 380);
    await expect.poll(() => page.locator('[data-testid="support-button"]').getAttribute('data-side'), POLL).toBe('left');
    // It snaps to the left edge (an animation): measure once it has arrived.
    await expect.poll(async () => (await box(page, 'support-button')).x, POLL).toBe(12);
    const dropped = await box(page, 'support-button');
    expect(Math.abs(dropped.y + dropped.height / 2 - 380)).toBeLessThan(4);
    expect(dropped.y).not.toBe(before.y);
    // Still on the same page (a drag is not a tap).
    expect(page.url()).toContain(HOST);

    await page.reload();
    await page.locator('[data-testid="support-button"]').waitFor(POLL);
    expect(await page.locator('[data-testid="support-button"]').getAttribute('data-side')).toBe('left');
    // It slides in once the page has laid out (an animation): measure once it has arrived.
    await expect.poll(async () => Math.round((await box(page, 'support-button')).x), POLL).toBe(Math.round(dropped.x));
    const after = await box(page, 'support-button');
    expect(after.y).toBeCloseTo(dropped.y, 0);
  });

  it('never covers the chat room’s send button: the room is a form, so the button steps aside', async () => {
    await page.goto(`${base}/#/pages/chat/room`);
    await page.locator('[data-testid="chat-send"]').waitFor(POLL);
    // No floating button on a form (the composer) or a trading screen.
    await expect.poll(() => page.locator('[data-testid="support-button"]').count(), POLL).toBe(0);
    await shot(page, 'support-button-chat-en');
    await page.goto(`${base}/#/pages/transaction/contract?symbol=BTC/USDT`);
    await page.locator('[data-testid="book-canvas"]').waitFor(POLL);
    expect(await page.locator('[data-testid="support-button"]').count()).toBe(0);
    // Back on a page with room, it is there again, where it was dropped.
    await page.goto(`${base}/#${HOST}`);
    await page.locator('[data-testid="support-button"]').waitFor(POLL);
    expect(await page.locator('[data-testid="support-button"]').getAttribute('data-side')).toBe('left');
  });
});
