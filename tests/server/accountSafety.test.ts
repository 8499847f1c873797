/**
 * Account safety (defects found by a red team), over real HTTP. Runs on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../domain/chat/types';
import type { UserInfo } from '../../domain/profile/types';
import { ManualClock } from '../../server/clock';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/config';
import { DEMO_REFUSED } from '../../server/seed/DemoGuard';
import { DEMO_ACCOUNT } from '../../server/seed/seed';
import { startServer, type TestServer } from './harness';
import { TEST_APP_OPTIONS } from './options';

const get = { method: 'GET' as const };

describe(`account safety (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let s: TestServer;
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
  });
  afterAll(async () => {
    await s?.close();
  });
  const info = async (token: string) => (await s.call('/user/info', {}, { ...get, token })).body.message as UserInfo;

  describe('the demo account (item 17)', () => {
    const REFUSED = /^The demo account cannot do this/;
    const demoLogin = async () =>
      (await s.call('/user/login', { user_string: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }, { ip: '10.30.0.1' })).body
        .message as string;

    it('refuses every call that moves value to another user or off the platform, or changes its security, in the request language', async () => {
      const token = await demoLogin();
      expect(DEMO_REFUSED.length).toBeGreaterThan(20);
      for (const path of DEMO_REFUSED) {
        if (path === '/user/forget') continue;
        const res = await s.raw(path, {}, { token, ip: '10.30.0.1' });
        expect(res.status, path).toBe(200);
        expect(String(res.body.message), path).toMatch(REFUSED);
      }
      // A password reset by code, signed in or not.
      const reset = { account: DEMO_ACCOUNT.email.toUpperCase(), password: 'secret123', repassword: 'secret123', code: '123456' };
      expect(String((await s.call('/user/forget', reset, { ip: '10.30.0.2' })).body.message)).toMatch(REFUSED);
      // The red team's path: an NFT bought from another user's listing, and turning on 2FA.
      const zh = await s.call('/bind_box/buyNFT', { id: '1' }, { token, lang: 'zh' });
      expect(String(zh.body.message)).toMatch(/^演示账户无法执行此操作/);
      expect(String((await s.call('/safe/two_factor/setup', {}, { token })).body.message)).toMatch(REFUSED);
      // Still the published password.
      expect(typeof (await demoLogin())).toBe('string');
    });

    it('still trades with the platform, and other users are not refused', async () => {
      const token = await demoLogin();
      const moved = await s.call('/wallet/change', { currency_id: '3', number: '10', from_field: 'change', to_field: 'lever' }, { token });
      expect(moved.body.type, String(moved.body.message)).toBe('ok');
      const exchanged = await s.call('/user/Transfer', { number: '10', from_currency_id: '3', to_currency_id: '2' }, { token });
      expect(exchanged.body.type, String(exchanged.body.message)).toBe('ok');
      const user = await s.signUp();
      expect((await s.call('/safe/logout_others', {}, { token: user.token })).body.type).toBe('ok');
      expect(String((await s.call('/safe/logout_others', {}, { token })).body.message)).toMatch(REFUSED);
    });

    it('is created only on the embedded database or when DEMO_ACCOUNT=1 asks', () => {
      expect(readConfig({}).demoAccount).toBe(true);
      expect(readConfig({ DATABASE_URL: 'postgres://db/kestrel' }).demoAccount).toBe(false);
      expect(readConfig({ DATABASE_URL: 'postgres://db/kestrel', DEMO_ACCOUNT: '1' }).demoAccount).toBe(true);
      expect(readConfig({ DEMO_ACCOUNT: '0' }).demoAccount).toBe(false);
      expect(() => readConfig({ DEMO_ACCOUNT: 'yes' })).toThrow(/DEMO_ACCOUNT must be 1 or 0/);
    });

    it('is not created when off, and an existing one can no longer sign in with the published password', async () => {
      const off = await startServer({ startMarket: false, clock, demoAccount: false });
      try {
        // Not created; or, where the copied test database already had one (the PostgreSQL
        // template is made by a server with the demo on), no longer reachable with its password.
        const login = await off.call('/user/login', { user_string: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
        expect(login.body.type).toBe('error');
      } finally {
        await off.close();
      }
      // A database that has one, restarted with the demo off (last: the demo is gone for this file).
      const token = await demoLogin();
      const restarted = await buildApp({
        ...TEST_APP_OPTIONS,
        db: s.db,
        clock,
        dataDir: s.dataDir,
        startMarket: false,
        demoAccount: false,
      });
      try {
        const again = await s.call(
          '/user/login',
          { user_string: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
          { ip: '10.30.0.3' },
        );
        expect(again.body).toMatchObject({ type: 'error', message: 'Login failed: wrong account or password' });
        expect((await s.call('/user/info', {}, { ...get, token })).body.type).toBe(999);
      } finally {
        await restarted.close();
      }
    });
  });

  describe('login lock per account, across addresses (item 20)', () => {
    const login = (email: string, password: string, ip: string, lang = 'en') =>
      s.call('/user/login', { user_string: email, password }, { ip, lang });
    const TOO_MANY = /^Too many attempts, please try again in (\d+) minutes?$/;

    it('locks password login after 20 wrong passwords from several addresses for 15 minutes, and tells the owner once', async () => {
      const owner = await s.signUp();
      // 20 wrong passwords from 5 addresses (4 each: under the per-address limit of 10).
      for (let i = 0; i < 20; i++) {
        const res = await login(owner.email, `wrong${i}`, `10.20.${i % 5}.1`);
        expect(res.body.message, `try ${i + 1}`).toBe('Login failed: wrong account or password');
      }
      // From a sixth address, even the right password is refused for 15 minutes.
      const locked = await login(owner.email, owner.password, '10.20.9.1');
      expect(String(locked.body.message)).toMatch(TOO_MANY);
      expect(Number(TOO_MANY.exec(String(locked.body.message))![1])).toBe(15);
      expect(String((await login(owner.email, 'wrong', '10.20.9.2', 'zh')).body.message)).toMatch(/[\u4e00-\u9fff]/);
      clock.advance(14 * 60_000);
      expect(String((await login(owner.email, owner.password, '10.20.9.1')).body.message)).toMatch(TOO_MANY);
      clock.advance(60_000 + 1);
      expect((await login(owner.email, owner.password, '10.20.9.1')).body.type).toBe('ok');

      // The owner is told, once, in the notifications.
      const list = (await s.call('/user/notifications', {}, { ...get, token: owner.token })).body.message as {
        data: { kind: string; params: Record<string, string> }[];
      };
      const notices = list.data.filter((n) => n.kind === 'loginLocked');
      expect(notices).toHaveLength(1);
      expect(notices[0]!.params).toMatchObject({ failures: 20, minutes: 15 });
    });

    it('keeps the per-address limit, and a right password does not count', async () => {
      const owner = await s.signUp();
      for (let i = 0; i < 9; i++) expect((await login(owner.email, 'wrong', '10.21.0.1')).body.type).toBe('error');
      expect((await login(owner.email, owner.password, '10.21.0.2')).body.type).toBe('ok');
      // The right one reset nothing for the attacker's address, and did not count toward the lock.
      expect((await login(owner.email, 'wrong', '10.21.0.1')).body.message).toBe('Login failed: wrong account or password');
      expect(String((await login(owner.email, 'wrong', '10.21.0.1')).body.message)).toMatch(TOO_MANY);
      // An unknown account is counted the same way (the answers tell nothing of which accounts exist).
      const ghost = `ghost${process.pid}@example.com`;
      for (let i = 0; i < 20; i++)
        expect((await login(ghost, 'wrong', `10.22.${i}.1`)).body.message).toBe('Login failed: wrong account or password');
      expect(String((await login(ghost, 'wrong', '10.22.99.1')).body.message)).toMatch(TOO_MANY);
      clock.advance(16 * 60_000);
    });
  });

  describe('asking for a register code (item 21)', () => {
    const outbox = async (to: string) =>
      (await (await fetch(`${s.url}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as {
        code: string;
        scene: string;
        text: string;
      }[];

    it('answers the same for a registered email or phone as for a new one, and mails the owner instead of a code', async () => {
      const owner = await s.signUp();
      const { area_code, mobile } = await s.bindMobile(owner.token, owner.ip);
      clock.advance(61_000);
      const fresh = `new${process.pid}@example.com`;
      const asked = await s.call('/sms_mail', { user_string: owner.email, scene: 'register' }, { ip: '10.9.9.1' });
      const askedNew = await s.call('/sms_mail', { user_string: fresh, scene: 'register' }, { ip: '10.9.9.2' });
      expect(asked).toEqual(askedNew);
      expect(asked.body).toEqual({ type: 'ok', code: 1, message: 'Verification code sent' });
      const byPhone = await s.call('/sms_send', { area_code, mobile, scene: 'register' }, { ip: '10.9.9.3' });
      expect(byPhone).toEqual(askedNew);
      // And the same again within the minute, either way.
      const twice = await s.call('/sms_mail', { user_string: owner.email, scene: 'register' }, { ip: '10.9.9.1' });
      const twiceNew = await s.call('/sms_mail', { user_string: fresh, scene: 'register' }, { ip: '10.9.9.2' });
      expect(twice.body.type).toBe('error');
      expect(twice).toEqual(twiceNew);

      // The owner gets "you already have an account", no code; the new address its code.
      const [mail] = await outbox(owner.email);
      expect(mail).toMatchObject({ scene: 'register', code: '' });
      expect(mail!.text).toMatch(/already have a Kestrel account/);
      expect(mail!.text).not.toMatch(/\d{6}/);
      const [sms] = await outbox(`+${area_code}${mobile}`);
      expect(sms).toMatchObject({ scene: 'register', code: '' });
      expect((await outbox(fresh))[0]!.code).toMatch(/^\d{6}$/);
      // In the request's language.
      clock.advance(61_000);
      await s.call('/sms_mail', { user_string: owner.email, scene: 'register' }, { ip: '10.9.9.1', lang: 'fra' });
      expect((await outbox(owner.email))[0]!.text).toMatch(/vous avez déjà un compte Kestrel/);

      // Registering with that address still fails at the register step.
      const reg = await s.call(
        '/user/register',
        { type: 'email', user_string: owner.email, code: '123456', password: 'secret123', re_password: 'secret123' },
        { ip: '10.9.9.1' },
      );
      expect(reg.body.type).toBe('error');
    });
  });

  describe('default nicknames (item 19)', () => {
    const NEUTRAL = /^User[a-z0-9]{6}$/;

    it('gives a new account a neutral nickname that says nothing of its email or phone', async () => {
      const user = await s.signUp(`johnqsmith${process.pid}@example.com`);
      const { nickname } = await info(user.token);
      expect(nickname).toMatch(NEUTRAL);
      expect(nickname.toLowerCase()).not.toContain('johnq');
      // What the public chat shows.
      const sent = await s.call('/chat/send', { room: 'en', text: 'hello' }, { token: user.token });
      expect((sent.body.message as ChatMessage).name).toBe(nickname);
      // Two accounts do not share one default.
      expect((await info((await s.signUp()).token)).nickname).not.toBe(nickname);
    });

    it('repairs accounts whose nickname is still the one derived from the email or phone, and leaves chosen ones', async () => {
      const derived = await s.signUp(`janedoe${process.pid}@example.com`);
      const short = await s.signUp(`j${process.pid}x@example.com`);
      const chosen = await s.signUp(`alice${process.pid}@example.com`);
      const phone = await s.signUp();
      const { mobile } = await s.bindMobile(phone.token, phone.ip);
      // As registration used to name them.
      const set = (email: string, nickname: string) => s.db.query('UPDATE users SET nickname = $2 WHERE email = $1', [email, nickname]);
      await set(derived.email, `janedoe${process.pid}`.slice(0, 10));
      await set(short.email, `j${process.pid}x`.slice(0, 10));
      await set(chosen.email, 'Alice');
      await s.db.query('UPDATE users SET email = NULL, nickname = $2 WHERE email = $1', [phone.email, `user${mobile.slice(-4)}`]);

      const sql = await readFile(path.join(import.meta.dirname, '../../server/db/migrations/027_neutral_nicknames.sql'), 'utf8');
      await s.db.exec(sql);

      expect((await info(derived.token)).nickname).toMatch(NEUTRAL);
      expect((await info(short.token)).nickname).toMatch(NEUTRAL);
      expect((await info(phone.token)).nickname).toMatch(NEUTRAL);
      expect((await info(chosen.token)).nickname).toBe('Alice');
    });
  });
});
