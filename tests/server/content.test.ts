import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../domain/api/envelope';
import type { NewsDetail, NewsItem } from '../../domain/content/types';
import { startServer, type TestServer } from './harness';

const get = { method: 'GET' as const };

describe('site settings and news', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ startMarket: false });
  });
  afterAll(() => s.close());

  it('answers the site configuration and named settings', async () => {
    expect((await s.call('/getSiteConfig', {}, get)).body).toEqual({
      type: 'ok',
      code: 1,
      message: { site_name: 'Kestrel', site_logo: '/logo.svg' },
    });
    expect((await s.call('/getSetting', { keyword: 'site_name' }, get)).body.message).toBe('Kestrel');
    expect((await s.call('/getSetting', { keyword: 'nope' }, get)).body).toEqual({ type: 'error', code: 0, message: 'Unknown setting' });
    expect((await s.call('/getSetting', {}, get)).body).toMatchObject({ type: 'error', message: 'Please give a setting name' });
  });

  it('lists banners (c_id 5) and news (c_id 4) newest first, paged', async () => {
    const banners = (await s.call('/news/list', { c_id: '5' }, get)).body.message as Page<NewsItem>;
    expect(banners.data.length).toBeGreaterThanOrEqual(3);
    expect(banners.data.every((b) => b.c_id === 5 && b.image)).toBe(true);
    const news = (await s.call('/news/list', { c_id: '4', limit: '2', page: '2' }, get)).body.message as Page<NewsItem>;
    expect(news).toMatchObject({ page: 2, limit: 2 });
    expect(news.data).toHaveLength(2);
    expect(news.total).toBeGreaterThanOrEqual(5);
    const all = (await s.call('/news/list', { c_id: '4', limit: '100' }, get)).body.message as Page<NewsItem>;
    const times = all.data.map((n) => n.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await s.call('/news/list', { c_id: '4', limit: '101' }, get)).body.type).toBe('error');
    // A page past the end is empty but still tells the true total (paginate()).
    const past = (await s.call('/news/list', { c_id: '4', limit: '10', page: '99' }, get)).body.message as Page<NewsItem>;
    expect(past).toMatchObject({ data: [], page: 99, limit: 10, total: all.total });
  });

  it('serves every article in all 9 languages', async () => {
    const list = (await s.call('/news/list', { c_id: '4', limit: '100' }, get)).body.message as Page<NewsItem>;
    const en = (await s.call('/news/detail', { id: String(list.data[0]!.id) }, get)).body.message as NewsDetail;
    for (const lang of ['zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'vi']) {
      const item = (await s.call('/news/detail', { id: String(en.id), lang }, get)).body.message as NewsDetail;
      expect(item.title, lang).not.toBe(en.title);
      expect(item.body.length).toBeGreaterThan(20);
    }
    const rows = await s.db.query<{ n: number }>('SELECT COUNT(DISTINCT lang)::int AS n FROM news_i18n');
    expect(rows[0]!.n).toBe(9);
  });

  it('refuses unknown or malformed article ids', async () => {
    expect((await s.call('/news/detail', { id: '999999' }, get)).body).toEqual({
      type: 'error',
      code: 0,
      message: 'This article does not exist',
    });
    expect((await s.call('/news/detail', { id: 'abc' }, get)).body).toEqual({ type: 'error', code: 0, message: 'Invalid id' });
    expect((await s.call('/news/detail', { id: '1e3' }, get)).body.type).toBe('error');
  });
});

describe('help pages and the home notice', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ startMarket: false });
  });
  afterAll(() => s.close());

  it('serves about, contact and compliance in all 9 languages', async () => {
    for (const path of ['/aboutus', '/contactus', '/operational_compliance'] as const) {
      const titles = new Set<string>();
      for (const lang of ['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa', 'vi']) {
        const page = (await s.call(path, {}, { ...get, lang })).body.message as {
          title: string;
          body: string;
        };
        expect(page.body.split('\n\n').length, `${path} ${lang}`).toBeGreaterThanOrEqual(3);
        titles.add(page.title);
      }
      expect(titles.size, path).toBeGreaterThanOrEqual(8);
    }
  });

  it('states both readings of the advanced per-trade fiat limit: 100,000 in Japanese, 1,000,000 elsewhere', async () => {
    const jp = (await s.call('/operational_compliance', {}, { ...get, lang: 'jp' })).body.message as { body: string };
    const en = (await s.call('/operational_compliance', {}, { ...get, lang: 'en' })).body.message as { body: string };
    expect(jp.body).toMatch(/100,000/);
    expect(jp.body).not.toMatch(/1,000,000/);
    expect(en.body).toMatch(/1,000,000/);
    expect(en.body).toMatch(/200 BTC/);
    expect(en.body).toMatch(/500 BTC/);
  });

  it('lists the FAQ and the help menu', async () => {
    const faq = (await s.call('/faq', {}, { ...get, lang: 'kor' })).body.message as { question: string }[];
    expect(faq).toHaveLength(8);
    expect(faq[0]!.question).toMatch(/[\uac00-\ud7af]/);
    const menu = (await s.call('/menu', {}, get)).body.message as {
      key: string;
      path: string;
    }[];
    expect(menu.map((m) => m.key)).toEqual(['faq', 'contactus', 'aboutus', 'operational_compliance']);
  });

  it('answers the popup notice, which stays out of the news list', async () => {
    const pop = (await s.call('/news/index_pop', {}, { ...get, lang: 'fra' })).body.message as { id: number; title: string };
    expect(pop.title.length).toBeGreaterThan(5);
    const list = (await s.call('/news/list', { c_id: '4', limit: '100' }, get)).body.message as Page<NewsItem>;
    expect(list.data.map((n) => n.id)).not.toContain(pop.id);
  });
});

describe('development outbox', () => {
  it('is absent unless DEV_OUTBOX is on', async () => {
    const s = await startServer({ startMarket: false, devOutbox: false });
    try {
      const res = await fetch(`${s.url}/api/dev/outbox?to=a@b.co`);
      expect(res.status).toBe(404);
    } finally {
      await s.close();
    }
  });
});
