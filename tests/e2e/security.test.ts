import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../domain/auth/types';
import { launch, phone, shot } from './browser';
import { base, registerByApi, sendCode, signInWith } from './helpers';

const email = `twofa${Date.now()}@example.com`;
const PASSWORD = 'guarded-secret1';
const SECURITY = '/#/pages/setting/security';
const LOGIN = '/#/pages/common/login';

/** Sets the interface language on the page's device and reopens `route`. */
async function useLang(page: Page, lang: string, route: string): Promise<void> {
  // The app's start stores nothing over it (src/i18n.ts).
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.goto(base + route);
  await page.reload();
}

/** Fills the login form and submits it. */
async function enterPassword(page: Page): Promise<void> {
  // The token is read at start: reload, so a device that just dropped its token is signed out.
  await page.goto(base + LOGIN);
  await page.reload();
  await page.locator('input[name=account]').fill(email);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('form button[type=submit]').click();
  await page.getByTestId('second-factor').waitFor();
}

describe('account security in a phone browser: two-factor, new-device notice, anti-phishing code', () => {
  let browser: Browser;
  let page: Page;
  let secret = '';
  let recovery: string[] = [];
  let enableCode = '';
  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    await signInWith(page, await registerByApi(email, PASSWORD), SECURITY);
  });
  afterAll(() => browser?.close());

  it('turns two-factor on: QR code, key, a code from the authenticator, recovery codes', async () => {
    await page.getByTestId('two-factor-entry').waitFor();
    await expect.poll(() => page.getByTestId('two-factor-entry').textContent()).toContain('Off');
    await shot(page, 'security-en');
    await page.getByTestId('two-factor-entry').click();
    await page.getByTestId('two-factor-start').click();
    await page.getByTestId('two-factor-qr').waitFor();
    secret = (await page.getByTestId('two-factor-secret').getAttribute('data-secret')) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await shot(page, 'security-2fa-setup-en');
    // The authenticator app's code, computed from the key the page shows.
    enableCode = await generate({ secret });
    await page.locator('input[name=totp_code]').fill(enableCode);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByTestId('recovery-codes').waitFor();
    recovery = (await page.locator('[data-testid="recovery-codes"] li').allTextContents()).map((c) => c.trim());
    expect(recovery).toHaveLength(10);
    await shot(page, 'security-2fa-recovery-en');
    await page.getByTestId('recovery-done').click();
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toBe('Two-factor authentication is on');
    await shot(page, 'security-2fa-on-en');
  });

  it('logs out and back in with the authenticator code as the second step', async () => {
    await page.evaluate(() => localStorage.removeItem('token'));
    await enterPassword(page);
    await shot(page, 'security-login-2fa-en');
    // A code is used once: wait for the authenticator's next one (up to one 30 s step).
    let code = enableCode;
    await expect
      .poll(
        async () => {
          code = await generate({ secret });
          return code;
        },
        { timeout: 40_000, interval: 1000 },
      )
      .not.toBe(enableCode);
    await page.locator('input[name=totp_code]').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 20_000 }).toBeTruthy();
    await expect.poll(() => page.url()).not.toContain('login');
  });

  it('tells the first device when a second one signs in (with a recovery code, in Chinese)', async () => {
    const other = await phone(browser);
    await other.goto(`${base}/#/`);
    await useLang(other, 'zh', LOGIN);
    await enterPassword(other);
    await other.getByTestId('toggle-recovery').click();
    await other.locator('input[name=recovery_code]').fill(recovery[0]!);
    await shot(other, 'security-login-recovery-zh');
    await other.getByRole('button', { name: '验证', exact: true }).click();
    await expect.poll(() => other.evaluate(() => localStorage.getItem('token')), { timeout: 20_000 }).toBeTruthy();

    await page.goto(`${base}/#/pages/setting/notifications`);
    // The list item (its body), not the live toast that may also announce it: exactly one notice.
    await expect.poll(() => page.getByText(/Your account was signed in from Chrome/).count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'security-new-device-notice-en');
    await page.goto(`${base}/#/pages/setting/sessions`);
    await expect.poll(() => page.getByTestId('session').count()).toBeGreaterThanOrEqual(3);
    await shot(page, 'security-sessions-en');
    await other.context().close();
  });

  it('sets an anti-phishing code that every mail then shows', async () => {
    await page.goto(`${base}/#/pages/setting/antiPhishing`);
    await page.locator('input[name=anti_phishing_code]').fill('Falcon2026');
    await expect.poll(() => page.getByTestId('anti-phishing-preview').textContent()).toBe('Anti-phishing code: Falcon2026');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('anti-phishing-remove').waitFor();
    await shot(page, 'security-anti-phishing-en');
    // A reset code, once the server allows a second code to the address.
    await sendCode('/sms_mail', { user_string: email, scene: 'forget' });
    const [mail] = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as OutboxEntry[];
    expect(mail).toMatchObject({ scene: 'forget', anti_phishing: 'Falcon2026' });
    expect(mail!.text).toContain('Anti-phishing code: Falcon2026');
  });

  for (const [lang, on] of [
    ['zh', '已开启'],
    ['th', 'เปิดอยู่'],
  ] as const) {
    it(`shows the security screens in ${lang}`, async () => {
      await useLang(page, lang, SECURITY);
      await expect.poll(() => page.getByTestId('two-factor-entry').textContent(), { timeout: 20_000 }).toContain(on);
      await shot(page, `security-${lang}`);
      await page.goto(`${base}/#/pages/setting/twoFactor`);
      await page.getByTestId('two-factor-status').waitFor();
      await shot(page, `security-2fa-on-${lang}`);
      await page.goto(`${base}/#/pages/setting/antiPhishing`);
      await page.getByTestId('anti-phishing-remove').waitFor();
      await shot(page, `security-anti-phishing-${lang}`);
      await page.goto(`${base}/#/pages/setting/sessions`);
      await page.getByTestId('session').first().waitFor();
      await shot(page, `security-sessions-${lang}`);
    });
  }
});
