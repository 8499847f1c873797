/**
 * The community and system pages in a phone browser, in English, Chinese, Thai and Japanese
 * (screenshot review): customer service, the chat room, the location picker and the
 * map card, the in-app browser, the image viewer, the download guide, the news list and an
 * article, operational compliance. Each page draws without an error, nothing runs off the side
 * of the screen, and the page's own texts are in the language. The screenshots
 * (test-results/screens/community-<page>-<lang>.png) are the ones reviewed in docs/community/CHAT.md.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, phone, shot } from './browser';
import { api, base, registerByApi, signInWith } from './helpers';

const POLL = { timeout: 20_000 };
const email = `community${Date.now()}@example.com`;

/** Something only the page in that language shows (its title in the nav bar). */
const TITLES: Record<string, Record<string, RegExp>> = {
  en: { kefu: /Customer service/, chat: /Chat room/, download: /Android/, compliance: /compliance/i },
  zh: { kefu: /客服/, chat: /聊天室/, download: /安卓|Android/, compliance: /合规/ },
  th: { kefu: /บริการลูกค้า|ฝ่ายบริการ/, chat: /ห้องแชท/, download: /Android/, compliance: /ปฏิบัติตาม|กฎ/ },
  jp: { kefu: /カスタマー|サポート/, chat: /チャット/, download: /Android/, compliance: /コンプライアンス|法令/ },
};

const CHAT_GREETING: Record<string, string> = {
  en: 'Morning all! BTC looks strong today, anyone watching the 4h chart?',
  zh: '大家早上好！今天 BTC 走势很强，有人在看 4 小时图吗？',
  th: 'สวัสดีตอนเช้าทุกคน! วันนี้ BTC ดูแข็งแกร่งมาก มีใครดูกราฟ 4 ชั่วโมงอยู่ไหม?',
  jp: 'おはようございます！今日の BTC は強いですね。4時間足を見ている人はいますか？',
};

/** Pages by name, with what shows they are drawn. */
const pages = (articleId: number) =>
  [
    { name: 'kefu', path: '/pages/kefu/index', ready: '[data-testid="support-thread"]' },
    { name: 'chat', path: '/pages/chat/room', ready: '[data-testid="chat-message"]' },
    { name: 'choose-location', path: '/pages/system/choose-location?country=TH', ready: '[data-testid="location-region"]' },
    {
      name: 'open-location',
      path: '/pages/system/open-location?country=JP&region=Kanto&city=Tokyo',
      ready: '[data-testid="location-card"]',
    },
    {
      name: 'webview',
      path: `/pages/common/webView?url=${encodeURIComponent(`${base}/banners/markets.svg`)}&title=Kestrel`,
      ready: '[data-testid="webview-frame"]',
    },
    {
      name: 'preview-image',
      path: `/pages/system/preview-image?url=${encodeURIComponent('/banners/security.svg')}`,
      ready: '[data-testid="preview-stage"] img',
    },
    { name: 'download', path: '/pages/common/webView?page=download', ready: '[data-testid="download-guide"] svg' },
    { name: 'news', path: '/pages/common/article', ready: '[data-testid="article-list"] li' },
    { name: 'article', path: `/pages/common/article?id=${articleId}`, ready: 'main h1, main h2, main article' },
    { name: 'compliance', path: '/pages/setting/operational_compliance', ready: 'main p' },
  ] as const;

describe('community and system pages in four languages', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let articleId: number;
  const errors: string[] = [];

  beforeAll(async () => {
    token = await registerByApi(email, 'community-secret');
    await api('/user/editNickname', { nickname: 'Mika' }, token);
    await api('/support/send', { body: 'Hello, how long does a withdrawal take?' }, token);
    const news = await api('/news/list', { c_id: '4', page: '1', limit: '5' });
    articleId = news.data[0]!.id;
    browser = await launch();
    page = await phone(browser);
    page.on('pageerror', (e) => errors.push(e.message));
    await signInWith(page, token);
  }, 120_000);
  afterAll(() => browser?.close());

  for (const lang of ['en', 'zh', 'th', 'jp'])
    it(`draws every page tidily in ${lang}`, async () => {
      await api('/chat/send', { room: lang, text: CHAT_GREETING[lang]! }, token);
      const notice = await api('/news/index_pop', {});
      await page.evaluate(
        ([l, id]) => {
          localStorage.setItem('lang', l!);
          if (id) localStorage.setItem('dismissedNotice', id);
        },
        [lang, notice ? String(notice.id) : ''],
      );
      await page.reload();
      const overflowing: string[] = [];
      for (const p of pages(articleId)) {
        await page.goto(`${base}/#${p.path}`);
        await page.locator(p.ready).first().waitFor(POLL);
        // Fonts and images settle before the picture is taken.
        await page.evaluate(() => document.fonts.ready);
        await page.waitForFunction(() => [...document.images].every((i) => i.complete), undefined, POLL);
        const text = await page.locator('main').innerText();
        expect(text, `${p.name} ${lang}`).not.toMatch(/Something went wrong|This page could not be loaded/);
        const wide = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const main = document.querySelector('main');
          const out = [...(main?.querySelectorAll('*') ?? [])].filter((el) => {
            const r = el.getBoundingClientRect();
            if (!r.width || !r.height) return false;
            // Inside a horizontal scroller (chips), running past the edge is the design.
            for (let a = el.parentElement; a && a !== main; a = a.parentElement)
              if (getComputedStyle(a).overflowX !== 'visible') return false;
            return r.right > width + 1 || r.left < -1;
          });
          return out.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
        });
        if (wide.length) overflowing.push(`${p.name}: ${wide.join(', ')}`);
        const title = TITLES[lang]![p.name];
        if (title) expect(text, `${p.name} ${lang}`).toMatch(title);
        await shot(page, `community-${p.name}-${lang}`);
      }
      expect(overflowing).toEqual([]);
      expect(errors).toEqual([]);
    }, 180_000);
});
