/**
 * Chromium for the page benchmarks: Debian's browser through playwright-core, a phone-sized
 * context, CDP for CPU throttling and the main thread's own counters, and an in-page recorder of
 * frames, long tasks, long animation frames and React commits. Page scripts are strings, so
 * this Node project needs no DOM types.
 *
 * Facts these benches rely on (checked on these machines): CDP's CPU throttling slows only the
 * page's main thread, not a dedicated worker (the worker's cost is measured in Node, B1); an
 * empty page under a requestAnimationFrame probe at 4× reads about 12 % busy, the floor of the
 * busy-share figure.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { quantiles, round } from './stats';

export const PHONE = { width: 390, height: 844 } as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', '--js-flags=--expose-gc'],
  });
}

export interface PhonePage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** CDP CPU throttling of the page's main thread: 1 = full speed, 4 = a cheap phone. */
  throttle(rate: number): Promise<void>;
}

/**
 * A page at 390×844 (a phone, touch, 2× pixels), with the recorder installed before any script
 * and, when a token is given, the session stored as the app keeps it (the user is signed in).
 */
export async function phonePage(browser: Browser, opts: { token?: string } = {}): Promise<PhonePage> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addInitScript(
    `localStorage.setItem('version', '1');${opts.token ? `localStorage.setItem('token', ${JSON.stringify(opts.token)});` : ''}`,
  );
  await context.addInitScript(REACT_COMMITS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  return { context, page, cdp, throttle: (rate) => cdp.send('Emulation.setCPUThrottlingRate', { rate }).then(() => undefined) };
}

/**
 * Counts React commits without touching the app: React (production builds too) reports every
 * commit to a DevTools hook when one is present before it loads.
 */
const REACT_COMMITS = `(() => {
  window.__reactCommits = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(), supportsFiber: true, isDisabled: false,
    inject() { return 1; }, checkDCE() {},
    onCommitFiberRoot() { window.__reactCommits++; }, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
  };
})()`;

/**
 * Records from now on: frame intervals (requestAnimationFrame), long tasks, long animation
 * frames and the React commit count. Each install stops the previous one (the app routes by
 * hash, so one document may see several windows).
 */
const RECORDER = `(() => {
  const gen = (window.__benchGen = (window.__benchGen || 0) + 1);
  const rec = (window.__bench = { frames: [], longTasks: [], loafs: [], commits0: window.__reactCommits || 0, t0: performance.now() });
  const observe = (type, into) => {
    try {
      const o = new PerformanceObserver((list) => {
        if (window.__benchGen !== gen) return o.disconnect();
        for (const e of list.getEntries()) into.push(e.duration);
      });
      o.observe({ type, buffered: false });
    } catch {}
  };
  observe('longtask', rec.longTasks);
  observe('long-animation-frame', rec.loafs);
  let last = performance.now();
  const frame = (t) => {
    if (window.__benchGen !== gen) return;
    rec.frames.push(t - last);
    last = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

interface Recorded {
  frames: number[];
  longTasks: number[];
  loafs: number[];
  commits: number;
  ms: number;
}

/** The main thread's cumulative task time (s), from CDP's `Performance.getMetrics`. */
async function taskDuration(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
}

export interface WindowFigures {
  /** Share of wall time the main thread was busy (CDP TaskDuration), percent. */
  busy_pct: number;
  fps: number;
  frame_p50_ms: number;
  frame_p95_ms: number;
  frame_p99_ms: number;
  frames_over_50ms: number;
  long_tasks: number;
  long_task_ms: number;
  /** Long animation frames (> 50 ms, the LoAF API). */
  loafs: number;
  loaf_ms: number;
  react_commits_per_s: number;
}

/** Measures a window of `ms` on the page as it runs (throttle first if wanted). */
export async function measureWindow(p: PhonePage, ms: number): Promise<WindowFigures> {
  await p.page.evaluate(RECORDER);
  const busy0 = await taskDuration(p.cdp);
  const wall0 = performance.now();
  await p.page.waitForTimeout(ms);
  const busy1 = await taskDuration(p.cdp);
  const wall = (performance.now() - wall0) / 1000;
  const r = (await p.page.evaluate(
    `(() => { const b = window.__bench; return { frames: b.frames, longTasks: b.longTasks, loafs: b.loafs, commits: (window.__reactCommits || 0) - b.commits0, ms: performance.now() - b.t0 }; })()`,
  )) as Recorded;
  const q = quantiles(r.frames);
  const seconds = r.ms / 1000;
  return {
    busy_pct: round(((busy1 - busy0) / wall) * 100, 1),
    fps: round(r.frames.length / seconds, 1),
    frame_p50_ms: round(q.p50, 1),
    frame_p95_ms: round(q.p95, 1),
    frame_p99_ms: round(q.p99, 1),
    frames_over_50ms: r.frames.filter((f) => f > 50).length,
    long_tasks: r.longTasks.length,
    long_task_ms: round(
      r.longTasks.reduce((a, b) => a + b, 0),
      0,
    ),
    loafs: r.loafs.length,
    loaf_ms: round(
      r.loafs.reduce((a, b) => a + b, 0),
      0,
    ),
    react_commits_per_s: round(r.commits / seconds, 1),
  };
}

/** The page's JS heap after a forced collection, and its DOM counters. */
export async function pageMemory(p: PhonePage): Promise<{ heap_mb: number; dom_nodes: number; listeners: number }> {
  await p.cdp.send('HeapProfiler.collectGarbage');
  const heap = (await p.cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const dom = (await p.cdp.send('Memory.getDOMCounters')) as { nodes: number; jsEventListeners: number };
  return { heap_mb: round(heap.usedSize / 2 ** 20, 2), dom_nodes: dom.nodes, listeners: dom.jsEventListeners };
}
