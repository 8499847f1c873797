/**
 * First-start content, read from the data files in `./data` (9-language pages, FAQ, the home
 * popup notice, banners and news). Each file is validated at start, so a broken edit fails loudly
 * instead of seeding half a page. Idempotent: rows that exist are left alone, so an operator's
 * edits survive restarts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LANGS, type Lang } from '../../domain/i18n';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { rowReader } from '../db/rows';

const DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data');
const DAY_MS = 86_400_000;

const countRows = rowReader<{ n: number }>('news', { n: 'int' });
const newsIds = rowReader<{ id: number }>('news', { id: 'int' });
const faqIds = rowReader<{ id: number }>('faq', { id: 'int' });

/** Every language's text, or English plus any others (the rest fall back to English). */
const allLangs = <T extends z.ZodType>(text: T) => z.object(Object.fromEntries(LANGS.map((l) => [l, text])) as Record<Lang, T>).strict();
const someLangs = <T extends z.ZodType>(text: T) =>
  z.object({ en: text, ...Object.fromEntries(LANGS.filter((l) => l !== 'en').map((l) => [l, text.optional()])) }).strict();

const pageText = z.object({ title: z.string().min(1), body: z.string().min(1) }).strict();
const faqText = z.object({ question: z.string().min(1), answer: z.string().min(1) }).strict();
const articleText = z.object({ title: z.string().min(1), summary: z.string(), body: z.string() }).strict();

const pagesFile = z.array(z.object({ key: z.enum(['aboutus', 'contactus', 'operational_compliance']), text: allLangs(pageText) }).strict());
const faqFile = z.array(z.object({ key: z.string().min(1), text: allLangs(faqText) }).strict());
const popupFile = z.object({ key: z.string().min(1), text: allLangs(articleText) }).strict();
const articlesFile = z.array(
  z
    .object({
      key: z.string().min(1),
      /** 5 banners, 4 news. */
      c_id: z.union([z.literal(4), z.literal(5)]),
      image: z.string().nullable(),
      link: z.string().nullable(),
      /** Age at seeding, for ordering. */
      daysAgo: z.number().int().nonnegative(),
      text: someLangs(articleText),
    })
    .strict(),
);

function readData<T extends z.ZodType>(file: string, schema: T): z.infer<T> {
  const parsed = schema.safeParse(JSON.parse(readFileSync(path.join(DATA_DIR, file), 'utf8')));
  if (!parsed.success) throw new Error(`server/content/data/${file}: ${parsed.error.message}`);
  return parsed.data;
}

/** The seed content, read and checked once. */
export function loadSeedContent() {
  return {
    pages: readData('pages.json', pagesFile),
    faq: readData('faq.json', faqFile),
    popup: readData('popup.json', popupFile),
    articles: readData('articles.json', articlesFile),
  };
}

type ArticleTexts = Partial<Record<Lang, z.infer<typeof articleText>>>;

async function insertArticleTexts(q: Pick<Db, 'query'>, newsId: number, texts: ArticleTexts): Promise<void> {
  for (const [lang, text] of Object.entries(texts)) {
    if (!text) continue;
    await q.query('INSERT INTO news_i18n (news_id, lang, title, summary, body) VALUES ($1, $2, $3, $4, $5)', [
      newsId,
      lang,
      text.title,
      text.summary,
      text.body,
    ]);
  }
}

export async function seedContent(db: Db, clock: Clock): Promise<void> {
  const content = loadSeedContent();
  const now = clock.now();

  const count = await countRows.one(db, 'SELECT COUNT(*) AS n FROM news');
  if ((count?.n ?? 0) === 0) {
    await db.tx(async (q) => {
      for (const [i, a] of content.articles.entries()) {
        const row = await newsIds.one(
          q,
          'INSERT INTO news (c_id, key, image, link, sort, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
          [a.c_id, a.key, a.image, a.link, i, now - a.daysAgo * DAY_MS - i * 60_000],
        );
        await insertArticleTexts(q, row!.id, a.text);
      }
    });
  }

  await db.tx(async (q) => {
    for (const page of content.pages) {
      for (const [lang, text] of Object.entries(page.text)) {
        await q.query('INSERT INTO content_pages (key, lang, title, body) VALUES ($1, $2, $3, $4) ON CONFLICT (key, lang) DO NOTHING', [
          page.key,
          lang,
          text.title,
          text.body,
        ]);
      }
    }
    for (const [sort, item] of content.faq.entries()) {
      const row = await faqIds.one(q, 'INSERT INTO faq (key, sort) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING id', [
        item.key,
        sort,
      ]);
      if (!row) continue;
      for (const [lang, text] of Object.entries(item.text)) {
        await q.query('INSERT INTO faq_i18n (faq_id, lang, question, answer) VALUES ($1, $2, $3, $4)', [
          row.id,
          lang,
          text.question,
          text.answer,
        ]);
      }
    }
    const popup = await newsIds.one(
      q,
      `INSERT INTO news (c_id, key, popup, sort, created_at) VALUES (4, $1, TRUE, -1, $2) ON CONFLICT (key) DO NOTHING RETURNING id`,
      [content.popup.key, now],
    );
    if (popup) await insertArticleTexts(q, popup.id, content.popup.text);
  });
}
