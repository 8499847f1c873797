/**
 * B4 scroll: the market list (crypto tab) holding 2,000 synthetic pairs with ~500 row updates a
 * second, flung down and back up by touch under 4× CPU throttling. Per-second fps (median), long
 * frames, and the DOM node count sampled every second (CDP `Memory.getDOMCounters`), which must
 * stay flat: the list is virtual, only the rows on screen exist.
 *
 * The fling is a touch swipe sent as raw touch events (CDP `Input.dispatchTouchEvent`: down, 6
 * quick moves, up while moving), so the scroll runs the browser's real touch-scroll and fling
 * path, not a scripted `scrollTop` nor a wheel. (`Input.synthesizeScrollGesture` with
 * `gestureSourceType: 'touch'` does not scroll at all in this headless Chromium; its mouse
 * source does, but that is a wheel.) Baseline in the same run: the same flings on the same
 * list with the feed stopped (nothing updates).
 */
import type { CDPSession } from 'playwright-core';
import { launchBrowser, measureWindow, phonePage, type PhonePage, type WindowFigures } from './lib/browser';
import { startFeed, type Feed } from './lib/feed';
import { startServer, type BenchServer } from './lib/server';
import { median, round } from './lib/stats';
import type { Bench, BenchContext, Figure } from './lib/types';

export const SYMBOLS = 2000;
/** Row updates per second (quotes only: every tick is one row's new price). */
export const ROW_UPDATES = 500;
const ROW_HEIGHT = 64;
const THROTTLE = 4;

/** Opens the market list's crypto tab and waits until it holds every synthetic pair. */
export async function openMarketList(
  p: PhonePage,
  server: BenchServer,
  feed: Feed,
  log: (m: string) => void,
  expected = SYMBOLS,
): Promise<number> {
  await p.page.goto(`${server.url}/#/pages/market/market?category=crypto`);
  await p.page.waitForSelector('[data-testid="market-list"]', { timeout: 30_000 });
  // The page has subscribed to quotes: republish every synthetic pair so the list holds all of them.
  feed.announce();
  const rows = async () =>
    Number(
      await p.page.evaluate(
        `(() => { const l = document.querySelector('[data-testid="market-list"]'); return l ? parseFloat(l.style.height) / ${ROW_HEIGHT} : 0; })()`,
      ),
    );
  const due = Date.now() + 20_000;
  while ((await rows()) < expected && Date.now() < due) await p.page.waitForTimeout(200);
  const n = await rows();
  log(`market list holds ${n} rows`);
  if (n < expected) throw new Error(`the market list shows ${n} rows, expected ≥ ${expected}`);
  return n;
}

/**
 * In-page: the scroller's position each frame and frame timestamps, so fps can be bucketed per
 * second and the bench can show the list really moved.
 */
const PROBE = `(() => {
  const gen = (window.__scrollGen = (window.__scrollGen || 0) + 1);
  const list = document.querySelector('[data-testid="market-list"]');
  let el = list && list.parentElement;
  while (el && el !== document.body && !/(auto|scroll)/.test(getComputedStyle(el).overflowY)) el = el.parentElement;
  const rec = (window.__scroll = { t: [], travelled: 0, maxTop: 0 });
  let lastTop = el ? el.scrollTop : 0;
  const frame = (t) => {
    if (window.__scrollGen !== gen) return;
    rec.t.push(t);
    const top = el ? el.scrollTop : 0;
    rec.travelled += Math.abs(top - lastTop);
    rec.maxTop = Math.max(rec.maxTop, top);
    lastTop = top;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  return !!el;
})()`;

/** Nodes in the document now (elements, text, comments): what is live, unlike CDP's counter, which also counts nodes not yet collected. */
const DOC_NODES = `(() => { const w = document.createTreeWalker(document, NodeFilter.SHOW_ALL); let n = 0; while (w.nextNode()) n++; return n; })()`;

interface Probe {
  t: number[];
  travelled: number;
  maxTop: number;
}

/** Frames per whole second of the window (the last, partial second dropped). */
function perSecondFps(t: readonly number[]): number[] {
  if (t.length < 2) return [];
  const start = t[0]!;
  const buckets: number[] = [];
  for (const x of t) {
    const i = Math.floor((x - start) / 1000);
    buckets[i] = (buckets[i] ?? 0) + 1;
  }
  return buckets.slice(0, Math.floor((t.at(-1)! - start) / 1000)).map((n) => n ?? 0);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One touch fling: a finger down, a quick 600 px swipe in 6 moves about 8 ms apart, lifted
 * while moving, so the browser flings on (CDP `Input.dispatchTouchEvent`). `direction` −1 swipes
 * up (the content scrolls down).
 */
async function swipe(cdp: CDPSession, direction: number): Promise<void> {
  const x = 195;
  const y0 = direction < 0 ? 760 : 160;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0 }] });
  for (let i = 1; i <= 6; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 + direction * i * 100 }] });
    await sleep(8);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Flings down three times, then up three times, and again, until `until` (epoch ms); answers the flings made. */
export async function fling(cdp: CDPSession, until: number): Promise<number> {
  let gestures = 0;
  let direction = -1;
  while (Date.now() < until) {
    for (let i = 0; i < 3 && Date.now() < until; i++) {
      await swipe(cdp, direction);
      gestures++;
      // Let the fling run a while before the next swipe catches it.
      await sleep(400);
    }
    direction = -direction;
  }
  return gestures;
}

