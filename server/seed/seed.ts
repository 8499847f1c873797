import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { hashPassword } from '../auth/passwords';
import type { UserRepository } from '../users/UserRepository';
import { SEED_FAQ, SEED_PAGES, SEED_POPUP } from './contentPages';
import { SEED_ARTICLES } from './newsContent';

/** The demo account created on first start (also in the README). */
export const DEMO_ACCOUNT = { email: 'demo@kestrel.local', password: 'Demo#2026' } as const;

const SETTINGS: Record<string, string> = {
  site_name: 'Kestrel',
  site_logo: '/logo.svg',
  service_email: 'support@kestrel.local',
  withdraw_arrival_hours: '24',
};

const DAY_MS = 86_400_000;

/**
 * First-start content: site settings, news and banners, the demo account. Idempotent: rows
 * that exist are left alone, so an operator's edits survive restarts.
 */
export async function seed(db: Db, deps: { clock: Clock; users: UserRepository; scryptLogN: number }): Promise<void> {
  const now = deps.clock.now();
  for (const [keyword, value] of Object.entries(SETTINGS)) {
    await db.query('INSERT INTO settings (keyword, value) VALUES ($1, $2) ON CONFLICT (keyword) DO NOTHING', [keyword, value]);
  }

  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM news');
  if (n === 0) {
    await db.tx(async (q) => {
      for (const [i, a] of SEED_ARTICLES.entries()) {
        const [row] = await q.query<{ id: number }>(
          'INSERT INTO news (c_id, image, link, sort, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          [a.c_id, a.image, a.link, i, now - a.daysAgo * DAY_MS - i * 60_000],
        );
        await q.query('UPDATE news SET key = $2 WHERE id = $1', [row!.id, a.key]);
        for (const [lang, text] of Object.entries(a.text)) {
          await q.query('INSERT INTO news_i18n (news_id, lang, title, summary, body) VALUES ($1, $2, $3, $4, $5)', [
            row!.id,
            lang,
            text.title,
            text.summary,
            text.body,
          ]);
        }
      }
    });
  }

  await db.tx(async (q) => {
    for (const page of SEED_PAGES) {
      for (const [lang, text] of Object.entries(page.text)) {
        await q.query('INSERT INTO content_pages (key, lang, title, body) VALUES ($1, $2, $3, $4) ON CONFLICT (key, lang) DO NOTHING', [
          page.key,
          lang,
          text.title,
          text.body,
        ]);
      }
    }
    for (const [sort, item] of SEED_FAQ.entries()) {
      const [row] = await q.query<{ id: number }>('INSERT INTO faq (key, sort) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING id', [
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
    const [popup] = await q.query<{ id: number }>(
      `INSERT INTO news (c_id, key, popup, sort, created_at) VALUES (4, $1, TRUE, -1, $2) ON CONFLICT (key) DO NOTHING RETURNING id`,
      [SEED_POPUP.key, now],
    );
    if (popup) {
      for (const [lang, text] of Object.entries(SEED_POPUP.text)) {
        await q.query('INSERT INTO news_i18n (news_id, lang, title, summary, body) VALUES ($1, $2, $3, $4, $5)', [
          popup.id,
          lang,
          text.title,
          text.summary,
          text.body,
        ]);
      }
    }
  });

  if (!(await deps.users.byEmail(DEMO_ACCOUNT.email))) {
    await deps.users.create({
      email: DEMO_ACCOUNT.email,
      areaCode: null,
      mobile: null,
      passwordHash: await hashPassword(DEMO_ACCOUNT.password, deps.scryptLogN),
      invitedBy: null,
      nickname: 'Demo',
      createdAt: now,
    });
  }
}
