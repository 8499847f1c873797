import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthAck, UserMessage } from '../../domain/protocol';
import type { SupportMessage } from '../../domain/support/types';
import { nextMessage, startServer, type ClientSocket, type TestServer } from './harness';
import { JPEG_1PX } from './images';

type User = Awaited<ReturnType<TestServer['signUp']>>;
type SupportMsg = Extract<UserMessage, { kind: 'support' }>;

async function authed(s: TestServer, token: string): Promise<{ socket: ClientSocket; ack: AuthAck }> {
  const socket = await s.socket();
  const ack = (await socket.timeout(5000).emitWithAck('auth', { token })) as AuthAck;
  return { socket, ack };
}

const isSupport = (m: never) => (m as UserMessage).kind === 'support';

describe('customer service', () => {
  let s: TestServer;
  let alice: User;
  let bob: User;

  beforeAll(async () => {
    s = await startServer();
    alice = await s.signUp();
    bob = await s.signUp();
  });
  afterAll(() => s.close());

  it('sends text and an image; the image opens for the owner and operators only', async () => {
    const text = await s.call('/support/send', { body: 'My deposit is missing' }, { token: alice.token });
    expect(text.body.type).toBe('ok');
    const url = (await s.upload(alice.token, JPEG_1PX, { scene: 'image' })).body.message;
    const image = await s.call('/support/send', { image: url }, { token: alice.token });
    expect(image.body.type).toBe('ok');
    const sent = image.body.message as SupportMessage;
    expect(sent.sender).toBe('user');
    expect(sent.image).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg\?exp=/);
    expect((await fetch(`${s.url}${sent.image}`)).status).toBe(200);
    expect((await fetch(`${s.url}${sent.image!.split('?')[0]}`)).status).toBe(404);
    expect((await fetch(`${s.url}${sent.image!.split('?')[0]}`, { headers: { 'x-ops-token': s.opsToken } })).status).toBe(200);

    const history = await s.call('/support/messages', {}, { token: alice.token, method: 'GET' });
    const page = history.body.message as { items: SupportMessage[]; has_more: boolean };
    expect(page.items.map((m) => m.body)).toEqual(['', 'My deposit is missing']);
  });

  it('refuses empty messages, and images that are not the caller’s, in the caller’s language', async () => {
    const empty = await s.call('/support/send', {}, { token: alice.token, lang: 'en' });
    expect(empty.body.type).toBe('error');
    expect(empty.body.message).toBe('Write a message or choose a picture');
    const theirs = (await s.upload(alice.token, JPEG_1PX, { scene: 'image' })).body.message;
    const stolen = await s.call('/support/send', { image: theirs }, { token: bob.token, lang: 'zh' });
    expect(stolen.body.type).toBe('error');
    expect(stolen.body.message).toBe('找不到这张图片，请重新上传');
    expect(stolen.status).toBeLessThan(500);
  });

  it("keeps each conversation private: another user's messages are invisible", async () => {
    const mine = await s.call('/support/messages', {}, { token: bob.token, method: 'GET' });
    expect((mine.body.message as { items: SupportMessage[] }).items).toEqual([]);
    const anonymous = await s.call('/support/messages', {}, { method: 'GET' });
    expect(anonymous.body.type).not.toBe('ok');
  });

  it('delivers an operator reply to the right user only, live, with the unread count', async () => {
    const a = await authed(s, alice.token);
    const b = await authed(s, bob.token);
    expect(a.ack.ok && a.ack.snapshot.data.support.recent.length).toBe(2);
    let bobGot = 0;
    b.socket.on('m', (m) => {
      if (m.kind === 'support') bobGot++;
    });

    const tickets = await s.ops('/support/tickets');
    const ticket = (tickets.body.message as { user: string; unread: number }[]).find((t) => t.user === alice.email)!;
    expect(ticket.unread).toBe(2);

    const live = nextMessage<SupportMsg>(a.socket, isSupport);
    const reply = await s.ops('/support/reply', { user: alice.email, body: 'We are checking it' });
    expect(reply.body.type).toBe('ok');
    const msg = await live;
    expect(msg.data.message?.body).toBe('We are checking it');
    expect(msg.data.message?.sender).toBe('operator');
    expect(msg.data.unread).toBe(1);

    const afterReply = await s.ops('/support/tickets');
    expect((afterReply.body.message as { user: string; unread: number }[]).find((t) => t.user === alice.email)!.unread).toBe(0);

    const cleared = nextMessage<SupportMsg>(a.socket, isSupport);
    expect((await s.call('/support/read', {}, { token: alice.token })).body.message).toEqual({ unread: 0 });
    expect((await cleared).data.unread).toBe(0);
    const history = await s.call('/support/messages', {}, { token: alice.token, method: 'GET' });
    expect((history.body.message as { unread: number }).unread).toBe(0);
    expect(bobGot).toBe(0);
    a.socket.disconnect();
    b.socket.disconnect();
  });

  it('pages history backwards', async () => {
    const first = (await s.call('/support/messages', { limit: '2' }, { token: alice.token, method: 'GET' })).body.message as {
      items: SupportMessage[];
      has_more: boolean;
    };
    expect(first.items).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const older = (
      await s.call('/support/messages', { limit: '2', before: String(first.items[1]!.id) }, { token: alice.token, method: 'GET' })
    ).body.message as { items: SupportMessage[]; has_more: boolean };
    expect(older.items.map((m) => m.body)).toEqual(['My deposit is missing']);
    expect(older.has_more).toBe(false);
  });

  it('persists a reply sent while the user is offline; it arrives in the snapshot on reconnect', async () => {
    const reply = await s.ops('/support/reply', { user: String(bob.email), body: 'Hello Bob', image_base64: JPEG_1PX.toString('base64') });
    expect(reply.body.type).toBe('ok');
    const { ack } = await authed(s, bob.token);
    if (!ack.ok) throw new Error('auth failed');
    expect(ack.snapshot.data.support.unread).toBe(1);
    const [latest] = ack.snapshot.data.support.recent;
    expect(latest!.body).toBe('Hello Bob');
    expect((await fetch(`${s.url}${latest!.image}`)).status).toBe(200);
    const bad = await s.ops('/support/reply', { user: 'nobody@example.com', body: 'x' });
    expect(bad.body.type).toBe('error');
  });
});