interface Run {
  win: WindowFigures;
  fps: number[];
  dom: number[];
  docNodes: number[];
  listeners: number[];
  travelled: number;
  gestures: number;
}

async function flingWindow(p: PhonePage, ms: number): Promise<Run> {
  // Back to the top so both runs fling over the same rows.
  await p.page.evaluate(
    `(() => { const l = document.querySelector('[data-testid="market-list"]'); let el = l.parentElement; while (el && !/(auto|scroll)/.test(getComputedStyle(el).overflowY)) el = el.parentElement; if (el) el.scrollTop = 0; })()`,
  );
  await p.page.waitForTimeout(300);
  await p.page.evaluate(PROBE);
  const dom: number[] = [];
  const docNodes: number[] = [];
  const listeners: number[] = [];
  const until = Date.now() + ms;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const c = (await p.cdp.send('Memory.getDOMCounters')) as { nodes: number; jsEventListeners: number };
      dom.push(c.nodes);
      listeners.push(c.jsEventListeners);
      docNodes.push(Number(await p.page.evaluate(DOC_NODES)));
      await p.page.waitForTimeout(1000);
    }
  })();
  const [win, gestures] = await Promise.all([measureWindow(p, ms), fling(p.cdp, until)]);
  sampling = false;
  await sampler;
  const probe = (await p.page.evaluate(`window.__scroll`)) as Probe;
  return { win, fps: perSecondFps(probe.t), dom, docNodes, listeners, travelled: Math.round(probe.travelled), gestures };
}

const row = (name: string, r: Run): Figure[] => [
  name,
  round(median(r.fps), 1),
  r.fps.length ? Math.min(...r.fps) : 'n/a',
  r.win.frame_p95_ms,
  r.win.frames_over_50ms,
  r.win.loafs,
  r.win.busy_pct,
  r.win.react_commits_per_s,
  Math.max(...r.docNodes),
  Math.max(...r.docNodes) - Math.min(...r.docNodes),
  Math.max(...r.dom),
  round(r.travelled / 1000, 1),
  r.gestures,
];

export const scroll: Bench = {
  name: 'scroll',
  id: 'B4',
  title: `market list, ${SYMBOLS} pairs, ${ROW_UPDATES} row updates/s, touch fling at ${THROTTLE}× CPU`,
  baseline: 'the same flings on the same list with the feed stopped (no row updates)',
  targets: [
    { figure: 'fps_median', op: '>=', value: 58, label: '≥ 58 fps median' },
    { figure: 'dom_nodes_max', op: '<=', value: 1500, label: '≤ 1,500 DOM nodes' },
  ],
  browser: true,
  async run(ctx: BenchContext) {
    const ms = ctx.quick ? 3000 : 12_000;
    const t0 = performance.now();
    const server = await startServer({ client: true, quietMarket: true });
    const feed = startFeed(server.app.market, {
      symbols: SYMBOLS,
      ticksPerSecond: ROW_UPDATES,
      mix: { quotes: 1, depth: 0, trades: 0 },
    });
    const browser = await launchBrowser();
    try {
      const p = await phonePage(browser);
      const listRows = await openMarketList(p, server, feed, ctx.log);
      ctx.log(`page ready after ${round((performance.now() - t0) / 1000, 1)} s`);
      await p.throttle(THROTTLE);
      await p.page.waitForTimeout(1000);
      ctx.log(`flinging ${ms / 1000} s with ${ROW_UPDATES} row updates/s`);
      const live = await flingWindow(p, ms);
      const sent = feed.sent();
      feed.stop();
      await p.page.waitForTimeout(500);
      ctx.log(`flinging ${ms / 1000} s with the feed stopped (baseline)`);
      const still = await flingWindow(p, ms);
      ctx.log(`done after ${round((performance.now() - t0) / 1000, 1)} s`);
      await p.throttle(1);
      return {
        conditions: {
          symbols: listRows,
          row_updates_per_s: round(sent.ticks / sent.seconds, 0),
          throttle: `${THROTTLE}x`,
          window_s: ms / 1000,
          gesture: 'touch swipe 600 px in 6 moves + fling (CDP Input.dispatchTouchEvent), every ~0.5 s, 3 down then 3 up',
        },
        table: {
          columns: [
            'case',
            'fps median',
            'fps min',
            'frame p95 ms',
            'frames > 50 ms',
            'LoAFs',
            'busy %',
            'commits/s',
            'DOM nodes max',
            'DOM nodes range',
            'CDP nodes max',
            'scrolled k px',
            'flings',
          ],
          rows: [row('feed stopped (baseline)', still), row(`${ROW_UPDATES} row updates/s`, live)],
        },
        headline: {
          fps_median: round(median(live.fps), 1),
          fps_median_baseline: round(median(still.fps), 1),
          long_frames: live.win.frames_over_50ms,
          dom_nodes_max: Math.max(...live.docNodes),
          dom_nodes_first: live.docNodes[0] ?? 'n/a',
          dom_nodes_last: live.docNodes.at(-1) ?? 'n/a',
        },
        detail: {
          live: {
            fps_per_s: live.fps,
            dom_nodes: live.dom,
            doc_nodes: live.docNodes,
            listeners: live.listeners,
            window: live.win,
            gestures: live.gestures,
          },
          baseline: {
            fps_per_s: still.fps,
            dom_nodes: still.dom,
            doc_nodes: still.docNodes,
            listeners: still.listeners,
            window: still.win,
            gestures: still.gestures,
          },
        },
      };
    } finally {
      feed.stop();
      await browser.close();
      await server.close();
    }
  },
};
