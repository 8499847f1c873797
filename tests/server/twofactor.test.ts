import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry, SecondFactorChallenge } from '../../domain/auth/types';
import type { NotificationItem } from '../../domain/notifications/types';
import type { RecoveryCodes, SecurityOverview, SessionInfo, TwoFactorSetup } from '../../domain/security/types';
import { ManualClock } from '../../server/clock';
import { accountHelpers } from './accounts';
import { startServer, type TestServer } from './harness';

const get = { method: 'GET' as const };
const USDT = 3;
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

type User = Awaited<ReturnType<TestServer['signUp']>>;

describe('account security: two-factor, anti-phishing code, devices', () => {
  let s: TestServer;
  // In the middle of a 30 s step, so "the next step" and "the step before" are unambiguous.
  const clock = new ManualClock(Date.UTC(2026, 10, 24, 8, 0, 15));
  let h: ReturnType<typeof accountHelpers>;
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
    h = accountHelpers(s, clock);
  });
  afterAll(() => s.close());

  /** The TOTP code of `secret` at the clock's time, `steps` steps away. */
  const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(clock.now() / 1000) + steps * 30 });
  /** A code that is none of the window's. */
  async function wrongCode(secret: string): Promise<string> {
    const window = await Promise.all([-1, 0, 1].map((d) => totp(secret, d)));
    return ['000000', '111111', '222222', '333333'].find((c) => !window.includes(c))!;
  }

  /** Turns two-factor on for `user`; answers the secret and the recovery codes. */
  async function enable(user: User): Promise<{ secret: string; recovery: string[] }> {
    const setup = (await s.call('/safe/two_factor/setup', {}, { token: user.token })).body.message as TwoFactorSetup;
    const enabled = await s.call('/safe/two_factor/enable', { code: await totp(setup.secret) }, { token: user.token });
    expect(enabled.body.type).toBe('ok');
    return { secret: setup.secret, recovery: (enabled.body.message as RecoveryCodes).recovery_codes };
  }

  const login = (user: User, headers: Record<string, string> = {}) =>
    s.call('/user/login', { user_string: user.email, password: user.password }, { ip: user.ip, headers });
  const secondStep = (user: User, challenge: string, code: string, headers: Record<string, string> = {}) =>
    s.call('/user/login_2fa', { challenge, code }, { ip: user.ip, headers });

  it('enables two-factor only with a right code, shows the secret once and stores it encrypted', async () => {
    const user = await s.signUp();
    const setup = (await s.call('/safe/two_factor/setup', {}, { token: user.token })).body.message as TwoFactorSetup;
    expect(setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.uri).toBe(
      `otpauth://totp/Kestrel:${encodeURIComponent(user.email)}?secret=${setup.secret}&issuer=Kestrel&algorithm=SHA1&digits=6&period=30`,
    );
    const [stored] = await s.db.query<{ secret_enc: string }>(
      'SELECT secret_enc FROM two_factor t JOIN users u ON u.id = t.user_id WHERE u.email = $1',
      [user.email],
    );
    expect(stored!.secret_enc).not.toContain(setup.secret);

    const wrong = await s.call('/safe/two_factor/enable', { code: await wrongCode(setup.secret) }, { token: user.token });
    expect(wrong.body).toMatchObject({ type: 'error', message: 'The authentication code is wrong or was already used' });
    expect((await s.call('/safe/two_factor/enable', { code: '12ab' }, { token: user.token })).body.message).toBe(
      'Enter the 6-digit code or a recovery code',
    );
    expect(((await s.call('/safe/overview', {}, { ...get, token: user.token })).body.message as SecurityOverview).two_factor).toBe(false);

    const enabled = await s.call('/safe/two_factor/enable', { code: await totp(setup.secret) }, { token: user.token });
    const codes = (enabled.body.message as RecoveryCodes).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect((await s.call('/safe/overview', {}, { ...get, token: user.token })).body.message).toEqual({
      two_factor: true,
      recovery_codes_left: 10,
      anti_phishing_code: null,
    });
    // On: a new setup (which would show a new secret) is refused.
    expect((await s.call('/safe/two_factor/setup', {}, { token: user.token })).body.message).toBe(
      'Two-factor authentication is already on',
    );
  });

  it('logs in in two steps: a challenge, then a code; wrong, replayed and late codes are refused', async () => {
    const user = await s.signUp();
    const { secret } = await enable(user);
    clock.advance(30_000);

    const first = await login(user);
    expect(first.body.type).toBe('ok');
    const { challenge, second_factor } = first.body.message as SecondFactorChallenge;
    expect(second_factor).toBe('totp');
    expect(challenge).toMatch(/^[\w-]{43}$/);
    // No session yet: the challenge is not a token.
    expect((await s.call('/user/info', {}, { ...get, token: challenge })).body.type).toBe(999);

    expect((await secondStep(user, challenge, await wrongCode(secret))).body.message).toBe(
      'The authentication code is wrong or was already used',
    );
    const code = await totp(secret);
    const done = await secondStep(user, challenge, code);
    expect(done.body.type).toBe('ok');
    expect((await s.call('/user/info', {}, { ...get, token: done.body.message as string })).body.type).toBe('ok');
    // The challenge is spent…
    expect((await secondStep(user, challenge, await totp(secret, 1))).body.message).toBe('This sign-in has expired, please log in again');
    // …and the same code cannot sign in again, even through a new challenge.
    const again = (await login(user)).body.message as SecondFactorChallenge;
    expect((await secondStep(user, again.challenge, code)).body.message).toBe('The authentication code is wrong or was already used');
    // The previous step's code is accepted (the ±1 window), but not one from two steps ago.
    clock.advance(30_000);
    expect((await secondStep(user, again.challenge, await totp(secret, -2))).body.type).toBe('error');
    expect((await secondStep(user, again.challenge, await totp(secret, 0))).body.type).toBe('ok');

    // A challenge lives 5 minutes.
    const late = (await login(user)).body.message as SecondFactorChallenge;
    clock.advance(5 * 60_000 + 1);
    expect((await secondStep(user, late.challenge, await totp(secret))).body.message).toBe('This sign-in has expired, please log in again');
  });

  it('takes a recovery code once, and counts wrong codes against the login limit', async () => {
    const user = await s.signUp();
    const { secret, recovery } = await enable(user);
    const { challenge } = (await login(user)).body.message as SecondFactorChallenge;
    // Dash and case do not matter.
    const signedIn = await secondStep(user, challenge, recovery[0]!.replace('-', '').toLowerCase());
    expect(signedIn.body.type).toBe('ok');
    expect(((await s.call('/safe/overview', {}, { ...get, token: user.token })).body.message as SecurityOverview).recovery_codes_left).toBe(
      9,
    );
    const next = (await login(user)).body.message as SecondFactorChallenge;
    expect((await secondStep(user, next.challenge, recovery[0]!)).body.message).toBe(
      'The authentication code is wrong or was already used',
    );

    // Nine more wrong codes make ten in 15 minutes: the next try is refused before it is checked.
    const wrong = await wrongCode(secret);
    for (let i = 0; i < 9; i++) expect((await secondStep(user, next.challenge, wrong)).body.type).toBe('error');
    expect((await secondStep(user, next.challenge, await totp(secret))).body.message).toBe(
      'Too many attempts, please try again in 15 minutes',
    );
    clock.advance(15 * 60_000);
    const fresh = (await login(user)).body.message as SecondFactorChallenge;
    expect((await secondStep(user, fresh.challenge, await totp(secret))).body.type).toBe('ok');
  });

  it('asks withdrawals for a current code when two-factor is on, moving no money when refused', async () => {
    const user = await s.signUp();
    await h.verify(user);
    await h.setPayPassword(user);
    await h.credit(user, 'change', 'USDT', '500');
    const address = await h.saveUsdtAddress(user);
    const { secret } = await enable(user);
    clock.advance(30_000);
    const out = (body: Record<string, string>) =>
      s.call(
        '/wallet/out',
        { currency: String(USDT), amount: '100', target: `address:${address}`, pay_password: '246810', ...body },
        { token: user.token },
      );
    expect((await out({})).body.message).toBe('Enter the 6-digit code from your authenticator app');
    expect((await out({ totp_code: await wrongCode(secret) })).body.message).toBe('The authentication code is wrong or was already used');
    expect((await out({ totp_code: 'abcdef' })).body.message).toBe('Enter the 6-digit code or a recovery code');
    let balance = await h.balance(user, USDT);
    expect([balance.available, balance.frozen]).toEqual(['500', '0']);

    const code = await totp(secret);
    expect((await out({ totp_code: code })).body.type).toBe('ok');
    balance = await h.balance(user, USDT);
    expect([balance.available, balance.frozen]).toEqual(['400', '100']);
    // Replayed: refused, nothing more frozen.
    expect((await out({ totp_code: code })).body.message).toBe('The authentication code is wrong or was already used');
    expect((await h.balance(user, USDT)).frozen).toBe('100');
  });

  it('turns two-factor off with the password and a code, and regenerates recovery codes with a code', async () => {
    const user = await s.signUp();
    const { secret, recovery } = await enable(user);
    clock.advance(30_000);
    const renewed = await s.call('/safe/two_factor/recovery_codes', { code: await totp(secret) }, { token: user.token });
    const fresh = (renewed.body.message as RecoveryCodes).recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recovery[1]);

    const off = (code: string, password = user.password) => s.call('/safe/two_factor/disable', { code, password }, { token: user.token });
    // The old set died with the regeneration.
    expect((await off(recovery[1]!)).body.message).toBe('The authentication code is wrong or was already used');
    expect((await off(fresh[0]!, 'not-my-password')).body.message).toBe('The current password is wrong');
    expect((await off(fresh[0]!)).body.message).toBe('Two-factor authentication is off');
    expect((await s.call('/safe/overview', {}, { ...get, token: user.token })).body.message).toMatchObject({
      two_factor: false,
      recovery_codes_left: 0,
    });
    // Off: one step again.
    expect(typeof (await login(user)).body.message).toBe('string');
  });

  it('puts the anti-phishing code in every code message, in the recipient’s language', async () => {
    const user = await s.signUp();
    const opts = { token: user.token, ip: user.ip };
    expect((await s.call('/safe/anti_phishing', { code: 'ab' }, opts)).body.message).toBe('Use 4 to 20 letters or digits');
    expect((await s.call('/safe/anti_phishing', { code: 'Bad code!' }, opts)).body.message).toBe('Use 4 to 20 letters or digits');
    expect((await s.call('/safe/anti_phishing', { code: 'x'.repeat(21) }, opts)).body.type).toBe('error');
    expect((await s.call('/safe/anti_phishing', { code: 'Kestrel42' }, opts)).body.message).toBe('Anti-phishing code saved');

    const outbox = async (to: string) =>
      (await fetch(`${s.url}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json() as Promise<OutboxEntry[]>;
    // A security code…
    clock.advance(61_000);
    await s.call('/safe/send_code', { channel: 'email', lang: 'zh' }, opts);
    const [security] = await outbox(user.email);
    expect(security).toMatchObject({ scene: 'security', anti_phishing: 'Kestrel42' });
    expect(security!.text).toContain(security!.code);
    expect(security!.text).toContain('防钓鱼码：Kestrel42');
    // …a password reset code (no one signed in)…
    clock.advance(61_000);
    await s.call('/sms_mail', { user_string: user.email, scene: 'forget' }, { ip: user.ip });
    expect((await outbox(user.email))[0]!.text).toContain('Anti-phishing code: Kestrel42');
    // …a code to a phone being bound, and later codes to that phone.
    const mobile = `77${Date.now() % 100_000_000}`.padEnd(10, '0');
    const area_code = '44';
    clock.advance(61_000);
    await s.call('/sms_send', { area_code, mobile, scene: 'bind' }, opts);
    const [bind] = await outbox(`+${area_code}${mobile}`);
    expect(bind).toMatchObject({ scene: 'bind', anti_phishing: 'Kestrel42' });
    expect((await s.call('/safe/mobile', { area_code, mobile, code: bind!.code }, opts)).body.type).toBe('ok');
    clock.advance(61_000);
    await s.call('/safe/send_code', { channel: 'mobile', lang: 'th' }, opts);
    expect((await outbox(`+${area_code}${mobile}`))[0]!.text).toContain('รหัสป้องกันฟิชชิง: Kestrel42');
    // A registration code goes to no account yet: no line. Removing the code removes the line.
    const stranger = `stranger${Date.now()}@example.com`;
    await s.call('/sms_mail', { user_string: stranger, scene: 'register' }, { ip: '10.200.0.1' });
    expect((await outbox(stranger))[0]).toMatchObject({ anti_phishing: null });
    expect((await s.call('/safe/anti_phishing', { code: '' }, opts)).body.message).toBe('Anti-phishing code removed');
    clock.advance(61_000);
    await s.call('/safe/send_code', { channel: 'email' }, opts);
    expect((await outbox(user.email))[0]!.text).not.toContain('Anti-phishing');
  });

  it('notifies once for a sign-in from a new device, not for the registering one or a known one', async () => {
    const device = (id: string, ua = CHROME_WINDOWS) => ({ 'x-device-id': id, 'user-agent': ua });
    const email = `devices${Date.now()}@example.com`;
    await s.call('/sms_mail', { user_string: email, scene: 'register' }, { ip: '10.201.0.1' });
    const reg = await s.call(
      '/user/register',
      { type: 'email', user_string: email, code: await s.lastCode(email), password: 'secret123', re_password: 'secret123' },
      { ip: '10.201.0.1', headers: device('phone-aaaaaaaa', SAFARI_IPHONE) },
    );
    const user = { email, password: 'secret123', token: reg.body.message as string, ip: '10.201.0.1' };
    const notices = async () =>
      ((await s.call('/user/notifications', {}, { ...get, token: user.token })).body.message as { data: NotificationItem[] }).data.filter(
        (n) => n.kind === 'newDeviceLogin',
      );
    expect(await notices()).toEqual([]);
    // The registering device again: known.
    expect((await login(user, device('phone-aaaaaaaa', SAFARI_IPHONE))).body.type).toBe('ok');
    expect(await notices()).toEqual([]);
    // A second device: exactly one notice, with the device parsed from its user agent.
    expect((await login(user, device('laptop-bbbbbbbb'))).body.type).toBe('ok');
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    const minute = `${new Date(clock.now()).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    expect(notice!.params).toEqual({ device: 'Chrome · Windows', ip: '10.201.0.1', time: minute });
    // That device again: nothing new.
    expect((await login(user, device('laptop-bbbbbbbb'))).body.type).toBe('ok');
    expect(await notices()).toHaveLength(1);
  });

  it('lists sessions with browser, OS, address, sign-in and last-active times, the current one marked', async () => {
    const user = await s.signUp();
    const phone = (await login(user, { 'user-agent': SAFARI_IPHONE })).body.message as string;
    clock.advance(2 * 60_000);
    // A request from the phone moves its last-active time.
    await s.call('/user/info', {}, { ...get, token: phone });
    const list = (await s.call('/safe/sessions', {}, { ...get, token: user.token })).body.message as SessionInfo[];
    expect(list).toHaveLength(2);
    const latest = list.find((x) => !x.current);
    const registering = list.find((x) => x.current);
    expect(latest).toMatchObject({ browser: 'Safari', os: 'iOS', ip: user.ip, current: false, user_agent: SAFARI_IPHONE });
    expect(latest!.last_seen_at).toBe(latest!.created_at + 2 * 60_000);
    expect(registering).toMatchObject({ current: true, ip: user.ip });
    // Revoking the others still works.
    expect((await s.call('/safe/logout_others', {}, { token: user.token })).body.type).toBe('ok');
    expect((await s.call('/user/info', {}, { ...get, token: phone })).body.type).toBe(999);
  });

  it("moves a session's last-active time at most once a minute, in the request that finds it older", async () => {
    const user = await s.signUp();
    const lastSeen = async () =>
      ((await s.call('/safe/sessions', {}, { ...get, token: user.token })).body.message as SessionInfo[]).find((x) => x.current)!
        .last_seen_at;
    const start = await lastSeen();
    clock.advance(30_000);
    expect(await lastSeen()).toBe(start);
    clock.advance(31_000);
    // Older than a minute: this request moves it, and its own listing shows the new time.
    expect(await lastSeen()).toBe(start + 61_000);
    clock.advance(59_000);
    expect(await lastSeen()).toBe(start + 61_000);
  });
});
