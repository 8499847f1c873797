/**
 * What a finished app must pass: a walk through every built page in English, 中文 and Tiếng Việt on a
 * 390×844 phone, with a user who has real data (funds, records, a verified identity, a payment
 * password, saved addresses, notifications). Each page is checked for the kinds of
 * defect generically (raw keys, made-up values, overflow, numbers broken across lines or clipped,
 * English left in another language) and pictured whole in test-results/screens/walk/.
 *
 * One file per language (walk.test.ts in English, walkZh and walkVi), each with its own user, so
 * the e2e workers walk the languages side by side. Thai and Japanese walk lightly (no pictures,
 * no layout measures): walkThJp looks only for what no language may show, a raw key or a raw
 * `{{placeholder}}`; the other languages' placeholders are checked key by key
 * against English in tests/unit/placeholders.test.ts.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_CATEGORY } from '../../domain/content/types';
import { Decimal } from '../../domain/decimal';
import { ROUTES, type PageRoute } from '../../src/routes';
import { launch, phone, SHOTS_DIR } from './browser';
import { api, base, latestCode, opsCli, registerByApi, sendCode } from './helpers';

const WIDTH = 390;
const HEIGHT = 844;
const DIR = path.join(SHOTS_DIR, 'walk');
const JPEG = readFileSync(path.resolve(__dirname, 'fixtures/photo.jpg'));
const stamp = `${Date.now()}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
const email = `walk${stamp}@example.com`;
const mobile = `5${stamp.slice(-9)}`;

/** Extra views of a page that show other data (a tab, a record of one coin). */
const VARIANTS: Record<string, string[]> = {
  '/pages/fund/assets': ['?account=lever'],
  '/pages/fund/assets_record': ['?currency=3'],
  '/pages/fund/transfer_history': ['?tab=exchange'],
  '/pages/fund/receive_withdraw_record': ['?tab=withdraw'],
  '/pages/fund/withdraw': ['?currency=1'],
};

const RAW_KEY =
  /\b(common|nav|funds|identity|security|settings|targets|auth|home|market|pages|errors|validation|notifications|profile|upload|help|feed|time|area)\.[a-zA-Z]+/;
const GARBAGE = /\b(undefined|NaN|null)\b|\[object Object\]|Invalid Date/;
/** A placeholder i18next was not given a value for: `{{currency}}` on the screen. */
const PLACEHOLDER = /\{\{[^}]*\}\}|\{\{|\}\}/g;
const ENGLISH = /\b(Email|Crypto|Fiat|Coin|Futures|Copy trade|Mini game)\b/;

interface Findings {
  text: string;
  /** What the page says outside its text: placeholders of boxes, accessible names, titles, alt texts. */
  attributes: string;
  scrollWidth: number;
  /** Elements reaching past the screen's edges (outside a horizontal scroller). */
  outside: string[];
  /** Numbers whose characters sit on more than one line. */
  wrapped: string[];
  /** Text cut off by its box (without an ellipsis, or a number with one). */
  clipped: string[];
  /** Figures with more digits than anyone reads. */
  raw: string[];
  /** Short labels broken over two lines. */
  broken: string[];
}

