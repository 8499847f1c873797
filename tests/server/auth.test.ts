import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_TRUST_MS, SessionStore } from '../../server/auth/SessionStore';
// The auth area's decoration of the Fastify instance (fastify.sessions).
import type {} from '../../server/auth/plugin';
import { ManualClock } from '../../server/clock';
import { startServer, type TestServer } from './harness';

describe('accounts over HTTP', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ startMarket: false });
  });
  afterAll(() => s.close());

  it('registers with an emailed code, logs in, reads the profile and logs out', async () => {
    const email = 'flow@example.com';
    const sent = await s.call('/sms_mail', { user_string: email, scene: 'register' });
    expect(sent.body).toEqual({ type: 'ok', code: 1, message: 'Verification code sent' });
    const code = await s.lastCode(email);
    expect(code).toMatch(/^\d{6}$/);

    const checked = await s.call('/user/check_email', { user_string: email, email_code: code });
    expect(checked.body.type).toBe('ok');

    const reg = await s.call('/user/register', {
      type: 'email',
      user_string: email,
      code,
      password: 'secret123',
      re_password: 'secret123',
    });
    expect(reg.body).toMatchObject({ type: 'ok', code: 1 });

    const login = await s.call('/user/login', { user_string: email, password: 'secret123' });
    expect(login.body.type).toBe('ok');
    const token = login.body.message as string;
    expect(token).toMatch(/^[\w-]{43}$/);

    const info = await s.call('/user/info', {}, { token, method: 'GET' });
    expect(info.body).toMatchObject({ type: 'ok', message: { email, fiat: 'USDT', lang: 'en' } });
    expect((info.body.message as { invite_code: string }).invite_code).toMatch(/^[A-Z2-9]{8}$/);

    const out = await s.call('/user/logout', {}, { token, method: 'GET' });
    expect(out.body.type).toBe('ok');
    const after = await s.call('/user/info', {}, { token, method: 'GET' });
    expect(after.body).toMatchObject({ type: 999, code: 0 });
  });

  it('stores only a hash of the password and of the token', async () => {
    const { email, password, token } = await s.signUp();
    const [user] = await s.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
    expect(user!.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(user!.password_hash).not.toContain(password);
    const rows = await s.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [token]);
    expect(rows).toHaveLength(0);
  });

  it('registers by phone with an area code and logs in with the number', async () => {
    await s.call('/sms_send', { area_code: '+44', mobile: '7700900123', scene: 'register' });
    const code = await s.lastCode('+447700900123');
    const reg = await s.call('/user/register', {
      type: 'mobile',
      user_string: '7700900123',
      area_code: '44',
      code,
      password: 'phonepass',
      re_password: 'phonepass',
    });
    expect(reg.body.type).toBe('ok');
    const login = await s.call('/user/login', { user_string: '7700900123', password: 'phonepass' });
    expect(login.body.type).toBe('ok');
  });

  it('records the inviter when an invite code is given, and refuses an unknown one', async () => {
    const inviter = await s.signUp();
    const info = await s.call('/user/info', {}, { token: inviter.token, method: 'GET' });
    const { invite_code, id } = info.body.message as { invite_code: string; id: number };
    const email = 'invited@example.com';
    await s.call('/sms_mail', { user_string: email, scene: 'register' });
    const code = await s.lastCode(email);
    const bad = await s.call('/user/register', {
      type: 'email',
      user_string: email,
      code,
      password: 'secret123',
      re_password: 'secret123',
      extension_code: 'NOPE1234',
    });
    expect(bad.body).toMatchObject({ type: 'error', message: 'This invite code does not exist' });
    const ok = await s.call('/user/register', {
      type: 'email',
      user_string: email,
      code,
      password: 'secret123',
      re_password: 'secret123',
      extension_code: invite_code,
    });
    expect(ok.body.type).toBe('ok');
    const [row] = await s.db.query<{ invited_by: number }>('SELECT invited_by FROM users WHERE email = $1', [email]);
    expect(row!.invited_by).toBe(id);
    const stats = (await s.call('/user/info', {}, { token: inviter.token, method: 'GET' })).body.message;
    expect(stats).toMatchObject({ invite_count: 1, traded_invite_count: 0 });
  });

  it.each([
    [{ password: '12345', re_password: '12345' }, 'The password must be 6 to 64 characters'],
    [{ password: 'x'.repeat(65), re_password: 'x'.repeat(65) }, 'The password must be 6 to 64 characters'],
    [{ password: 'secret123', re_password: 'secret124' }, 'The passwords do not match'],
    [{ code: '12345' }, 'The verification code must be 6 digits'],
    [{ code: '1234567' }, 'The verification code must be 6 digits'],
    [{ code: '' }, 'Please enter the verification code'],
    [{ user_string: 'not-an-email' }, 'Please enter a valid email address'],
    [{ type: 'fax' }, 'Choose email or phone registration'],
    [{ extension_code: 'a!' }, 'The invite code has 4 to 16 letters or digits'],
  ])('refuses registration %o with a clear message', async (override, message) => {
    const base = { type: 'email', user_string: 'rules@example.com', code: '123456', password: 'secret123', re_password: 'secret123' };
    const res = await s.call('/user/register', { ...base, ...override });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ type: 'error', code: 0, message });
  });

  it('refuses a wrong code, then kills the code after five wrong tries', async () => {
    const email = 'tries@example.com';
    await s.call('/sms_mail', { user_string: email, scene: 'register' });
    const code = await s.lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const form = { type: 'email', user_string: email, password: 'secret123', re_password: 'secret123' };
    for (let i = 0; i < 5; i++) {
      const res = await s.call('/user/register', { ...form, code: wrong });
      expect(res.body).toMatchObject({ type: 'error', message: 'The verification code is wrong or has expired' });
    }
    const right = await s.call('/user/register', { ...form, code });
    expect(right.body).toMatchObject({ type: 'error', message: 'The verification code is wrong or has expired' });
  });

  it('uses a code once, and refuses a duplicate account', async () => {
    const email = 'once@example.com';
    await s.call('/sms_mail', { user_string: email, scene: 'register' });
    const code = await s.lastCode(email);
    const form = { type: 'email', user_string: email, code, password: 'secret123', re_password: 'secret123' };
    expect((await s.call('/user/register', form)).body.type).toBe('ok');
    expect((await s.call('/user/register', form)).body).toMatchObject({
      type: 'error',
      message: 'The verification code is wrong or has expired',
    });
    // Asking for a register code again answers as for a new address: accountSafety.test.ts.
  });

  it('allows one code per target per minute', async () => {
    const email = 'resend@example.com';
    expect((await s.call('/sms_mail', { user_string: email, scene: 'register' })).body.type).toBe('ok');
    const again = await s.call('/sms_mail', { user_string: email, scene: 'register' });
    expect(again.body.type).toBe('error');
    expect(String(again.body.message)).toMatch(/^Please wait \d+ seconds before requesting another code$/);
    // The wait travels as a number too, so the form counts it down instead of offering "Send code" again.
    const stated = Number(/\d+/.exec(String(again.body.message))![0]);
    expect((again.body as { retry_after?: number }).retry_after).toBe(stated);
    expect(stated).toBeGreaterThan(0);
  });

  it('does not reveal whether an account exists when asked for a reset code', async () => {
    const res = await s.call('/sms_mail', { user_string: 'ghost@example.com', scene: 'forget' });
    expect(res.body).toMatchObject({ type: 'ok' });
    const outbox = await (await fetch(`${s.url}/api/dev/outbox?to=ghost@example.com`)).json();
    expect(outbox).toEqual([]);
  });

  it('answers a wrong login with one message whether or not the account exists', async () => {
    const { email } = await s.signUp();
    const wrongPassword = await s.call('/user/login', { user_string: email, password: 'wrong-password' });
    const noAccount = await s.call('/user/login', { user_string: 'nobody@example.com', password: 'wrong-password' });
    expect(wrongPassword.body).toEqual({ type: 'error', code: 0, message: 'Login failed: wrong account or password' });
    expect(noAccount.body).toEqual(wrongPassword.body);
  });

  it('gives 999 for a missing, unknown or malformed token', async () => {
    expect((await s.call('/user/info', {}, { method: 'GET' })).body).toEqual({ type: 999, code: 0, message: 'Please log in first' });
    expect((await s.call('/user/info', {}, { method: 'GET', token: 'forged' })).body).toMatchObject({ type: 999 });
    expect((await s.call('/user/info', {}, { method: 'GET', token: 'x'.repeat(5000) })).body).toMatchObject({ type: 999 });
  });

  it('answers in the language of the request', async () => {
    const zh = await s.call(
      '/user/register',
      { type: 'email', user_string: 'a@b.co', code: '123456', password: 'secret123', re_password: 'nope123' },
      { lang: 'zh' },
    );
    expect(zh.body.type).toBe('error');
    expect(zh.body.message).not.toBe('The passwords do not match');
    expect(String(zh.body.message)).toMatch(/[\u4e00-\u9fff]/);
    const header = await s.call('/user/info', {}, { method: 'GET', headers: { 'accept-language': 'zh-tw' } });
    expect(String(header.body.message)).toMatch(/[\u4e00-\u9fff]/);
  });

  it('ignores a user id forged in the body', async () => {
    const a = await s.signUp();
    const b = await s.signUp();
    const bInfo = await s.call('/user/info', {}, { token: b.token, method: 'GET' });
    const forged = await s.call(
      '/user/info',
      { user_id: String((bInfo.body.message as { id: number }).id) },
      { token: a.token, method: 'GET' },
    );
    expect((forged.body.message as { email: string }).email).toBe(a.email);
  });
});

