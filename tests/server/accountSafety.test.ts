/**
 * Issue 32, items 17 and 19–21 (account safety, found by a red team), over real HTTP. Runs on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../domain/chat/types';
import type { UserInfo } from '../../domain/profile/types';
import { ManualClock } from '../../server/clock';
import { startServer, type TestServer } from './harness';

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
