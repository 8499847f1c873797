/**
 * The chat rooms over real HTTP and a real socket: sending, history paged
 * backwards, the length and rate limits on the injected clock, a muted user refused with the
 * mute's end, HTML stored as inert text, and an operator's delete pushed live to the room's
 * subscribers but not to another language's room.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../domain/chat/types';
import type { TopicMessage, SubscribeAck } from '../../domain/protocol';
import { ManualClock } from '../../server/clock';
import type {} from '../../server/chat/plugin';
import { nextMessage, startServer, type TestServer } from './harness';

type User = Awaited<ReturnType<TestServer['signUp']>>;

describe(`chat (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, { timeout: 120_000 }, () => {
  let s: TestServer;
  const clock = new ManualClock(Date.UTC(2026, 10, 24, 10));
  let alice: User;
  let bob: User;

  const send = (user: User, text: string, room = 'en') => s.call('/chat/send', { room, text }, { token: user.token });
  const sent = async (user: User, text: string, room = 'en') => {
    const res = await send(user, text, room);
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as ChatMessage;
  };
  const history = async (params: Record<string, string>) => {
    const res = await s.call('/chat/history', params, { method: 'GET' });
    expect(res.body.type, String(res.body.message)).toBe('ok');
    return res.body.message as ChatMessage[];
  };

  beforeAll(async () => {
    s = await startServer({ clock });
    alice = await s.signUp();
    bob = await s.signUp();
  });
  afterAll(async () => s?.close());

  it('sends a trimmed message, refuses an empty or over-long one and an anonymous caller', async () => {
    const m = await sent(alice, '   hello room   ');
    expect(m.text).toBe('hello room');
    expect(m.room).toBe('en');
    expect(m.name).not.toContain('@');
    expect((await send(alice, '    ')).body.type).not.toBe('ok');
    const long = await s.call('/chat/send', { room: 'en', text: 'x'.repeat(501) }, { token: alice.token, lang: 'en' });
    expect(long.body.type).not.toBe('ok');
    expect(String(long.body.message)).toContain('500');
    expect((await send(alice, 'y'.repeat(500))).body.type).toBe('ok');
    expect((await s.call('/chat/send', { room: 'en', text: 'hi' })).body.type).toBe(999);
    expect((await send(alice, 'hi', 'xx')).body.type).not.toBe('ok');
  });

  it('stores HTML and scripts as inert text', async () => {
    const evil = '<script>alert(1)</script> <img src=x onerror=alert(1)> javascript:alert(1)';
    const m = await sent(bob, evil);
    expect(m.text).toBe(evil);
    const [latest] = await history({ room: 'en', limit: '1' });
    expect(latest!.text).toBe(evil);
  });

  it('pages history backwards by id, per room', async () => {
    const fra: ChatMessage[] = [];
    for (let i = 0; i < 4; i++) fra.push(await sent(bob, `bonjour ${i}`, 'fra'));
    const first = await history({ room: 'fra', limit: '3' });
    expect(first.map((m) => m.text)).toEqual(['bonjour 3', 'bonjour 2', 'bonjour 1']);
    const older = await history({ room: 'fra', limit: '3', before_id: String(first[2]!.id) });
    expect(older.map((m) => m.text)).toEqual(['bonjour 0']);
    expect((await history({ room: 'en', limit: '50' })).some((m) => m.room !== 'en')).toBe(false);
  });

  it('limits a user to 5 messages in 10 seconds on the injected clock, naming the wait', async () => {
    const carol = await s.signUp();
    for (let i = 0; i < 5; i++) {
      await sent(carol, `m${i}`);
      clock.advance(1_000);
    }
    const refused = await s.call('/chat/send', { room: 'en', text: 'too fast' }, { token: carol.token, lang: 'en' });
    expect(refused.body.type).not.toBe('ok');
    expect(String(refused.body.message)).toMatch(/wait 5 seconds/);
    clock.advance(5_000);
    await sent(carol, 'again');
  });

  it('refuses a muted user with the end of the mute', async () => {
    const dave = await s.signUp();
    const mute = await s.ops('/chat/mute', { user: dave.email, minutes: 30, reason: 'spam' });
    expect(mute.body.type).toBe('ok');
    const refused = await s.call('/chat/send', { room: 'en', text: 'hi' }, { token: dave.token, lang: 'en' });
    expect(refused.body.type).not.toBe('ok');
    expect(String(refused.body.message)).toContain('2026-11-24');
    expect(String(refused.body.message)).toMatch(/muted/i);
    // Others still talk.
    await sent(bob, 'still here');
  });

  it('pushes messages and an operator delete to the room, not to the other language', async () => {
    const en = await s.socket();
    const zh = await s.socket();
    const ackEn = (await en.timeout(5000).emitWithAck('sub', ['chat:en'])) as SubscribeAck;
    const ackZh = (await zh.timeout(5000).emitWithAck('sub', ['chat:zh'])) as SubscribeAck;
    expect(ackEn.ok && ackZh.ok).toBe(true);
    expect(ackEn.snapshots[0]).toMatchObject({ kind: 'chat', data: { online: 1 } });
    const zhHeard: TopicMessage[] = [];
    zh.on('m', (m: unknown) => void zhHeard.push(m as TopicMessage));

    const live = nextMessage<TopicMessage>(en, (m: TopicMessage) => m.kind === 'chat' && m.data.type === 'message');
    const m = await sent(alice, 'live one');
    const got = await live;
    expect(got.kind === 'chat' && got.data.type === 'message' && got.data.message.id).toBe(m.id);

    const gone = nextMessage<TopicMessage>(en, (x: TopicMessage) => x.kind === 'chat' && x.data.type === 'delete');
    const del = await s.ops('/chat/delete', { id: m.id });
    expect(del.body.type).toBe('ok');
    const heard = await gone;
    expect(heard.kind === 'chat' && heard.data.type === 'delete' && heard.data.id).toBe(m.id);
    expect((await history({ room: 'en', limit: '50' })).some((x) => x.id === m.id)).toBe(false);
    expect(zhHeard.filter((x) => x.kind === 'chat' && x.data.type !== 'online')).toEqual([]);

    // The online count follows the room's sockets.
    const count = nextMessage<TopicMessage>(en, (x: TopicMessage) => x.kind === 'chat' && x.data.type === 'online');
    const other = await s.socket();
    await other.timeout(5000).emitWithAck('sub', ['chat:en']);
    const online = await count;
    expect(online.kind === 'chat' && online.data.online).toBe(2);
  });
});
