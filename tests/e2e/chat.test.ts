/**
 * The chat room in two phone browsers (docs/community/CHAT.md): two signed-in
 * users see each other's messages live; HTML and script arrive as inert text; a link is a safe
 * link and `javascript:` stays text; a user muted with the ops CLI (`chat-mute`) sees the refusal
 * in the interface language; switching the language switches the room; a signed-out reader
 * reads and is offered sign-in. Screenshots in en, zh and th.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { api, base, opsCli, registerByApi, signInWith } from './helpers';

const POLL = { timeout: 20_000 };
const stamp = Date.now();
const emailA = `chat-a${stamp}@example.com`;
const emailB = `chat-b${stamp}@example.com`;
const emailC = `chat-c${stamp}@example.com`;
const ROOM = '/#/pages/chat/room';

/** The messages the room shows, as text. */
const texts = (page: Page) => page.locator('[data-testid="chat-message"]').allInnerTexts();

async function send(page: Page, text: string): Promise<void> {
  await page.locator('[data-testid="chat-input"]').fill(text);
  await page.locator('[data-testid="chat-send"]').click();
}

/** Switches the app to `lang` as the language sheet stores it, and reloads. */
async function useLang(page: Page, lang: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
  await page.locator('[data-testid="chat-online"]').waitFor(POLL);
}