/** Looks at the shown page in the browser: its text and what sits badly. */
function inspect(width: number): Findings {
  const main = document.querySelector('main')!;
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}: ${(el.textContent ?? '').trim().slice(0, 40)}`;
  const scrollsSideways = (el: Element | null): boolean => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if ((s.overflowX === 'auto' || s.overflowX === 'scroll') && e.scrollWidth > e.clientWidth) return true;
    }
    return false;
  };
  const visible = (el: Element) => {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0 && !el.closest('[aria-hidden="true"]');
  };
  const outside: string[] = [];
  const wrapped: string[] = [];
  const clipped: string[] = [];
  const raw: string[] = [];
  const broken: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  // A figure: digits with group and decimal separators (never part of a word, an email or an id).
  const NUMBER = /(?<![\w@.])[+\-−]?\d[\d,.\u00a0\u202f']*\d%?(?![\w@])/g;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent ?? '';
    if (!el || !text.trim() || !visible(el) || scrollsSideways(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      // What shows of the text: its box cut by every ancestor that hides overflow (an ellipsis,
      // a carousel's other slides).
      let [left, right] = [r.left, r.right];
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        if (getComputedStyle(e).overflowX === 'visible') continue;
        const b = e.getBoundingClientRect();
        [left, right] = [Math.max(left, b.left), Math.min(right, b.right)];
      }
      if (right > left && (right > width + 1 || left < -1)) {
        outside.push(describe(el));
        break;
      }
    }
    // A short label (a list row's name, a figure's caption) broken over two lines beside its value:
    // centred captions under icons may take two lines, a row's label may not. Prose is not a label:
    // a paragraph, an article, or a chat message someone wrote (its words before a link wrap as
    // the sender's line does; another e2e file may have written one in the public room).
    const short = /[\u3000-\u9fff\uac00-\ud7af]/.test(text) ? 8 : 24; // CJK says a lot in few characters
    const prose = el.closest('p, article, [data-testid="chat-message"]');
    if (text.trim().length <= short && getComputedStyle(el).textAlign !== 'center' && !prose) {
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(describe(el));
    }
    for (const m of text.matchAll(NUMBER)) {
      if (m[0].length < 2) continue;
      const part = document.createRange();
      // Trailing spaces of the match may wrap legitimately: measure the digits only.
      const token = m[0].trimEnd();
      part.setStart(node, m.index);
      part.setEnd(node, m.index + token.length);
      const tops = new Set([...part.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) wrapped.push(`${describe(el)} [${token}]`);
      // Raw decimals (history with 24 decimals, a limit with 6 on eight integer digits): a figure
      // with a fraction has at most 12 significant digits and 16 decimals.
      const digits = token.replace(/[^\d.,]/g, '');
      const significant = digits.replace(/[.,]/g, '').replace(/^0+/, '').length;
      // (A separator followed by 3 digits may group thousands; any other count ends a fraction.)
      const fraction = /[.,](\d{1,2}|\d{4,})$/.exec(digits)?.[1];
      if (fraction && (significant > 12 || fraction.length > 16)) raw.push(`${describe(el)} [${token}]`);
    }
  }
  for (const el of main.querySelectorAll('*')) {
    if (!visible(el) || scrollsSideways(el.parentElement)) continue;
    const s = getComputedStyle(el);
    if (s.overflowX === 'visible' || s.overflowX === 'auto' || s.overflowX === 'scroll') continue;
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (!ownText) continue;
    const text = el.textContent ?? '';
    // An ellipsis may shorten a name or a sentence, never a figure or a figure's label (a term's
    // `dt`: "24h成交额(USDT)" cut to "24h成交额(…" says neither what nor in which coin).
    if (s.textOverflow !== 'ellipsis' || el.tagName === 'DT' || /^\s*[+\-−≈]?\s*[\d.,\s\u00a0]+\S{0,4}\s*$/.test(text)) {
      clipped.push(describe(el));
    }
  }
  const attributes = [...document.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')]
    .flatMap((el) => ['placeholder', 'aria-label', 'title', 'alt'].map((a) => el.getAttribute(a) ?? ''))
    .filter(Boolean)
    .join('\n');
  return {
    text: document.body.innerText,
    attributes: `${document.title}\n${attributes}`,
    scrollWidth: document.scrollingElement!.scrollWidth,
    outside,
    wrapped,
    clipped,
    raw,
    broken,
  };
}

/** A figure as shown in `lang`, as a plain decimal string (vi writes "1.234,5"). */
function plain(text: string, lang: string): Decimal {
  const figure = /\d[\d.,\u00a0\u202f']*/.exec(text)?.[0] ?? 'NaN';
  const point = lang === 'vi' ? ',' : '.';
  return new Decimal(figure.replace(new RegExp(`[^\\d${point}]`, 'g'), '').replace(point, '.'));
}

/**
 * The "≈" line right under a USDT figure values that same figure (1 USDT is 1 USDT): an
 * available balance over the value of available and frozen together reads as a contradiction.
 */
async function approxAgrees(scope: Locator, lang: string): Promise<string[]> {
  const pairs = await scope.evaluate((root) =>
    [...root.querySelectorAll('*')]
      .filter((e) => e.children.length === 0 && e.textContent?.trim().startsWith('≈'))
      .map((e) => [e.previousElementSibling?.textContent ?? '', e.textContent ?? '']),
  );
  return pairs
    .filter(([figure]) => /^\s*[\d]/.test(figure!))
    .filter(([figure, approx]) => !plain(figure!, lang).toDecimalPlaces(2).eq(plain(approx!, lang)))
    .map(([figure, approx]) => `"${figure}" is not what "${approx}" under it values`);
}

/** Checks of particular pages (path and query) beyond the generic ones. */
const CHECKS: Record<string, (page: Page, lang: string) => Promise<string[]>> = {
  '/pages/fund/assets': (page, lang) => approxAgrees(page.locator('[data-currency="USDT"]'), lang),
  '/pages/fund/assets_record?currency=3': async (page, lang) => {
    const text = (id: string) =>
      page
        .getByTestId(id)
        .textContent()
        .then((t) => t ?? '');
    const total = plain(await text('record-available'), lang).plus(plain(await text('record-frozen'), lang));
    const value = plain(await text('record-value'), lang);
    return [
      ...(await approxAgrees(page.getByTestId('record-header'), lang)),
      ...(total.toDecimalPlaces(2).eq(value) ? [] : [`the value ${value.toFixed()} is not available + frozen ${total.toFixed()}`]),
    ];
  },
};

/** Waits until the page at `route` has drawn its data: no skeleton or spinner, and the same text twice. */
async function settle(page: Page): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => {
          const main = document.querySelector('main');
          const busy = document.querySelectorAll('main [aria-busy="true"], main [role="progressbar"], main [data-skeleton]').length;
          const text = main?.innerText.trim() ?? '';
          // Live prices tick: compare the shape of the text, not its digits.
          return busy || !text ? '' : text.replace(/\d/g, '#');
        });
        const same = now !== '' && now === last;
        last = now;
        return same;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
}

function shotPath(name: string): string {
  mkdirSync(DIR, { recursive: true });
  return path.join(DIR, `${name}.png`);
}

/** A picture of the whole page: the viewport grown to the page's scrolling body, then put back. */
async function shootWhole(page: Page, name: string): Promise<void> {
  const extra = await page.evaluate(() => {
    let most = 0;
    for (const el of document.querySelectorAll('main *')) {
      const s = getComputedStyle(el);
      if ((s.overflowY === 'auto' || s.overflowY === 'scroll') && el.scrollHeight > el.clientHeight)
        most = Math.max(most, el.scrollHeight - el.clientHeight);
    }
    return most;
  });
  mkdirSync(DIR, { recursive: true });
  if (extra > 0) await page.setViewportSize({ width: WIDTH, height: Math.min(HEIGHT + extra, 6000) });
  await page.screenshot({ path: shotPath(name) });
  if (extra > 0) await page.setViewportSize({ width: WIDTH, height: HEIGHT });
}

/** Uploads the test photo for `scene` as the app would; answers its URL. */
async function upload(token: string, scene: string): Promise<string> {
  const form = new FormData();
  form.append('scene', scene);
  form.append('file', new Blob([JPEG], { type: 'image/jpeg' }), 'image.jpg');
  const res = await fetch(`${base}/api/upload`, { method: 'POST', headers: { authorization: token }, body: form });
  const body = (await res.json()) as { type: string; message: string };
  if (body.type !== 'ok') throw new Error(`upload: ${body.message}`);
  return body.message;
}

/** A user with something on every page. */
async function makeUser(): Promise<string> {
  const token = await registerByApi(email, 'walk-secret');
  await api('/sms_send', { area_code: '84', mobile, scene: 'bind' });
  await api('/safe/mobile', { area_code: '84', mobile, code: await latestCode(`+84${mobile}`) }, token);
  await api('/user/real', { real_type: '1', id_type: 'passport', name: 'Nguyễn Thảo', card_id: 'C1234567', country: 'VN' }, token);
  const pending = await opsCli('identities');
  const identity = new RegExp(`^(\\d+)\\s+\\d+\\s+${email.replace(/[.+]/g, '\\$&')}`, 'm').exec(pending)?.[1];
  await opsCli('approve-identity', identity!);
  await opsCli('credit', email, 'change', 'USDT', '23456.789', 'e2e', 'walk');
  await opsCli('credit', email, 'change', 'BTC', '1.23456789', 'e2e', 'walk');
  await api('/wallet/charge_req', { currency: '3', type: 'TRC20', amount: '1250.5', voucher: await upload(token, 'voucher') }, token);
  await api('/wallet/change', { currency_id: '3', number: '250', from_field: 'change', to_field: 'lever' }, token);
  await api('/user/Transfer', { number: '100', from_currency_id: '3', to_currency_id: '1' }, token);
  return token;
}

/**
 * The payment password, two saved addresses and a pending withdrawal, made while the public pages
 * are walked. Its code goes to the email once the server allows a second code there.
 */
async function finishUser(token: string): Promise<void> {
  await sendCode('/safe/send_code', { channel: 'email' }, token);
  await api('/safe/pay_password', { pay_password: '246810', re_pay_password: '246810', code: await latestCode(email) }, token);
  await api(
    '/user/wallet/save',
    { currency: 'USDT', name: 'Ví Binance', address: 'TXk8rQSAvgmx5VdVvCP1bQ9jZ4dZYq7Jpd', pay_password: '246810' },
    token,
  );
  await api(
    '/user/wallet/save',
    { currency: 'BTC', name: 'Cold storage', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', pay_password: '246810' },
    token,
  );
  const list = await api('/user/wallet/list', { limit: '100' }, token);
  const usdt = list.data.find((a) => a.name === 'Ví Binance')!;
  await api('/wallet/out', { currency: '3', amount: '120', target: `address:${usdt.id}`, pay_password: '246810' }, token);
}

/** The app in `lang`, signed in with `token` or signed out; the notice popup already seen. */
async function boot(page: Page, lang: string, token: string | null): Promise<void> {
  const notice = await api('/news/index_pop', {});
  await page.goto(`${base}/#/pages/index/index`);
  await page.evaluate(
    ([l, t, id]) => {
      localStorage.setItem('lang', l!);
      if (t) localStorage.setItem('token', t);
      else localStorage.removeItem('token');
      if (id) localStorage.setItem('dismissedNotice', id);
    },
    [lang, token ?? '', notice ? String(notice.id) : ''],
  );
  await page.reload();
  await page.getByRole('navigation').first().waitFor();
}