describe('hostile and malformed input', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ startMarket: false });
  });
  afterAll(() => s.close());

  it('refuses an email with an emoji and sends it no code', async () => {
    for (const user_string of ['😀@example.com', 'a😀@example.com', 'a@exa😀mple.com']) {
      expect((await s.call('/sms_mail', { user_string, scene: 'register' })).body).toEqual({
        type: 'error',
        code: 0,
        message: 'Please enter a valid email address',
      });
      await expect(s.lastCode(user_string)).rejects.toThrow(/no code sent/);
    }
  });
  it('answers bad JSON with a 400 envelope and no stack trace', async () => {
    const res = await fetch(`${s.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"user_string":',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ type: 'error', code: 0, message: 'The request could not be read' });
    expect(text).not.toMatch(/at .*\.ts|stack/i);
  });

  it('answers an oversized body with 413', async () => {
    const res = await fetch(`${s.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `user_string=${'a'.repeat(100_000)}`,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ type: 'error', message: 'The request is too large' });
  });

  it('answers an unknown content type with 415', async () => {
    const res = await fetch(`${s.url}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<a/>' });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ type: 'error' });
  });

  it('treats repeated and nested parameters as invalid, not as a crash', async () => {
    const repeated = await s.call('/user/login', { user_string: ['a@b.co', 'c@d.co'], password: 'secret123' });
    expect(repeated.status).toBe(200);
    expect(repeated.body).toMatchObject({ type: 'error', code: 0 });
    const json = await fetch(`${s.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_string: { $ne: null }, password: ['x'] }),
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({ type: 'error', code: 0 });
    const array = await fetch(`${s.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[1,2]',
    });
    expect(await array.json()).toMatchObject({ type: 'error', message: 'Please enter your account' });
  });

  it('answers unknown endpoints with a 404 envelope', async () => {
    const res = await fetch(`${s.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ type: 'error', code: 0, message: 'Not found' });
  });

  it('rejects codes sent as numbers in exponent form or with letters', async () => {
    for (const code of ['1e5000', '12345a', ' 12345', '１２３４５６']) {
      const res = await s.call('/user/register', {
        type: 'email',
        user_string: 'e@x.co',
        code,
        password: 'secret123',
        re_password: 'secret123',
      });
      expect(res.body).toMatchObject({ type: 'error', code: 0 });
    }
  });
});

