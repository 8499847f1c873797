/** The worker's typed GET: the input as the query (empty values left out), the envelope's answer or its message. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restEnvelope, restGet } from '../../worker/rest';

function stubFetch(envelope: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return { json: async () => envelope } as Response;
  });
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

describe('worker/rest', () => {
  it('sends the input and lang as the query and resolves with the answer', async () => {
    const calls = stubFetch({ type: 'ok', message: [] });
    await expect(restGet('/chat/history', { room: 'en', limit: '30' }, { origin: 'http://x', lang: 'en' })).resolves.toEqual([]);
    expect(calls).toEqual([{ url: 'http://x/api/chat/history?room=en&limit=30&lang=en', init: undefined }]);
  });

  it('leaves out empty values and the query itself when nothing is left; passes headers', async () => {
    const calls = stubFetch({ type: 999, message: 'log in' });
    const envelope = await restEnvelope('/user/channel/snapshot', {}, { headers: { authorization: 't' } });
    expect(envelope.type).toBe(999);
    expect(calls).toEqual([{ url: '/api/user/channel/snapshot', init: { headers: { authorization: 't' } } }]);
    await restEnvelope('/chat/history', { room: 'en', limit: '30', before_id: undefined });
    expect(calls[1]!.url).toBe('/api/chat/history?room=en&limit=30');
  });

  it('rejects with the message of an envelope that is not ok', async () => {
    stubFetch({ type: 'error', message: 'no such topic' });
    await expect(restGet('/market/snapshot', { topic: 'x' })).rejects.toThrow('no such topic');
  });
});
