/** The watchlist over real HTTP: `/optional/add`, `/optional/del`, `/optional/list`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchlistEntry } from '../../domain/watchlist/types';
import type {} from '../../server/watchlist/plugin';
import { startServer, type TestServer } from './harness';

const get = { method: 'GET' as const };

describe('watchlist', () => {
  let s: TestServer;
  let ids: Record<string, number>;
  beforeAll(async () => {
    s = await startServer({ startMarket: false });
    ids = Object.fromEntries(s.app.market.pairs.map((p) => [p.symbol, p.id]));
  });
  afterAll(() => s.close());

  const list = async (token: string) => {
    const { body } = await s.call('/optional/list', {}, { ...get, token });
    expect(body.type).toBe('ok');
    return (body.message as WatchlistEntry[]).map((e) => e.symbol);
  };
  const add = (token: string, match_id: string, lang?: string) => s.call('/optional/add', { match_id }, { token, lang });
  const del = (token: string, match_id: string, lang?: string) => s.call('/optional/del', { match_id }, { token, lang });

  it('starts empty, adds newest first, answers the new list, and removes', async () => {
    const { token } = await s.signUp();
    expect(await list(token)).toEqual([]);
    expect((await add(token, String(ids['BTC/USDT']))).body).toMatchObject({ type: 'ok' });
    const second = await add(token, String(ids['ETH/USDT']));
    expect(second.body.type).toBe('ok');
    expect((second.body.message as WatchlistEntry[]).map((e) => e.symbol)).toEqual(['ETH/USDT', 'BTC/USDT']);
    expect(await list(token)).toEqual(['ETH/USDT', 'BTC/USDT']);
    const [entry] = second.body.message as WatchlistEntry[];
    expect(entry).toEqual({ match_id: ids['ETH/USDT'], symbol: 'ETH/USDT', created_at: expect.any(Number) as number });

    const removed = await del(token, String(ids['BTC/USDT']));
    expect(removed.body.type).toBe('ok');
    expect((removed.body.message as WatchlistEntry[]).map((e) => e.symbol)).toEqual(['ETH/USDT']);
    expect(await list(token)).toEqual(['ETH/USDT']);
  });

  it('adding a starred pair again is ok and keeps one entry in its place; removing one not starred is ok', async () => {
    const { token } = await s.signUp();
    await add(token, String(ids['BTC/USDT']));
    await add(token, String(ids['ETH/USDT']));
    expect((await add(token, String(ids['BTC/USDT']))).body.type).toBe('ok');
    expect(await list(token)).toEqual(['ETH/USDT', 'BTC/USDT']);
    // Both at once: still one row (the unique key).
    await Promise.all([add(token, String(ids['AAPL/USD'])), add(token, String(ids['AAPL/USD']))]);
    expect(await list(token)).toEqual(['AAPL/USD', 'ETH/USDT', 'BTC/USDT']);

    const { body } = await del(token, String(ids['EUR/USD']));
    expect(body.type).toBe('ok');
    expect(await list(token)).toEqual(['AAPL/USD', 'ETH/USDT', 'BTC/USDT']);
  });

  it.each([
    ['999999', 'en', 'Unknown trading pair'],
    ['999999', 'zh', '未知交易对'],
    ['abc', 'en', 'Please choose a trading pair'],
    ['-1', 'en', 'Please choose a trading pair'],
    ['1e3', 'en', 'Please choose a trading pair'],
    ['1.5', 'en', 'Please choose a trading pair'],
    ['', 'en', 'Please choose a trading pair'],
  ])('refuses match_id %j (%s) with a clear message', async (matchId, lang, message) => {
    const { token } = await s.signUp();
    for (const call of [add, del]) {
      const { status, body } = await call(token, matchId, lang);
      expect(status).toBe(200);
      expect(body).toEqual({ type: 'error', code: 0, message });
    }
    expect(await list(token)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await s.call('/optional/list', {}, get)).body.type).toBe(999);
    expect((await s.call('/optional/add', { match_id: String(ids['BTC/USDT']) })).body.type).toBe(999);
    expect((await s.call('/optional/del', { match_id: String(ids['BTC/USDT']) })).body.type).toBe(999);
  });

  it("keeps each user's list apart; a user_id in the body is ignored", async () => {
    const a = await s.signUp();
    const b = await s.signUp();
    await add(a.token, String(ids['BTC/USDT']));
    await s.call('/optional/add', { match_id: String(ids['ETH/USDT']), user_id: '1' }, { token: b.token });
    expect(await list(a.token)).toEqual(['BTC/USDT']);
    expect(await list(b.token)).toEqual(['ETH/USDT']);
    await del(b.token, String(ids['BTC/USDT']));
    expect(await list(a.token)).toEqual(['BTC/USDT']);
  });

  it('refuses a pair past the cap with a clear message, in the request language, and still removes', async () => {
    const watchlist = s.app.fastify.watchlist;
    const { token } = await s.signUp();
    watchlist.max = 3;
    try {
      for (const symbol of ['BTC/USDT', 'ETH/USDT', 'AAPL/USD']) expect((await add(token, String(ids[symbol]))).body.type).toBe('ok');
      expect((await add(token, String(ids['EUR/USD']))).body).toEqual({
        type: 'error',
        code: 0,
        message: 'You can have at most 3 favorites. Remove one to add another.',
      });
      expect((await add(token, String(ids['EUR/USD']), 'zh')).body.message).toBe('自选最多 3 个，请先移除一个再添加。');
      // Already starred at the cap: ok, nothing changes.
      expect((await add(token, String(ids['BTC/USDT']))).body.type).toBe('ok');
      // Many at once cannot pass the cap.
      await del(token, String(ids['BTC/USDT']));
      const others = s.app.market.pairs.filter((p) => !['ETH/USDT', 'AAPL/USD'].includes(p.symbol)).slice(0, 6);
      await Promise.all(others.map((p) => add(token, String(p.id))));
      expect(await list(token)).toHaveLength(3);
    } finally {
      watchlist.max = 200;
    }
  });
});
