import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../domain/decimal';
import { launch, phone, shot } from './browser';
import { api, base, latestCode, registerByApi, signInWith } from './helpers';

const JPEG = readFileSync(path.resolve(__dirname, 'fixtures/photo.jpg'));
const email = `looks${Date.now()}@example.com`;

/** How many commits since the counter was last cleared re-rendered a market row. */
function tickingCommits(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { __rowCommits: { rendered: string[] }[] }).__rowCommits.filter((c) => c.rendered.length > 0).length,
  );
}

/**
 * Counts renders of market rows without touching the app: a stand-in for React DevTools' hook
 * (React calls it after every commit, production builds too). A row component is a fiber whose
 * props carry `symbol` and `onOpen`; its hook list is rebuilt each time it renders and reused
 * when it bails out, so a hook list not seen before is one render.
 */
function installRenderCounter(): void {
  type Fiber = { tag: number; memoizedProps: unknown; memoizedState: object | null; child: Fiber | null; sibling: Fiber | null };
  const seen = new WeakSet<object>();
  const log: { rendered: string[]; mounted: number }[] = [];
  const isRow = (props: unknown): props is { symbol: string } =>
    !!props && typeof props === 'object' && typeof (props as { symbol?: unknown }).symbol === 'string' && 'onOpen' in props;
  const w = window as unknown as Record<string, unknown>;
  w.__rowCommits = log;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    checkDCE: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      const entry = { rendered: [] as string[], mounted: 0 };
      const stack: Fiber[] = [root.current];
      while (stack.length) {
        const fiber = stack.pop()!;
        if ((fiber.tag === 0 || fiber.tag === 15) && isRow(fiber.memoizedProps)) {
          entry.mounted++;
          if (fiber.memoizedState && !seen.has(fiber.memoizedState)) {
            seen.add(fiber.memoizedState);
            entry.rendered.push(fiber.memoizedProps.symbol);
          }
        }
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      log.push(entry);
    },
  };
}

/** The market list's rows as shown, top to bottom: symbol and 24 h change in percent. */
async function rows(page: Page): Promise<{ symbol: string; change: string; price: string }[]> {
  return page.locator('[data-testid="market-list"] [data-symbol]').evaluateAll((els) =>
    els
      .map((el) => ({
        top: el.getBoundingClientRect().top,
        symbol: el.getAttribute('data-symbol')!,
        change: el.lastElementChild!.textContent!.replace(/[%+,\s]/g, ''),
        price: el.querySelector('[data-testid="price"]')!.textContent!.replace(/,/g, ''),
      }))
      .sort((a, b) => a.top - b.top),
  );
}

/** True when `values` never go up (or never go down, for `asc`), compared as decimals. */
function ordered(values: string[], direction: 'asc' | 'desc'): boolean {
  return values.every((v, i) => i === 0 || new Decimal(values[i - 1]!).cmp(v) * (direction === 'desc' ? -1 : 1) <= 0);
}

async function box(locator: Locator): Promise<{ width: number; height: number }> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

/** Switches the app to `lang` (as stored by the language sheet), with the home notice already dismissed. */
async function useLang(page: Page, lang: string): Promise<void> {
  const notice = await api('/news/index_pop', {});
  await page.evaluate(
    ([l, id]) => {
      localStorage.setItem('lang', l!);
      if (id) localStorage.setItem('dismissedNotice', id);
    },
    [lang, notice ? String(notice.id) : ''],
  );
  await page.reload();
}

