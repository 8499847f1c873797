import type { NewsDetail, NewsItem } from '../../domain/api/types';
import type { Page } from '../../domain/api/envelope';
import type { Lang } from '../../domain/i18n';
import type { Db } from '../db/db';

interface NewsRow extends NewsDetail {
  total: number;
}

/** Text is taken in the asked language, else in English. */
const NEWS_SELECT = `
  SELECT n.id, n.c_id, n.image, n.link, n.created_at,
         COALESCE(l.title, e.title) AS title, COALESCE(l.summary, e.summary) AS summary, COALESCE(l.body, e.body) AS body
  FROM news n
  JOIN news_i18n e ON e.news_id = n.id AND e.lang = 'en'
  LEFT JOIN news_i18n l ON l.news_id = n.id AND l.lang = $1`;

/** All SQL about site settings and news. */
export class ContentRepository {
  constructor(private readonly db: Db) {}

  async setting(keyword: string): Promise<string | null> {
    const [row] = await this.db.query<{ value: string }>('SELECT value FROM settings WHERE keyword = $1', [keyword]);
    return row?.value ?? null;
  }

  async newsPage(cId: number, lang: Lang, page: number, limit: number): Promise<Page<NewsItem>> {
    const rows = await this.db.query<NewsRow>(
      `SELECT *, COUNT(*) OVER () AS total FROM (${NEWS_SELECT} WHERE n.c_id = $2) x
       ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [lang, cId, limit, (page - 1) * limit],
    );
    const total = rows[0]?.total ?? (page > 1 ? await this.countNews(cId) : 0);
    return {
      data: rows.map(({ id, c_id, title, summary, image, link, created_at }) => ({ id, c_id, title, summary, image, link, created_at })),
      page,
      limit,
      total: Number(total),
    };
  }

  async newsDetail(id: number, lang: Lang): Promise<NewsDetail | null> {
    const [row] = await this.db.query<NewsDetail>(`${NEWS_SELECT} WHERE n.id = $2`, [lang, id]);
    return row ?? null;
  }

  private async countNews(cId: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM news WHERE c_id = $1', [cId]);
    return row?.n ?? 0;
  }
}
