import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { base, latestCode, opsCli, registerByApi, signInWith } from './helpers';

const JPEG = readFileSync(path.resolve(__dirname, 'fixtures/photo.jpg'));
const email = `kyc${Date.now()}@example.com`;
const newEmail = `kyc${Date.now()}-new@example.com`;
const mobile = `7${String(Date.now()).slice(-9)}`;

/** Puts a large camera-sized JPEG, drawn in the page, into a file input (exercises downscaling). */
async function dropBigPhoto(page: Page, testId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 2000;
    const ctx = canvas.getContext('2d')!;
    // Noise compresses badly, like a real camera photo: several megabytes at this size.
    const pixels = ctx.createImageData(3000, 2000);
    for (let i = 0; i < pixels.data.length; i += 65536) crypto.getRandomValues(pixels.data.subarray(i, i + 65536));
    for (let i = 3; i < pixels.data.length; i += 4) pixels.data[i] = 255;
    ctx.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/jpeg', 0.92));
    const input = document.querySelector<HTMLInputElement>(`[data-testid="${id}"] input[type=file]`)!;
    const transfer = new DataTransfer();
    transfer.items.add(new File([blob], 'camera.jpg', { type: 'image/jpeg' }));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    return blob.size;
  }, testId);
}

async function pendingIdentityId(): Promise<string> {
  const out = await opsCli('identities');
  const id = new RegExp(`^(\\d+)\\s+\\d+\\s+${newEmail.replace(/[.+]/g, '\\$&')}`, 'm').exec(out)?.[1];
  if (!id) throw new Error(`no pending identity for ${newEmail}:\n${out}`);
  return id;
}

describe('account, security and identity in a phone browser', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    await signInWith(page, await registerByApi(email, 'kyc-secret'), '/#/pages/setting/setting');
  });
  afterAll(() => browser?.close());

  it('binds a phone and a new email with codes', async () => {
    await expect.poll(() => page.getByTestId('profile-nickname').textContent()).toBeTruthy();
    await shot(page, 'settings');
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByTestId('bind-mobile-entry').click();
    await page.getByPlaceholder('Phone number').fill(mobile);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByPlaceholder('Verification code').fill(await latestCode(`+1${mobile}`));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByTestId('bind-mobile-entry').textContent()).toContain(mobile);

    await page.getByTestId('bind-email-entry').click();
    await page.getByPlaceholder('Email address').fill(newEmail);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByPlaceholder('Verification code').fill(await latestCode(newEmail));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByTestId('bind-email-entry').textContent()).toContain(newEmail);
    await shot(page, 'security');
  });

  it('submits basic and advanced verification; the operator approves each with the CLI', async () => {
    await page.goto(`${base}/#/pages/setting/real`);
    await expect.poll(() => page.getByTestId('identity-status').textContent()).toContain('Not verified');
    await page.getByRole('tab', { name: 'Passport' }).click();
    await page.getByTestId('country-entry').click();
    await page.getByPlaceholder('Search country or region, or code').fill('Japan');
    await page.locator('[data-region="JP"]').click();
    await expect.poll(() => page.getByTestId('country-entry').textContent()).toContain('Japan');
    await page.getByPlaceholder('Full name as on the document').fill('Hanako Yamada');
    await page.getByPlaceholder('Document number').fill('tk1234567');
    await shot(page, 'identity-basic');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => page.getByTestId('identity-status').textContent()).toContain('under review');
    // One reading of the state everywhere: the Me page and the withdraw banner say so too.
    await page.goto(`${base}/#/pages/setting/setting`);
    await expect.poll(() => page.getByTestId('profile-identity').textContent()).toContain('Basic verification under review');
    await page.goto(`${base}/#/pages/fund/withdraw`);
    await expect.poll(() => page.getByTestId('verify-first').textContent()).toContain('under review');
    await page.goto(`${base}/#/pages/setting/real`);

    expect(await opsCli('approve-identity', await pendingIdentityId())).toContain('approved');
    await page.reload();
    await expect.poll(() => page.getByTestId('identity-status').textContent()).toContain('Basic verified');

    const original = await dropBigPhoto(page, 'id-front');
    await page
      .locator('[data-testid="id-back"] input[type=file]')
      .setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await expect.poll(() => page.getByText('Uploaded').count(), { timeout: 15_000 }).toBe(2);
    await shot(page, 'identity-advanced');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect.poll(() => page.getByTestId('identity-status').textContent()).toContain('under review');

    const out = await opsCli('identities');
    const front = /front: (\S+)/.exec(out)![1]!;
    const stored = (await (await fetch(front)).arrayBuffer()).byteLength;
    expect(original).toBeGreaterThan(2_000_000);
    expect(stored).toBeLessThan(original / 2);
    await opsCli('approve-identity', await pendingIdentityId());
    await page.reload();
    await expect.poll(() => page.getByTestId('identity-status').textContent()).toContain('Advanced verified');
    await shot(page, 'identity-certified');
  });

  it('shows the notifications of the decisions with an unread badge', async () => {
    await page.goto(`${base}/#/pages/setting/setting`);
    await expect.poll(() => page.getByTestId('notifications-entry').textContent()).toMatch(/2/);
    await page.getByTestId('notifications-entry').click();
    await expect.poll(() => page.getByText('Identity verified').count()).toBe(2);
    await shot(page, 'notifications');
  });

  it('changes nickname and avatar', async () => {
    await page.goto(`${base}/#/pages/setting/userInfo`);
    await page.getByTestId('edit-nickname').click();
    const field = page.getByRole('dialog').locator('input');
    await field.fill('x');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('The nickname needs 2 to 10 characters').count()).toBe(1);
    await field.fill('花子Trader');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('edit-nickname').textContent()).toContain('花子Trader');

    await page
      .locator('[data-testid="avatar-picker"] input[type=file]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await expect.poll(() => page.getByText('Avatar updated').count(), { timeout: 15_000 }).toBe(1);
    await page.goto(`${base}/#/pages/setting/setting`);
    await expect.poll(() => page.locator('[data-testid="profile-card"] img').getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
    await shot(page, 'settings-after');
  });

  it('switches the display currency and the language', async () => {
    await page.getByTestId('fiat-entry').click();
    await page.getByRole('button', { name: /^CNY/ }).click();
    await expect.poll(() => page.getByTestId('fiat-entry').textContent()).toContain('CNY');
    await page.goto(`${base}/#/pages/market/market`);
    await expect.poll(() => page.locator('[data-symbol="BTC/USDT"]').textContent()).toContain('≈ ¥');

    await page.goto(`${base}/#/pages/setting/setting`);
    await page.getByTestId('language-entry').click();
    await page.getByRole('button', { name: '日本語' }).click();
    await expect.poll(() => page.getByTestId('language-entry').textContent()).toContain('日本語');
    await page.goto(`${base}/#/pages/setting/real`);
    await expect.poll(() => page.getByTestId('limits-2').textContent()).toContain('100,000');
    await shot(page, 'identity-jp');
    await page.goto(`${base}/#/pages/setting/setting`);
    await page.getByTestId('language-entry').click();
    await page.getByRole('button', { name: 'English' }).click();
    await page.goto(`${base}/#/pages/setting/real`);
    // One figure in every language, the one OTC enforces (English said 1,000,000).
    await expect.poll(() => page.getByTestId('limits-2').textContent()).toContain('100,000');
    expect(await page.getByTestId('limits-2').textContent()).not.toContain('1,000,000');
  });
});