describe('looks: PIN boxes, market sort and flash, avatar, banner', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  beforeAll(async () => {
    browser = await launch();
    page = await phone(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await page.addInitScript(installRenderCounter);
    token = await registerByApi(email, 'looks-secret');
  });
  afterAll(() => browser?.close());

  it('takes the payment password in six PIN boxes: typing, backspace and paste', async () => {
    await signInWith(page, token, '/#/pages/setting/payPassword');
    const first = page.getByTestId('pay_password-boxes');
    const filled = (boxes: Locator) => boxes.locator('[data-filled]').count();
    await expect.poll(() => first.locator('span[aria-hidden]').count()).toBe(6);
    // Square boxes in one row.
    const one = await box(first.locator('span[aria-hidden]').first());
    expect(one.height).toBeGreaterThan(40);
    await first.click();
    await expect.poll(() => first.locator('[data-current]').count()).toBe(1);
    await page.keyboard.type('12a3');
    await expect.poll(() => filled(first)).toBe(3);
    await page.keyboard.press('Backspace');
    await expect.poll(() => filled(first)).toBe(2);
    await expect.poll(() => page.locator('input[name="pay_password"]').inputValue()).toBe('12');
    await page.keyboard.type('34567');
    await expect.poll(() => page.locator('input[name="pay_password"]').inputValue()).toBe('123456');
    await shot(page, 'looks-pin-typed');

    // Paste fills all six, whatever separators come along.
    const second = page.getByTestId('re_pay_password-boxes');
    await second.click();
    await page.evaluate(() => navigator.clipboard.writeText('12 34-56'));
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => filled(second)).toBe(6);
    await expect.poll(() => page.locator('input[name="re_pay_password"]').inputValue()).toBe('123456');
    // A stable selector still takes fill().
    await page.locator('input[name="re_pay_password"]').fill('654321');
    await page.locator('input[name="re_pay_password"]').fill('123456');

    await shot(page, 'looks-pin');
  });

  it('shows the PIN boxes where a payment password confirms a change (add wallet)', async () => {
    await page.goto(`${base}/#/pages/setting/addWallet`);
    const boxes = page.getByTestId('pay_password-boxes');
    await expect.poll(() => boxes.locator('span[aria-hidden]').count()).toBe(6);
    await page.locator('input[name="pay_password"]').fill('135790');
    await expect.poll(() => boxes.locator('[data-filled]').count()).toBe(6);
    await shot(page, 'looks-add-wallet');
  });

  it('labels the connection state away from the edge', async () => {
    await page.goto(`${base}/#/pages/market/market`);
    const badge = page.getByTestId('feed-status');
    await expect.poll(() => badge.getAttribute('data-status'), { timeout: 30_000 }).toBe('live');
    await expect.poll(() => badge.textContent()).toBe('Live');
    expect((await box(badge)).width).toBeGreaterThan(30);
    expect((await badge.boundingBox())!.x).toBeGreaterThanOrEqual(12);
  });

  it('flashes a price cell on a tick, re-rendering only the rows that changed', async () => {
    const list = page.locator('[data-testid="market-list"]');
    await expect.poll(() => list.locator('[data-symbol]').count()).toBeGreaterThan(5);
    await expect.poll(() => list.locator('[data-testid="price"][data-flash]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const flash = await list.locator('[data-testid="price"][data-flash]').first().getAttribute('data-flash');
    expect(['up', 'down']).toContain(flash);

    // Counted afresh until a dozen commits re-rendered rows (a few seconds of ticks, however slow).
    await page.evaluate(() => ((window as unknown as { __rowCommits: unknown[] }).__rowCommits.length = 0));
    await expect.poll(() => tickingCommits(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(12);
    const commits = await page.evaluate(
      () => (window as unknown as { __rowCommits: { rendered: string[]; mounted: number }[] }).__rowCommits,
    );
    const ticking = commits.filter((c) => c.rendered.length > 0);
    const mounted = Math.max(...commits.map((c) => c.mounted));
    const renders = ticking.reduce((n, c) => n + c.rendered.length, 0);
    expect(ticking.length).toBeGreaterThan(3); // ticks arrived
    expect(mounted).toBeGreaterThan(5);
    // Each commit re-rendered only some rows: the ones whose ticker changed, never the whole list.
    expect(ticking.some((c) => c.rendered.length < c.mounted)).toBe(true);
    expect(renders).toBeLessThan(ticking.length * mounted * 0.8);
    for (const c of ticking) expect(new Set(c.rendered).size).toBe(c.rendered.length);
  });

  it('sorts the market by 24h change both ways, keeps it while ticks arrive, and clears it', async () => {
    const header = page.getByTestId('sort-change');
    await header.click();
    await expect.poll(() => header.getAttribute('data-sort')).toBe('desc');
    await expect
      .poll(
        async () =>
          ordered(
            (await rows(page)).map((r) => r.change),
            'desc',
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    await shot(page, 'looks-market-sorted');
    // Still sorted after more ticks (re-ranked at most once a second): a dozen more commits.
    await page.evaluate(() => ((window as unknown as { __rowCommits: unknown[] }).__rowCommits.length = 0));
    await expect.poll(() => tickingCommits(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(12);
    await expect
      .poll(
        async () =>
          ordered(
            (await rows(page)).map((r) => r.change),
            'desc',
          ),
        { timeout: 20_000 },
      )
      .toBe(true);

    await header.click();
    await expect.poll(() => header.getAttribute('data-sort')).toBe('asc');
    await expect
      .poll(
        async () =>
          ordered(
            (await rows(page)).map((r) => r.change),
            'asc',
          ),
        { timeout: 20_000 },
      )
      .toBe(true);

    await header.click();
    await expect.poll(() => header.getAttribute('data-sort')).toBeNull();
    await expect.poll(async () => (await rows(page))[0]?.symbol).toBe('BTC/USDT');

    // By last price, high to low; the sort survives a category switch.
    await page.getByTestId('sort-price').click();
    await expect
      .poll(
        async () =>
          ordered(
            (await rows(page)).map((r) => r.price),
            'desc',
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    await page.getByRole('tab', { name: 'Stocks' }).click();
    await expect.poll(() => page.locator('[data-testid="market-list"] [data-symbol="AAPL/USD"]').count()).toBe(1);
    await expect
      .poll(
        async () =>
          ordered(
            (await rows(page)).map((r) => r.price),
            'desc',
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    await shot(page, 'looks-market-stocks-by-price');
  });

  it('shows the avatar as a circle, without a clipped "Uploaded" badge', async () => {
    await page.goto(`${base}/#/pages/setting/userInfo`);
    const picker = page.getByTestId('avatar-picker');
    await picker.locator('input[type=file]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await expect.poll(async () => (await api('/user/info', {}, token)).avatar, { timeout: 30_000 }).toMatch(/^\/uploads\//);
    await expect.poll(() => picker.locator('img').count()).toBe(1);
    const b = await box(picker);
    expect(Math.abs(b.width - b.height)).toBeLessThan(0.5);
    expect(b.width).toBeGreaterThan(60);
    await expect.poll(() => picker.locator('img').evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover');
    await expect.poll(() => picker.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe('50%');
    expect(await picker.getByText('Uploaded').count()).toBe(0);
    await shot(page, 'looks-avatar');

    await page.goto(`${base}/#/pages/setting/setting`);
    const avatar = page.locator('[data-testid="profile-card"] img');
    await expect.poll(() => avatar.count()).toBe(1);
    const a = await box(avatar);
    expect(Math.abs(a.width - a.height)).toBeLessThan(0.5);
  });

  it('moves the banner dots with the slide in view, swiped or advancing on its own', async () => {
    await page.goto(`${base}/#/pages/index/index`);
    const slides = page.locator('[data-testid="banner"] button');
    await expect.poll(() => slides.count(), { timeout: 20_000 }).toBeGreaterThan(1);
    const active = () =>
      page.locator('[data-testid="banner"] [data-active]').evaluate((dot) => [...dot.parentElement!.children].indexOf(dot));
    // A swipe to the last slide (the track scrolled as a finger would leave it) moves the dot there.
    const last = (await slides.count()) - 1;
    await page
      .locator('[data-testid="banner"] > div')
      .first()
      .evaluate((track, i) => track.scrollTo({ left: i * track.clientWidth }), last);
    await expect.poll(active).toBe(last);
    // Advancing on its own (every 4.5 s) goes round to the first, and the dot follows.
    await expect.poll(active, { timeout: 30_000 }).toBe(0);
  });

  for (const lang of ['en', 'zh', 'vi', 'fra', 'th']) {
    it(`keeps the banner text clear of the art and every page tidy in ${lang}`, async () => {
      await page.goto(`${base}/#/pages/index/index`);
      await useLang(page, lang);
      const slides = page.locator('[data-testid="banner"] button');
      await expect.poll(() => slides.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => slides.first().textContent()).not.toBe('');
      for (const slide of await slides.all()) {
        const s = (await slide.boundingBox())!;
        const caption = (await slide.locator('span').first().boundingBox())!;
        // The art begins at 51% of the image's width: the text stays in the left half, inside the slide.
        expect(caption.x + caption.width, lang).toBeLessThanOrEqual(s.x + s.width * 0.5 + 0.5);
        expect(caption.y, lang).toBeGreaterThanOrEqual(s.y);
        expect(caption.y + caption.height, lang).toBeLessThanOrEqual(s.y + s.height);
      }
      await shot(page, `looks-home-${lang}`);
      if (!['en', 'zh', 'vi'].includes(lang)) return;
      await page.goto(`${base}/#/pages/market/market`);
      await expect.poll(() => page.locator('[data-testid="market-list"] [data-symbol]').count()).toBeGreaterThan(5);
      await shot(page, `looks-market-${lang}`);
      await page.goto(`${base}/#/pages/setting/payPassword`);
      await expect.poll(() => page.getByTestId('pay_password-boxes').count()).toBe(1);
      await shot(page, `looks-pin-${lang}`);
      await page.goto(`${base}/#/pages/setting/userInfo`);
      await expect.poll(() => page.getByTestId('avatar-picker').locator('img').count()).toBe(1);
      await shot(page, `looks-avatar-${lang}`);
    });
  }

  it('sets the payment password typed into the PIN boxes', async () => {
    await signInWith(page, token);
    await useLang(page, 'en');
    await page.goto(`${base}/#/pages/setting/payPassword`);
    await page.locator('input[name="pay_password"]').fill('135790');
    await page.locator('input[name="re_pay_password"]').fill('135790');
    // One code per address a minute: the registration's code may be that recent, so ask until one goes out.
    const countdown = page.getByText(/Resend in \d+s/);
    await expect
      .poll(
        async () => {
          if (await countdown.count()) return 1;
          await page.getByRole('button', { name: 'Send code' }).click({ timeout: 3_000 });
          await countdown.waitFor({ timeout: 3_000 }).catch(() => undefined);
          return countdown.count();
        },
        { timeout: 90_000, interval: 5_000 },
      )
      .toBe(1);
    await page.getByPlaceholder('Verification code').fill(await latestCode(email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => (await api('/user/info', {}, token)).pay_password_set, { timeout: 30_000 }).toBe(true);
  }, 180_000);
});
