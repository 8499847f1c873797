import type { ManualClock } from '../../server/clock';
import type { TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['signUp']>>;

/** Test shortcuts that go through the real endpoints: identity level 1, a payment password, operator credits. */
export function accountHelpers(s: TestServer, clock: ManualClock) {
  return {
    /** Binds a phone, submits basic verification and has the operator approve it. */
    async verify(user: User): Promise<void> {
      await s.bindMobile(user.token, user.ip);
      const sent = await s.call(
        '/user/real',
        { real_type: '1', id_type: 'passport', name: 'Test User', card_id: 'P1234567', country: 'GB' },
        { token: user.token, ip: user.ip },
      );
      if (sent.body.type !== 'ok') throw new Error(String(sent.body.message));
      const list = (await s.ops('/identities')).body.message as { id: number; email: string }[];
      const mine = list.find((i) => i.email === user.email)!;
      const decided = await s.ops('/identities/:id/approve', { id: mine.id });
      if (decided.body.type !== 'ok') throw new Error(String(decided.body.message));
    },

    /** Sets the payment password through a security code (moving past the one-code-a-minute window). */
    async setPayPassword(user: User, pin = '246810'): Promise<void> {
      clock.advance(61_000);
      await s.call('/safe/send_code', { channel: 'email' }, { token: user.token, ip: user.ip });
      const set = await s.call(
        '/safe/pay_password',
        { pay_password: pin, re_pay_password: pin, code: await s.lastCode(user.email) },
        { token: user.token, ip: user.ip },
      );
      if (set.body.type !== 'ok') throw new Error(String(set.body.message));
    },

    /** Credits money with the operator API. */
    async credit(user: User, account: string, currency: string, amount: string): Promise<void> {
      const res = await s.ops('/credit', { user: user.email, account, currency, amount, reason: 'test funds' });
      if (res.body.type !== 'ok') throw new Error(String(res.body.message));
    },

    /** Saves a USDT withdrawal address (behind the payment password) and answers its id. */
    async saveUsdtAddress(user: User, pin = '246810'): Promise<number> {
      const saved = await s.call(
        '/user/wallet/save',
        { currency: 'USDT', name: 'Main', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', pay_password: pin },
        { token: user.token },
      );
      if (saved.body.type !== 'ok') throw new Error(String(saved.body.message));
      const [row] = await s.db.query<{ id: number }>(
        'SELECT w.id FROM wallet_addresses w JOIN users u ON u.id = w.user_id WHERE u.email = $1',
        [user.email],
      );
      return row!.id;
    },

    /** The user's available and frozen amounts of one currency in one account. */
    async balance(user: User, currency: number, type = 'change'): Promise<{ available: string; frozen: string }> {
      const res = await s.call('/wallet/detail', { currency: String(currency), type }, { method: 'GET', token: user.token });
      if (res.body.type !== 'ok') throw new Error(String(res.body.message));
      return res.body.message as { available: string; frozen: string };
    },
  };
}
