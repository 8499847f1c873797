import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../domain/security/types';
import type { UserInfo } from '../../domain/profile/types';
import { ManualClock } from '../../server/clock';
import { startServer, type TestServer } from './harness';

const get = { method: 'GET' as const };

describe('security settings', () => {
  let s: TestServer;
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12));
  beforeAll(async () => {
    s = await startServer({ startMarket: false, clock });
  });
  afterAll(() => s.close());

  async function securityCode(token: string, ip: string, to: string, channel = 'email'): Promise<string> {
    clock.advance(61_000);
    const sent = await s.call('/safe/send_code', { channel }, { token, ip });
    expect(sent.body.type).toBe('ok');
    return s.lastCode(to);
  }

  it('changes the login password with the old one and a code, ending every other session', async () => {
    const user = await s.signUp();
    const other = (await s.call('/user/login', { user_string: user.email, password: user.password }, { ip: user.ip })).body
      .message as string;
    const opts = { token: user.token, ip: user.ip };
    const code = await securityCode(user.token, user.ip, user.email);
    const base = { old_password: user.password, password: 'brand-new-1', re_password: 'brand-new-1', code };

    expect((await s.call('/safe/update_password', { ...base, old_password: 'not-it' }, opts)).body.message).toBe(
      'The current password is wrong',
    );
    expect((await s.call('/safe/update_password', { ...base, re_password: 'brand-new-2' }, opts)).body.message).toBe(
      'The passwords do not match',
    );
    expect((await s.call('/safe/update_password', { ...base, password: '123', re_password: '123' }, opts)).body.message).toBe(
      'The password must be 6 to 64 characters',
    );
    expect((await s.call('/safe/update_password', { ...base, code: code === '000000' ? '111111' : '000000' }, opts)).body.message).toBe(
      'The verification code is wrong or has expired',
    );
    expect((await s.call('/safe/update_password', base, opts)).body.type).toBe('ok');
    expect((await s.call('/safe/update_password', base, opts)).body.type).toBe('error');

    expect((await s.call('/user/info', {}, { ...get, token: other })).body.type).toBe(999);
    expect((await s.call('/user/info', {}, { ...get, token: user.token })).body.type).toBe('ok');
    expect((await s.call('/user/login', { user_string: user.email, password: 'brand-new-1' }, { ip: user.ip })).body.type).toBe('ok');
  });

  it('sends security codes only to the user’s own bound addresses', async () => {
    const user = await s.signUp();
    expect((await s.call('/safe/send_code', { channel: 'mobile' }, { token: user.token, ip: user.ip })).body.message).toBe(
      'No phone number is bound to this account',
    );
    expect((await s.call('/safe/send_code', { channel: 'fax' }, { token: user.token, ip: user.ip })).body.message).toBe(
      'Choose email or phone',
    );
    expect((await s.call('/safe/send_code', { channel: 'email' })).body.type).toBe(999);
  });

  it('sets a 6-digit payment password with a code, and limits wrong guesses', async () => {
    const user = await s.signUp();
    const opts = { token: user.token, ip: user.ip };
    const code = await securityCode(user.token, user.ip, user.email);
    expect((await s.call('/safe/pay_password', { pay_password: '12345a', re_pay_password: '12345a', code }, opts)).body.message).toBe(
      'The payment password is 6 digits',
    );
    expect((await s.call('/safe/pay_password', { pay_password: '123456', re_pay_password: '123457', code }, opts)).body.message).toBe(
      'The passwords do not match',
    );
    expect((await s.call('/safe/pay_password', { pay_password: '135790', re_pay_password: '135790', code }, opts)).body.type).toBe('ok');
    const info = (await s.call('/user/info', {}, { ...get, token: user.token })).body.message as UserInfo;
    expect(info.pay_password_set).toBe(true);
    const [row] = await s.db.query<{ pay_password_hash: string }>('SELECT pay_password_hash FROM users WHERE id = $1', [info.id]);
    expect(row!.pay_password_hash).toMatch(/^scrypt\$/);

    const wallet = { currency: 'USDT', name: 'Main', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' };
    for (let i = 0; i < 5; i++) {
      expect((await s.call('/user/wallet/save', { ...wallet, pay_password: '000000' }, opts)).body.message).toBe('Wrong payment password');
    }
    expect((await s.call('/user/wallet/save', { ...wallet, pay_password: '135790' }, opts)).body.message).toMatch(/^Too many attempts/);
    clock.advance(15 * 60_000);
    expect((await s.call('/user/wallet/save', { ...wallet, pay_password: '135790' }, opts)).body.type).toBe('ok');
  });

  it('binds a phone and an email through codes sent to them, never one another account holds', async () => {
    const a = await s.signUp();
    const b = await s.signUp();
    const phone = await s.bindMobile(a.token, a.ip);
    clock.advance(61_000);
    const taken = await s.call('/sms_send', { ...phone, scene: 'bind' }, { ip: b.ip });
    expect(taken.body.message).toBe('This phone number is already bound to another account');

    // A phone-registered user binds an email.
    clock.advance(61_000);
    await s.call('/sms_send', { area_code: '81', mobile: '9012345678', scene: 'register' }, { ip: b.ip });
    await s.call(
      '/user/register',
      {
        type: 'mobile',
        user_string: '9012345678',
        area_code: '81',
        code: await s.lastCode('+819012345678'),
        password: 'secret123',
        re_password: 'secret123',
      },
      { ip: b.ip },
    );
    const token = (await s.call('/user/login', { user_string: '9012345678', password: 'secret123' }, { ip: b.ip })).body.message as string;
    await s.call('/sms_mail', { user_string: 'bound@example.com', scene: 'bind' }, { ip: b.ip });
    const wrong = await s.call('/safe/email', { email: 'bound@example.com', code: '000000' }, { token, ip: b.ip });
    expect(wrong.body.type).toBe('error');
    const ok = await s.call(
      '/safe/email',
      { email: 'bound@example.com', code: await s.lastCode('bound@example.com') },
      { token, ip: b.ip },
    );
    expect(ok.body.message).toBe('Email bound');
    expect(((await s.call('/user/info', {}, { ...get, token })).body.message as UserInfo).email).toBe('bound@example.com');
    clock.advance(61_000);
    expect((await s.call('/sms_mail', { user_string: a.email, scene: 'bind' }, { ip: b.ip })).body.message).toBe(
      'This email is already bound to another account',
    );
  });

  it('lists signed-in devices and logs out all the others', async () => {
    const user = await s.signUp();
    const second = (
      await s.call(
        '/user/login',
        { user_string: user.email, password: user.password },
        { ip: user.ip, headers: { 'user-agent': 'Phone B' } },
      )
    ).body.message as string;
    const list = (await s.call('/safe/sessions', {}, { ...get, token: user.token })).body.message as SessionInfo[];
    expect(list).toHaveLength(2);
    expect(list.filter((x) => x.current)).toHaveLength(1);
    expect(list.map((x) => x.user_agent)).toContain('Phone B');
    expect((await s.call('/safe/logout_others', {}, { token: user.token })).body.type).toBe('ok');
    expect((await s.call('/user/info', {}, { ...get, token: second })).body.type).toBe(999);
    expect((await s.call('/safe/sessions', {}, { ...get, token: user.token })).body.message).toHaveLength(1);
  });

  it('keeps a "stay logged in" session through 20 idle days, and a plain one not', async () => {
    const user = await s.signUp();
    const remembered = (await s.call('/user/login', { user_string: user.email, password: user.password, remember: '1' }, { ip: user.ip }))
      .body.message as string;
    const switched = (await s.call('/user/login', { user_string: user.email, password: user.password }, { ip: user.ip })).body
      .message as string;
    expect((await s.call('/safe/stay_logged_in', { enabled: '1' }, { token: switched })).body.type).toBe('ok');
    clock.advance(20 * 24 * 3600_000);
    expect((await s.call('/user/info', {}, { ...get, token: user.token })).body.type).toBe(999);
    expect((await s.call('/user/info', {}, { ...get, token: remembered })).body.type).toBe('ok');
    expect((await s.call('/user/info', {}, { ...get, token: switched })).body.type).toBe('ok');
    expect((await s.call('/safe/stay_logged_in', { enabled: 'maybe' }, { token: switched })).body.message).toBe('Invalid input');
  });
});
