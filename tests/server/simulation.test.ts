/**
 * The first half of the short simulation's seeds (tests/server/simulationRuns.ts; the second half
 * is simulationSeeds.test.ts, the planted defect simulationPlant.test.ts), and a simulated user's
 * sessions across weeks of the clock.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../server/auth/SessionStore';
import { Http } from '../sim/http';
import { keepSignedIn, sentBy } from '../sim/session';
import type { SimUser } from '../sim/types';
import type { World } from '../sim/world';
import { startServer } from './harness';
import { seedRuns } from './simulationRuns';

seedRuns(0, 2);

// A long run moves the clock through weeks: its users' sessions end as the server says, and they
// sign in again as the app would have them (a 10,000-step seed once stopped on a refused session).
describe('a simulated user away longer than a session', () => {
  it('signs in again after a week idle or a month in all, and the new token works', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 5));
    const s = await startServer({ startMarket: false, clock });
    try {
      const http = new Http({ url: s.url } as World);
      const account = await s.signUp();
      const user: SimUser = {
        index: 0,
        id: 0,
        email: account.email,
        password: account.password,
        token: account.token,
        signedInAt: clock.now(),
        seenAt: clock.now(),
        signIns: 0,
        ip: account.ip,
        lang: 'en',
        verified: false,
        payPassword: false,
        addressId: null,
      };
      const info = async (token: string) => (await http.call('/user/info', {}, { token, method: 'GET' })).body?.type;
      /** The user's next request, as the simulation makes it: signed in first if need be. */
      const request = async () => {
        await keepSignedIn(user, http, clock.now());
        const type = await info(user.token);
        sentBy(user, clock.now());
        return type;
      };

      // Active every six days: the session lives on until its month is up.
      for (let day = 6; day < 30; day += 6) {
        clock.advance(6 * 86_400_000);
        expect(await request()).toBe('ok');
      }
      expect(user.signIns).toBe(0);
      clock.advance(SESSION_MAX_MS - 24 * 86_400_000);
      const old = user.token;
      expect(await info(old)).not.toBe('ok');
      await keepSignedIn(user, http, clock.now());
      expect(user.signIns).toBe(1);
      expect(user.token).not.toBe(old);
      expect(await info(user.token)).toBe('ok');

      sentBy(user, clock.now());

      // A week away: the idle limit.
      clock.advance(SESSION_IDLE_MS + 60_000);
      expect(await info(user.token)).not.toBe('ok');
      expect(await request()).toBe('ok');
      expect(user.signIns).toBe(2);

      // Looking without sending (an action that finds nothing to do) does not keep the session:
      // four days, a look, four more days, and the server has ended it; the next request signs in.
      clock.advance(4 * 86_400_000);
      await keepSignedIn(user, http, clock.now());
      clock.advance(4 * 86_400_000);
      expect(await info(user.token)).not.toBe('ok');
      expect(await request()).toBe('ok');
      expect(user.signIns).toBe(3);
    } finally {
      await s.close();
    }
  });
});