const built = ROUTES.filter((r) => r.load);

/**
 * The walk in `langs`, public pages signed out and then signed in; with `skeletons`, the loading
 * states of the withdraw page and the wallet list too; `light` looks only for raw keys, raw
 * placeholders and the layout (the page's width, text past the edge or clipped) and takes no pictures.
 */
export function walkSuite(langs: string[], { skeletons = false, light = false } = {}): void {
  describe(`a walk through every built page at 390×844 in ${langs.join(', ')} ${light ? ' (light)' : ''}`, () => {
    let browser: Browser;
    let page: Page;
    let token: string;
    let articleId: string;
    let finished: Promise<void>;
    beforeAll(async () => {
      browser = await launch();
      page = await phone(browser);
      token = await makeUser();
      finished = finishUser(token);
      finished.catch(() => undefined); // awaited (and reported) by the signed-in walks
      articleId = String((await api('/news/list', { c_id: String(NEWS_CATEGORY.news), page: '1', limit: '1' })).data[0]!.id);
      await page.goto(`${base}/#/`);
      await page.getByRole('navigation').first().waitFor();
    }, 180_000);
    afterAll(() => browser?.close());

    /** Visits each page in `lang` and checks it; answers what it found wrong. */
    async function walk(lang: string, routes: PageRoute[]): Promise<string[]> {
      const problems: string[] = [];
      const visits = routes.flatMap((r) =>
        ['', ...(VARIANTS[r.path] ?? [])].map((q) => ({ route: r, query: r.page === 'article' ? `?id=${articleId}` : q })),
      );
      for (const { route, query } of visits) {
        const where = `${lang} ${route.path}${query}`;
        await page.goto(`${base}/#${route.path}${query}`);
        await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${route.path}${query}`);
        await settle(page);
        const found = await page.evaluate(inspect, WIDTH);
        const say = (what: string, list: string[]) => list.length && problems.push(`${where}: ${what}: ${list.join(' | ')}`);
        say('raw key', found.text.match(RAW_KEY) ?? []);
        say('raw placeholder', [...(found.text.match(PLACEHOLDER) ?? []), ...(found.attributes.match(PLACEHOLDER) ?? [])]);
        // Every language's layout is measured: long Thai and Japanese labels push boxes as far as any.
        if (found.scrollWidth > WIDTH) problems.push(`${where}: page ${found.scrollWidth}px wide`);
        say('past the edge', found.outside);
        say('clipped', found.clipped);
        if (light) continue;
        say('garbage', found.text.match(GARBAGE) ?? []);
        if (lang !== 'en') say('English', found.text.match(ENGLISH) ?? []);
        say('number on two lines', found.wrapped);
        say('raw decimals', found.raw);
        say('label on two lines', found.broken);
        problems.push(...((await CHECKS[`${route.path}${query}`]?.(page, lang)) ?? []).map((p) => `${where}: ${p}`));
        const suffix = query.replace(/[?=&]/g, '-').replace(/^-id-\d+$/, '');
        await shootWhole(page, `${lang}-${route.area}-${route.page}${suffix}`);
      }
      return problems;
    }

    it('builds every page of the table it walks', () => {
      expect(built.length).toBeGreaterThan(30);
    });

    // Public pages as a new user first meets them, signed out (login and register would send a
    // signed-in user home).
    for (const lang of langs) {
      it(`shows every public page well in ${lang}, signed out`, async () => {
        await boot(page, lang, null);
        expect(
          await walk(
            lang,
            built.filter((r) => !r.auth),
          ),
        ).toEqual([]);
      });
    }

    it.runIf(skeletons)('shows skeletons, never made-up values, while the withdraw page and the wallet list load', async () => {
      await finished;
      await boot(page, 'en', token);
      const held: Route[] = [];
      const pattern = /\/api\/(wallet\/get_info|user\/wallet\/list|user\/cash_info)/;
      await page.route(pattern, (route) => void held.push(route));
      try {
        for (const path of ['/pages/fund/withdraw', '/pages/setting/wallet']) {
          await page.goto(`${base}/#${path}`);
          await expect.poll(() => held.length).toBeGreaterThan(0);
          await expect.poll(() => page.locator('main [aria-busy="true"] [data-skeleton]').count(), { message: path }).toBeGreaterThan(0);
          // No answer yet, so no "add a bank card" as if there were none, no spinner in place of the page.
          expect(await page.getByText('Add bank card').count(), path).toBe(0);
          expect(await page.locator('main [role="progressbar"]').count(), path).toBe(0);
          await page.screenshot({ path: shotPath(`en-loading-${path.split('/').pop()}`) });
        }
      } finally {
        await page.unroute(pattern);
        for (const route of held) await route.continue().catch(() => undefined);
      }
      await settle(page);
      expect(await page.getByTestId('wallet-item').count()).toBe(2);
    });

    for (const lang of langs) {
      it(`shows every signed-in page well in ${lang}`, async () => {
        await finished;
        await boot(page, lang, token);
        expect(
          await walk(
            lang,
            built.filter((r) => r.auth),
          ),
        ).toEqual([]);
      });
    }
  });
}