describe('chat room in two phone browsers', () => {
  let browser: Browser;
  let a: Page;
  let b: Page;
  let tokenC: string;

  beforeAll(async () => {
    const [tokenA, tokenB, c] = await Promise.all([
      registerByApi(emailA, 'chat-secret-a'),
      registerByApi(emailB, 'chat-secret-b'),
      registerByApi(emailC, 'chat-secret-c'),
    ]);
    tokenC = c;
    await api('/user/editNickname', { nickname: `Alice${stamp % 1000}` }, tokenA);
    await api('/user/editNickname', { nickname: `Bruno${stamp % 1000}` }, tokenB);
    await api('/user/editNickname', { nickname: `Chen${stamp % 1000}` }, tokenC);
    browser = await launch();
    a = await phone(browser);
    b = await phone(browser);
    const notice = await api('/news/index_pop', {});
    for (const [page, token] of [
      [a, tokenA],
      [b, tokenB],
    ] as const) {
      await signInWith(page, token, ROOM);
      await page.evaluate((id) => id && localStorage.setItem('dismissedNotice', id), notice ? String(notice.id) : '');
      await page.locator('[data-testid="chat-input"]').waitFor(POLL);
    }
  }, 120_000);
  afterAll(() => browser?.close());

  it('shows each user the other one’s messages live, their own on the right', async () => {
    const hello = `Hello from Alice ${stamp}`;
    await send(a, hello);
    await expect.poll(async () => (await texts(b)).some((t) => t.includes(hello)), POLL).toBe(true);
    const mine = a.locator('[data-testid="chat-message"][data-mine="true"]', { hasText: hello });
    await expect.poll(() => mine.count(), POLL).toBe(1);
    // B sees A's message on the left, named by A's nickname.
    const theirs = b.locator('[data-testid="chat-message"][data-mine="false"]', { hasText: hello });
    expect(await theirs.innerText()).toContain(`Alice${stamp % 1000}`);

    const reply = `Hi Alice, Bruno here ${stamp}`;
    await send(b, reply);
    await expect.poll(async () => (await texts(a)).some((t) => t.includes(reply)), POLL).toBe(true);
    // Send is disabled while the field is empty (it was cleared after sending).
    expect(await b.locator('[data-testid="chat-send"]').isDisabled()).toBe(true);
    // The online count counts both browsers.
    await expect
      .poll(async () => Number((await a.locator('[data-testid="chat-online"]').innerText()).match(/\d+/)?.[0] ?? 0), POLL)
      .toBeGreaterThanOrEqual(2);
  });

  it('renders HTML and script as inert text', async () => {
    const evil = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><b>bold</b> ${stamp}`;
    await send(b, evil);
    const row = a.locator('[data-testid="chat-message"]', { hasText: `<script>window.__xss=2</script>` });
    await expect.poll(() => row.count(), POLL).toBe(1);
    expect(await row.innerText()).toContain('<img src=x onerror="window.__xss=1">');
    expect(await row.locator('img, script, b').count()).toBe(0);
    expect(await a.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  it('makes an http(s) link a safe link and leaves javascript: as text', async () => {
    await send(b, `Chart: https://example.com/btc?range=1d, not javascript:alert(1) ${stamp}`);
    const link = a.locator('[data-testid="chat-link"]', { hasText: 'https://example.com/btc?range=1d' });
    await expect.poll(() => link.count(), POLL).toBe(1);
    expect(await link.getAttribute('href')).toBe('https://example.com/btc?range=1d');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await a.locator('[data-testid="chat-list"] a[href^="javascript"]').count()).toBe(0);
    await shot(a, 'chat-room-en');
  });

  it('shows a muted user the refusal in the interface language, and nobody the message', async () => {
    const out = await opsCli('chat-mute', emailB, '30', 'spam');
    expect(out).toMatch(/muted until/);
    const muted = `this should never appear ${stamp}`;
    await send(b, muted);
    await expect
      .poll(() => b.locator('[data-testid="chat-error"]').innerText(), POLL)
      .toMatch(/You are muted in the chat until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    // The text stays in the field to be sent later; nobody sees it.
    expect(await b.locator('[data-testid="chat-input"]').inputValue()).toBe(muted);
    await shot(b, 'chat-room-muted-en');
    expect((await texts(a)).some((t) => t.includes(muted))).toBe(false);

    await useLang(b, 'zh');
    await send(b, muted);
    await expect.poll(() => b.locator('[data-testid="chat-error"]').innerText(), POLL).toMatch(/^您已被禁言，直至 \d{4}-/);
  });

  it('switches room with the language, and shows it in zh and th', async () => {
    // Seed the zh and th rooms through the API (another user, under the rate limit).
    await api('/chat/send', { room: 'zh', text: `大家好！今天 BTC 走势很强 ${stamp}` }, tokenC);
    await api('/chat/send', { room: 'th', text: `สวัสดีครับ วันนี้ตลาดคึกคักมาก ${stamp}` }, tokenC);
    await useLang(a, 'zh');
    await expect.poll(async () => (await texts(a)).some((t) => t.includes(`大家好！今天 BTC 走势很强 ${stamp}`)), POLL).toBe(true);
    // The English room's messages are not in the Chinese room.
    expect((await texts(a)).some((t) => t.includes(`Hello from Alice ${stamp}`))).toBe(false);
    await send(a, `收到，谢谢分享 https://example.com/zh ${stamp}`);
    await expect.poll(async () => (await texts(b)).some((t) => t.includes(`收到，谢谢分享`)), POLL).toBe(true);
    expect(await a.locator('[data-testid="chat-online"]').innerText()).toContain('中文');
    await shot(a, 'chat-room-zh');

    await useLang(a, 'th');
    await expect.poll(async () => (await texts(a)).some((t) => t.includes(`สวัสดีครับ วันนี้ตลาดคึกคักมาก ${stamp}`)), POLL).toBe(true);
    await send(a, `ขอบคุณครับ ยินดีที่ได้รู้จักทุกคน ${'ข้อความยาวเพื่อทดสอบการตัดบรรทัด '.repeat(3)}${stamp}`);
    await expect.poll(() => a.locator('[data-testid="chat-message"][data-mine="true"]').count(), POLL).toBeGreaterThan(0);
    await a.locator('[data-testid="chat-input"]').fill('ก'.repeat(470));
    await expect.poll(() => a.locator('[data-testid="chat-counter"]').innerText(), POLL).toBe('470/500');
    // The field grew with the text, and shrinks back to one line once it is sent.
    const field = a.locator('[data-testid="chat-input"]');
    expect((await field.boundingBox())!.height).toBeGreaterThan(80);
    await shot(a, 'chat-room-th');
    await a.locator('[data-testid="chat-send"]').click();
    await expect.poll(async () => (await field.boundingBox())!.height, POLL).toBeLessThan(45);
    await expect.poll(() => a.locator('[data-testid="chat-message"][data-mine="true"]', { hasText: 'กกกกกกกก' }).count(), POLL).toBe(1);
  });

  it('lets a signed-out reader read the room and offers sign-in to send', async () => {
    const reader = await phone(browser);
    await reader.goto(`${base}${ROOM}`);
    await expect.poll(async () => (await texts(reader)).some((t) => t.includes(`Hi Alice, Bruno here ${stamp}`)), POLL).toBe(true);
    expect(await reader.locator('[data-testid="chat-input"]').count()).toBe(0);
    await reader.locator('[data-testid="chat-sign-in"] button').click();
    await expect.poll(() => reader.url(), POLL).toContain('/pages/common/login');
  });
});
