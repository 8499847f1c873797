import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityState } from '../../domain/identity/types';
import type { NotificationItem } from '../../domain/notifications/types';
import type { UserInfo } from '../../domain/profile/types';
import type { UserMessage } from '../../domain/protocol';
import { AppError } from '../../server/http/AppError';
import { nextMessage, startServer, type TestServer } from './harness';
import { JPEG_1PX } from './images';

const get = { method: 'GET' as const };

describe('identity verification and its review', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ startMarket: false });
  });
  afterAll(() => s.close());

  const state = async (token: string) => (await s.call('/real/state', {}, { ...get, token })).body.message as IdentityState;
  const basic = { real_type: '1', id_type: 'passport', name: 'Jane Doe', card_id: 'X1234567', country: 'US' };

  it('walks basic and advanced verification through review, once each', async () => {
    const user = await s.signUp();
    const opts = { token: user.token, ip: user.ip };
    expect(await state(user.token)).toMatchObject({ level: 0, status: 'none', email_bound: true, mobile_bound: false });

    const unbound = await s.call('/user/real', basic, opts);
    expect(unbound.body).toEqual({ type: 'error', code: 0, message: 'Please bind both your email and your phone first' });

    await s.bindMobile(user.token, user.ip);
    expect(
      (
        await s.call(
          '/user/real',
          { real_type: '2', front_pic: '/uploads/' + 'a'.repeat(32) + '.jpg', reverse_pic: '/uploads/' + 'b'.repeat(32) + '.jpg' },
          opts,
        )
      ).body,
    ).toMatchObject({
      message: 'Please complete basic verification first',
    });
    expect((await s.call('/user/real', basic, opts)).body).toMatchObject({
      type: 'ok',
      message: 'Submitted, your verification is under review',
    });
    expect((await s.call('/user/real', basic, opts)).body).toMatchObject({
      message: 'Your verification is under review, please wait for the result',
    });
    expect(await state(user.token)).toMatchObject({
      level: 0,
      status: 'pending',
      submitted_level: 1,
      name: 'J*** D**',
      id_type: 'passport',
    });

    const pending = await s.ops('/identities');
    const mine = (pending.body.message as { id: number; email: string }[]).find((i) => i.email === user.email)!;
    const socket = await s.socket();
    expect((await socket.timeout(5000).emitWithAck('auth', { token: user.token })).ok).toBe(true);
    const pushed = nextMessage<UserMessage>(socket, (m: UserMessage) => m.topic === 'user' && m.kind === 'notifications');
    expect((await s.ops('/identities/:id/approve', { id: mine.id })).body.type).toBe('ok');
    expect((await pushed).data).toMatchObject({ unread: 1, changed: [{ kind: 'identityApproved', params: { level: 1 }, read: false }] });
    const twice = await s.ops('/identities/:id/approve', { id: mine.id });
    expect(twice.body).toMatchObject({ type: 'error', message: 'This has already been decided' });
    expect((await s.ops('/identities/:id/reject', { id: mine.id, reason: 'late' })).body.type).toBe('error');
    expect(await state(user.token)).toMatchObject({ level: 1, status: 'approved' });
    expect((await s.call('/user/real', basic, opts)).body).toMatchObject({ message: 'This verification level is already certified' });

    // Advanced: own identity uploads only, two different photos.
    const front = (await s.upload(user.token, JPEG_1PX, { scene: 'identity' })).body.message as string;
    const back = (await s.upload(user.token, JPEG_1PX, { scene: 'identity' })).body.message as string;
    const stranger = await s.signUp();
    const theirs = (await s.upload(stranger.token, JPEG_1PX, { scene: 'identity' })).body.message as string;
    const avatar = (await s.upload(user.token, JPEG_1PX, { scene: 'avatar' })).body.message as string;
    expect((await s.call('/user/real', { real_type: '2', front_pic: theirs, reverse_pic: back }, opts)).body.message).toBe(
      'Please upload the front of your document',
    );
    expect((await s.call('/user/real', { real_type: '2', front_pic: avatar, reverse_pic: back }, opts)).body.message).toBe(
      'Please upload the front of your document',
    );
    expect((await s.call('/user/real', { real_type: '2', front_pic: front, reverse_pic: front }, opts)).body.message).toBe(
      'Please upload the back of your document',
    );
    expect((await s.call('/user/real', { real_type: '2', front_pic: front, reverse_pic: back }, opts)).body.type).toBe('ok');

    const advanced = (await s.ops('/identities')).body.message as {
      id: number;
      level: number;
      email: string;
      front: string;
    }[];
    const adv = advanced.find((i) => i.email === user.email && i.level === 2)!;
    expect((await fetch(s.url + adv.front)).status).toBe(200);
    expect((await s.ops('/identities/:id/reject', { id: adv.id, reason: 'The photo is blurred' })).body.type).toBe('ok');
    expect(await state(user.token)).toMatchObject({ level: 1, status: 'rejected', submitted_level: 2, reason: 'The photo is blurred' });

    expect((await s.call('/user/real', { real_type: '2', front_pic: front, reverse_pic: back }, opts)).body.type).toBe('ok');
    const again = ((await s.ops('/identities')).body.message as { id: number; email: string }[]).find((i) => i.email === user.email)!;
    await s.ops('/identities/:id/approve', { id: again.id });
    expect(await state(user.token)).toMatchObject({ level: 2, status: 'approved' });

    const list = (await s.call('/user/notifications', {}, { ...get, token: user.token })).body.message as {
      data: NotificationItem[];
    };
    expect(list.data.map((n) => n.kind)).toEqual(['identityApproved', 'identityRejected', 'identityApproved']);
    const info = (await s.call('/user/info', {}, { ...get, token: user.token })).body.message as UserInfo;
    expect(info).toMatchObject({ identity_level: 2, unread_notifications: 3 });
    expect((await s.call('/user/notifications/read', { id: String(list.data[0]!.id) }, { token: user.token })).body.message).toBe(1);
    expect((await s.call('/user/notifications/read', {}, { token: user.token })).body.message).toBe(2);
    expect(((await s.call('/user/info', {}, { ...get, token: user.token })).body.message as UserInfo).unread_notifications).toBe(0);
  });

  it.each([
    [{ id_type: 'library_card' }, 'Please choose a document type'],
    [{ name: '' }, 'Please enter your real name'],
    [{ name: '<script>' }, 'Please enter your name as it appears on your document'],
    [{ card_id: '12' }, 'Please enter a correct ID number'],
    [{ card_id: '12 3' }, 'Please enter a correct ID number'],
    [{ real_type: '3' }, 'Unknown verification level'],
    [{ country: undefined }, 'Please choose your country or region'],
    [{ country: '' }, 'Please choose your country or region'],
    [{ country: 'U1' }, 'Please choose your country or region'],
  ])('refuses %o', async (override, message) => {
    const user = await s.signUp();
    const input = Object.fromEntries(Object.entries({ ...basic, ...override }).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    const res = await s.call('/user/real', input, { token: user.token, ip: user.ip });
    expect(res.body).toEqual({ type: 'error', code: 0, message });
  });

  it('refuses a submission without a country in the request language', async () => {
    const user = await s.signUp();
    const { country: _omitted, ...noCountry } = basic;
    const res = await s.call('/user/real', noCountry, { token: user.token, ip: user.ip, lang: 'vi' });
    expect(res.body).toMatchObject({ type: 'error', message: 'Vui lòng chọn quốc gia hoặc khu vực' });
  });

  it('reads an ID number with inner spaces as it reads one with outer spaces: whitespace is dropped', async () => {
    for (const card_id of ['X123 4567', '  X1234567  ']) {
      const user = await s.signUp();
      await s.bindMobile(user.token, user.ip);
      expect((await s.call('/user/real', { ...basic, card_id }, { token: user.token, ip: user.ip })).body.type).toBe('ok');
      const [row] = await s.db.query<{ card_id: string }>(
        'SELECT card_id FROM identities WHERE user_id = (SELECT id FROM users WHERE email = $1)',
        [user.email],
      );
      expect(row?.card_id).toBe('X1234567');
    }
  });

  it('keeps the operator API closed to everyone without the operator token', async () => {
    const user = await s.signUp();
    for (const token of [null, user.token, 'x'.repeat(43), s.opsToken.slice(0, -1)]) {
      const res = await s.ops('/users', {}, { token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ type: 'error', code: 0, message: 'Operator token required' });
    }
    const withBearer = await fetch(`${s.url}/ops/users`, { headers: { authorization: `Bearer ${s.opsToken}` } });
    expect(withBearer.status).toBe(401);
    const ok = await s.ops('/users', { q: user.email });
    expect((ok.body.message as { data: { email: string; password_hash?: string }[] }).data).toEqual([
      expect.objectContaining({ email: user.email }),
    ]);
    expect(JSON.stringify(ok.body)).not.toContain('scrypt$');
    expect((await s.ops('/identities/:id/approve', { id: '999999' })).body).toMatchObject({
      type: 'error',
      message: 'No such verification',
    });
    expect((await s.ops('/identities/:id/approve', { id: 'abc' })).body).toMatchObject({ type: 'error', message: 'Invalid request' });
  });

  it('answers 998 where a level is required and the user lacks it', async () => {
    const user = await s.signUp();
    const [row] = await s.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [user.email]);
    const failure = await s.app.identities.require(row!.id, 1).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).type).toBe(998);
  });
});
