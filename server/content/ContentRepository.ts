import type { ContentPage, FaqItem, NewsDetail, NewsItem } from '../../domain/content/types';
import type { Page } from '../../domain/api/envelope';
import type { Lang } from '../../domain/i18n';
import type { Db } from '../db/db';
import { paginate } from '../db/paginate';
import { rowReader } from '../db/rows';

/** Text is taken in the asked language, else in English. */
const NEWS_SELECT = `
  SELECT n.id, n.c_id, n.image, n.link, n.created_at,
         COALESCE(l.title, e.title) AS title, COALESCE(l.summary, e.summary) AS summary, COALESCE(l.body, e.body) AS body
  FROM news n
  JOIN news_i18n e ON e.news_id = n.id AND e.lang = 'en'
  LEFT JOIN news_i18n l ON l.news_id = n.id AND l.lang = $1`;

/** A news list item: the article without its body. */
const NEWS_ITEM_COLUMNS = 'id, c_id, title, summary, image, link, created_at';

const newsItemRows = rowReader<NewsItem>('news', {
  id: 'int',
  c_id: 'int',
  title: 'text',
  summary: 'text',
  image: 'text?',
  link: 'text?',
  created_at: 'int',
});

const newsRows = rowReader<NewsDetail>('news', {
  id: 'int',
  c_id: 'int',
  title: 'text',
  summary: 'text',
  image: 'text?',
  link: 'text?',
  created_at: 'int',
  body: 'text',
});

const settingRows = rowReader<{ value: string }>('settings', { value: 'text' });

const pageRows = rowReader<ContentPage>('content_pages', { key: 'text', title: 'text', body: 'text' });

const faqRows = rowReader<FaqItem>('faq', { id: 'int', question: 'text', answer: 'text' });

/** All SQL about site settings and news. */
export class ContentRepository {
  constructor(private readonly db: Db) {}

  async setting(keyword: string): Promise<string | null> {
    const row = await settingRows.one(this.db, 'SELECT value FROM settings WHERE keyword = $1', [keyword]);
    return row?.value ?? null;
  }

  async newsPage(cId: number, lang: Lang, page: number, limit: number): Promise<Page<NewsItem>> {
    return paginate(
      this.db,
      {
        select: NEWS_ITEM_COLUMNS,
        from: `FROM (${NEWS_SELECT} WHERE n.c_id = $2 AND NOT n.popup) x`,
        orderBy: 'created_at DESC, id DESC',
        params: [lang, cId],
      },
      { page, limit },
      newsItemRows.check,
    );
  }

  async newsDetail(id: number, lang: Lang): Promise<NewsDetail | null> {
    const row = await newsRows.one(this.db, `${NEWS_SELECT} WHERE n.id = $2`, [lang, id]);
    return row ?? null;
  }

  /** The newest popup notice, if any. */
  async popup(lang: Lang): Promise<NewsDetail | null> {
    const row = await newsRows.one(this.db, `${NEWS_SELECT} WHERE n.popup ORDER BY n.created_at DESC, n.id DESC LIMIT 1`, [lang]);
    return row ?? null;
  }

  /** A content page in `lang`, else English. */
  async page(key: string, lang: Lang): Promise<ContentPage | null> {
    const row = await pageRows.one(
      this.db,
      `SELECT key, title, body FROM content_pages WHERE key = $1 AND lang IN ($2, 'en') ORDER BY (lang = $2) DESC LIMIT 1`,
      [key, lang],
    );
    return row ?? null;
  }

  async faq(lang: Lang): Promise<FaqItem[]> {
    return faqRows.all(
      this.db,
      `SELECT f.id, COALESCE(l.question, e.question) AS question, COALESCE(l.answer, e.answer) AS answer
       FROM faq f JOIN faq_i18n e ON e.faq_id = f.id AND e.lang = 'en' LEFT JOIN faq_i18n l ON l.faq_id = f.id AND l.lang = $1
       ORDER BY f.sort, f.id`,
      [lang],
    );
  }
}