describe('time: code expiry, resend window, session expiry, rate limits', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
  });
  afterAll(() => s.close());

  it('never resets a password without a valid code, and a reset ends every session', async () => {
    const { email, token } = await s.signUp();
    const noCode = await s.call('/user/forget', { account: email, password: 'newpass123', repassword: 'newpass123', code: '123456' });
    expect(noCode.body).toMatchObject({ type: 'error', message: 'The verification code is wrong or has expired' });
    const unknown = await s.call('/user/forget', {
      account: 'nobody@example.com',
      password: 'newpass123',
      repassword: 'newpass123',
      code: '123456',
    });
    expect(unknown.body).toMatchObject({ type: 'error', message: 'The verification code is wrong or has expired' });

    clock.advance(61_000);
    expect((await s.call('/sms_mail', { user_string: email, scene: 'forget' })).body.type).toBe('ok');
    const code = await s.lastCode(email);
    const mismatch = await s.call('/user/forget', { account: email, password: 'newpass123', repassword: 'newpass124', code });
    expect(mismatch.body).toMatchObject({ type: 'error', message: 'The passwords do not match' });
    const reset = await s.call('/user/forget', { account: email, password: 'newpass123', repassword: 'newpass123', code });
    expect(reset.body.type).toBe('ok');

    expect((await s.call('/user/info', {}, { token, method: 'GET' })).body.type).toBe(999);
    expect((await s.call('/user/login', { user_string: email, password: 'secret123' })).body.type).toBe('error');
    expect((await s.call('/user/login', { user_string: email, password: 'newpass123' })).body.type).toBe('ok');
  });

  it('lets a code expire after 10 minutes', async () => {
    const email = 'expire@example.com';
    await s.call('/sms_mail', { user_string: email, scene: 'register' });
    const code = await s.lastCode(email);
    clock.advance(10 * 60_000 + 1);
    const res = await s.call('/user/register', {
      type: 'email',
      user_string: email,
      code,
      password: 'secret123',
      re_password: 'secret123',
    });
    expect(res.body).toMatchObject({ type: 'error', message: 'The verification code is wrong or has expired' });
  });

  it('sends a new code after the minute is up, and the new one replaces the old', async () => {
    const email = 'again@example.com';
    await s.call('/sms_mail', { user_string: email, scene: 'register' });
    const first = await s.lastCode(email);
    expect((await s.call('/sms_mail', { user_string: email, scene: 'register' })).body.type).toBe('error');
    clock.advance(60_000);
    expect((await s.call('/sms_mail', { user_string: email, scene: 'register' })).body.type).toBe('ok');
    const second = await s.lastCode(email);
    const form = { type: 'email', user_string: email, password: 'secret123', re_password: 'secret123' };
    if (first !== second) {
      expect((await s.call('/user/register', { ...form, code: first })).body.type).toBe('error');
    }
    expect((await s.call('/user/register', { ...form, code: second })).body.type).toBe('ok');
  });

  it('ends a session after 7 idle days, and keeps an active one alive', async () => {
    const idle = await s.signUp();
    const active = await s.signUp();
    for (let day = 0; day < 8; day++) {
      clock.advance(24 * 3600_000);
      expect((await s.call('/user/info', {}, { token: active.token, method: 'GET' })).body.type).toBe('ok');
    }
    expect((await s.call('/user/info', {}, { token: idle.token, method: 'GET' })).body).toMatchObject({
      type: 999,
      message: 'Your session has ended, please log in again',
    });
  });

  it('ends every session after 30 days however active', async () => {
    const user = await s.signUp();
    for (let day = 0; day < 29; day++) {
      clock.advance(24 * 3600_000);
      expect((await s.call('/user/info', {}, { token: user.token, method: 'GET' })).body.type).toBe('ok');
    }
    clock.advance(24 * 3600_000);
    expect((await s.call('/user/info', {}, { token: user.token, method: 'GET' })).body.type).toBe(999);
  });

  it('trusts a session read for a request for 2 s, never past its end, and never after a revocation', async () => {
    const { token } = await s.signUp();
    const sessions = s.app.fastify.sessions;
    const query = vi.spyOn(s.db, 'query');
    const statements = () => query.mock.calls.filter(([sql]) => String(sql).includes('FROM sessions')).length;
    try {
      const user = (await sessions.authenticate(token))!;
      expect(statements()).toBe(1);
      // Within the window: no statement.
      clock.advance(SESSION_TRUST_MS - 1);
      expect(await sessions.authenticate(token)).toEqual(user);
      expect(statements()).toBe(1);
      // Past it: read again.
      clock.advance(1);
      expect(await sessions.authenticate(token)).toEqual(user);
      expect(statements()).toBe(2);

      // Another node's store (same database, no shared trust): this node ends the session; the other
      // trusts its read until the bus tells it (`forget`), and reads again after the window anyway.
      const other = new SessionStore(s.db, clock);
      expect(await other.authenticate(token)).toEqual(user);
      await sessions.revoke(user.sessionId);
      expect(await sessions.authenticate(token)).toBeNull();
      expect(await other.authenticate(token)).toEqual(user);
      other.forget([user.sessionId]);
      expect(await other.authenticate(token)).toBeNull();

      // A read that raced a revocation (made before it committed) is not trusted: the next request reads again.
      const second = await s.signUp();
      const racing = new SessionStore(s.db, clock);
      const secondUser = (await racing.authenticate(second.token))!;
      racing.forget([secondUser.sessionId]);
      const before = statements();
      expect(await racing.authenticate(second.token)).toEqual(secondUser);
      expect(await racing.authenticate(second.token)).toEqual(secondUser);
      expect(statements()).toBe(before + 2);

      // Never past the session's own end: one idle second before it, a read is trusted for that second only.
      const third = await s.signUp();
      const thirdUser = (await sessions.authenticate(third.token))!;
      clock.advance(SESSION_TRUST_MS);
      await s.db.query('UPDATE sessions SET expires_at = $2 WHERE id = $1', [thirdUser.sessionId, clock.now() + 1000]);
      expect(await sessions.authenticate(third.token)).toEqual(thirdUser);
      clock.advance(1000);
      expect(await sessions.authenticate(third.token)).toBeNull();
    } finally {
      query.mockRestore();
    }
  });

  it('limits login attempts per account, then lets the owner in once the window passes', async () => {
    const user = await s.signUp();
    for (let i = 0; i < 10; i++) {
      expect((await s.call('/user/login', { user_string: user.email, password: 'wrong-password' })).body.message).toBe(
        'Login failed: wrong account or password',
      );
    }
    const blocked = await s.call('/user/login', { user_string: user.email, password: user.password });
    expect(blocked.body).toMatchObject({ type: 'error', message: 'Too many attempts, please try again in 15 minutes' });
    clock.advance(15 * 60_000);
    expect((await s.call('/user/login', { user_string: user.email, password: user.password })).body.type).toBe('ok');
  });

  it('limits login attempts per IP across accounts', async () => {
    clock.advance(15 * 60_000);
    let blocked = 0;
    for (let i = 0; i < 55; i++) {
      const res = await s.call('/user/login', { user_string: `spray${i}@example.com`, password: 'wrong-password' });
      if (String(res.body.message).startsWith('Too many attempts')) blocked++;
    }
    expect(blocked).toBeGreaterThan(0);
  });

  it('limits codes per target: one a minute and ten an hour, whoever asks and from wherever', async () => {
    clock.advance(60 * 60_000);
    const email = 'target-limit@example.com';
    for (let i = 0; i < 10; i++) {
      const res = await s.call('/sms_mail', { user_string: email, scene: 'register' }, { ip: `10.77.0.${i + 1}` });
      expect(res.body.type, `code ${i + 1}`).toBe('ok');
      clock.advance(61_000);
    }
    // The eleventh within the hour is refused, with the wait until the first of the ten is an hour old.
    const refused = await s.call('/sms_mail', { user_string: email, scene: 'register' }, { ip: '10.77.1.1' });
    expect(refused.body).toEqual({ type: 'error', code: 0, message: 'Too many attempts, please try again in 50 minutes' });
    const vi = await s.call('/sms_mail', { user_string: email, scene: 'register' }, { ip: '10.77.1.2', lang: 'vi' });
    expect(vi.body.message).toBe('Quá nhiều lần thử, vui lòng thử lại sau 50 phút');
    clock.advance(49 * 60_000 + 49_000);
    const last = await s.call('/sms_mail', { user_string: email, scene: 'register' }, { ip: '10.77.1.3', lang: 'fra' });
    expect(last.body.message).toBe('Trop de tentatives, veuillez réessayer dans 1 seconde');
    clock.advance(1_000);
    expect((await s.call('/sms_mail', { user_string: email, scene: 'register' }, { ip: '10.77.1.4' })).body.type).toBe('ok');
  });

  it('lets many people behind one address ask for codes, up to a ceiling of 200 an hour', async () => {
    clock.advance(60 * 60_000);
    const ip = '10.78.0.1';
    for (let i = 0; i < 200; i++) {
      const res = await s.call('/sms_mail', { user_string: `shared${i}@example.com`, scene: 'register' }, { ip });
      expect(res.body.type, `request ${i + 1}`).toBe('ok');
    }
    const over = await s.call('/sms_mail', { user_string: 'shared-over@example.com', scene: 'register' }, { ip });
    expect(over.body).toEqual({ type: 'error', code: 0, message: 'Too many attempts, please try again in 1 hour' });
  });

  it('limits codes per account (20 an hour); a request its target refuses costs the account nothing', async () => {
    clock.advance(60 * 60_000);
    const user = await s.signUp();
    const opts = { token: user.token, ip: user.ip };
    const bind = (mobile: string, lang?: string) => s.call('/sms_send', { area_code: '44', mobile, scene: 'bind' }, { ...opts, lang });
    expect((await bind('7700900000')).body.type).toBe('ok');
    // Tapping "send" again within the minute: refused by the target, not counted against the account.
    for (let i = 0; i < 5; i++) expect((await bind('7700900000')).body.message).toMatch(/^Please wait \d+ seconds/);
    for (let i = 1; i < 20; i++) expect((await bind(`77009000${String(i).padStart(2, '0')}`)).body.type, `code ${i + 1}`).toBe('ok');
    const over = await bind('7700900099', 'vi');
    expect(over.body).toEqual({ type: 'error', code: 0, message: 'Quá nhiều lần thử, vui lòng thử lại sau 1 giờ' });
    // Another account on the same address is not held back by this one's limit.
    const other = await s.signUp();
    expect(
      (await s.call('/sms_send', { area_code: '44', mobile: '7700900098', scene: 'bind' }, { token: other.token, ip: user.ip })).body.type,
    ).toBe('ok');
  });
});
