/**
 * B3 live screen: the real contract page (chart, 20-row book, tape, order form, three open
 * positions with live P&L) in Chromium at 390×844 with the main thread slowed 4×, under a bench
 * feed of 1k, 5k and 10k ticks/s through the real server (bench/lib/feed.ts on top of the
 * simulator's own 10 Hz): main-thread busy share, frame p50/p95/p99, long animation frames.
 * Baseline in the same run, same feed: bench/baseline/, a typical screen (socket.io on the main
 * thread, React state per message) rendering the same data; the ratio of busy shares is
 * baseline ÷ ours. An idle row (the app's About page, no bench feed) shows the probe's floor.
 *
 * Each page loads at full speed in a fresh context, settles 3 s, then runs its window at 4×;
 * only one page is open at a time. `--trace`: after the figures, an 8 s Chrome trace of the
 * contract page at the highest rate, at 4×, to bench/results/live-screen.trace.json
 * (summarise it with `node --import tsx bench/traceSummary.ts --inclusive`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchBrowser, measureWindow, phonePage, type PhonePage, type WindowFigures } from './lib/browser';
import { startFeed, type Feed } from './lib/feed';
import { RESULTS_DIR, startServer, type BenchServer } from './lib/server';
import { ratio, round } from './lib/stats';
import type { Bench, Figure } from './lib/types';
import {
  ABOUT_PATH,
  BASELINE_PATH,
  baselineReady,
  buildBaseline,
  CONTRACT_PATH,
  contractReady,
  demoWithPositions,
  serveBaseline,
} from './screen';

const CPU_SLOWDOWN = 4;
const SETTLE_MS = 3_000;
const TRACE_MS = 8_000;
const TRACE_FILE = path.join(RESULTS_DIR, 'live-screen.trace.json');
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

/** Records a trace of `ms` of the page as it runs and writes it as a Chrome trace file. */
async function recordTrace(cdp: CDPSession, page: Page, ms: number): Promise<number> {
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
  await page.waitForTimeout(ms);
  await cdp.send('Tracing.end');
  await done;
  await mkdir(path.dirname(TRACE_FILE), { recursive: true });
  await writeFile(TRACE_FILE, JSON.stringify({ traceEvents: events }));
  return events.length;
}

interface Measured extends WindowFigures {
  /** Baseline page only: ticks it handled per second, and how far its newest trade was behind at the end. */
  handled_per_s?: number;
  behind_ms?: number;
}

const BASELINE_COUNTERS = `(() => { const b = window.__baseline; return { ticks: b.ticks, lastTradeTs: b.lastTradeTs, now: Date.now() }; })()`;

/**
 * Opens `url` in a fresh phone context, waits until `ready`, settles, then measures a window at
 * 4×; `during` runs on the slowed page after the window (the trace). Closes the context.
 */
async function measurePage(
  browser: Browser,
  url: string,
  opts: { token?: string; ready: (page: Page) => Promise<void>; ms: number; baseline?: boolean; after?: (p: PhonePage) => Promise<void> },
): Promise<Measured> {
  const p = await phonePage(browser, opts.token ? { token: opts.token } : {});
  try {
    await p.page.goto(url);
    await opts.ready(p.page);
    await p.page.waitForTimeout(SETTLE_MS);
    await p.throttle(CPU_SLOWDOWN);
    const before = opts.baseline ? ((await p.page.evaluate(BASELINE_COUNTERS)) as { ticks: number; now: number }) : null;
    const figures: Measured = await measureWindow(p, opts.ms);
    if (before) {
      const after = (await p.page.evaluate(BASELINE_COUNTERS)) as { ticks: number; lastTradeTs: number; now: number };
      figures.handled_per_s = round((after.ticks - before.ticks) / ((after.now - before.now) / 1000), 0);
      figures.behind_ms = after.lastTradeTs ? after.now - after.lastTradeTs : NaN;
    }
    if (opts.after) await opts.after(p);
    await p.throttle(1);
    return figures;
  } finally {
    await p.context.close();
  }
}

const row = (label: string, rate: Figure, f: Measured, busyRatio: Figure = ''): Figure[] => [
  label,
  rate,
  f.busy_pct,
  f.fps,
  f.frame_p50_ms,
  f.frame_p95_ms,
  f.frame_p99_ms,
  f.loafs,
  f.loaf_ms,
  f.long_tasks,
  f.react_commits_per_s,
  f.handled_per_s ?? '',
  f.behind_ms ?? '',
  busyRatio,
];

const kilo = (rate: number) => `${rate / 1000}k`;

export const liveScreen: Bench = {
  name: 'live-screen',
  id: 'B3',
  title: 'the contract screen in Chromium at 390×844, main thread 4× slower, under 1k/5k/10k ticks/s',
  baseline:
    'bench/baseline/: a typical screen (socket.io on the main thread, React state set per message) with the same ticker, chart, 20-row book and tape, same feed, same run; plus the About page (idle floor)',
  targets: [
    { figure: 'busy_pct_10k', op: '<=', value: 25, label: '≤ 25 % busy at 10k ticks/s' },
    { figure: 'busy_ratio_10k', op: '>=', value: 5, label: '≥ 5× less main-thread time than the baseline' },
    { figure: 'frame_p95_ms_10k', op: '<=', value: 20, label: 'frame p95 ≤ 20 ms' },
  ],
  browser: true,
  async run(ctx) {
    const rates = ctx.quick ? [5_000] : [1_000, 5_000, 10_000];
    const windowMs = ctx.quick ? 6_000 : 15_000;
    const trace = ctx.argv.includes('--trace');
    await buildBaseline();
    const server: BenchServer = await startServer({ client: true, historyDays: 2 });
    let browser: Browser | null = null;
    let feed: Feed | null = null;
    try {
      serveBaseline(server);
      const token = await demoWithPositions(server);
      browser = await launchBrowser();
      const rows: Figure[][] = [];
      const headline: Record<string, Figure> = {};

      ctx.log('idle: About page, simulator only');
      const idle = await measurePage(browser, `${server.url}${ABOUT_PATH}`, {
        token,
        ready: (page) => page.waitForSelector('nav, main').then(() => undefined),
        ms: windowMs,
      });
      rows.push(row('About page (idle floor)', 0, idle));
      headline.idle_busy_pct = idle.busy_pct;

      for (const rate of rates) {
        feed?.stop();
        feed = startFeed(server.app.market, { ticksPerSecond: rate });
        ctx.log(`${kilo(rate)} ticks/s: contract page`);
        const last = rate === rates.at(-1);
        const ours = await measurePage(browser, `${server.url}${CONTRACT_PATH}`, {
          token,
          ready: contractReady,
          ms: windowMs,
          ...(trace && last
            ? {
                after: async (p: PhonePage) => {
                  const n = await recordTrace(p.cdp, p.page, TRACE_MS);
                  ctx.log(`trace: ${path.relative(process.cwd(), TRACE_FILE)} (${n} events)`);
                },
              }
            : {}),
        });
        ctx.log(`${kilo(rate)} ticks/s: baseline page`);
        const base = await measurePage(browser, `${server.url}${BASELINE_PATH}`, { ready: baselineReady, ms: windowMs, baseline: true });
        const busyRatio = ratio(base.busy_pct, ours.busy_pct);
        rows.push(row('contract page (ours)', rate, ours));
        rows.push(row('baseline page', rate, base, busyRatio));
        const k = kilo(rate);
        headline[`busy_pct_${k}`] = ours.busy_pct;
        headline[`baseline_busy_pct_${k}`] = base.busy_pct;
        headline[`busy_ratio_${k}`] = busyRatio;
        // Above the probe's floor (the idle page's busy share), the part each page's own work costs.
        headline[`busy_ratio_above_idle_${k}`] = ratio(
          Math.max(0, base.busy_pct - idle.busy_pct),
          Math.max(0.1, ours.busy_pct - idle.busy_pct),
        );
        headline[`frame_p95_ms_${k}`] = ours.frame_p95_ms;
        headline[`baseline_frame_p95_ms_${k}`] = base.frame_p95_ms;
        headline[`loafs_${k}`] = ours.loafs;
      }
      return {
        conditions: {
          viewport: '390x844',
          cpu_slowdown: `${CPU_SLOWDOWN}x`,
          window_s: windowMs / 1000,
          rates: rates.map(kilo).join('/'),
          feed: 'bench feed (200 synthetic quotes, BTC/USDT book + tape, 20 batches/s) over the simulator at 10 Hz',
        },
        table: {
          columns: [
            'page',
            'ticks/s',
            'busy %',
            'fps',
            'frame p50 ms',
            'p95 ms',
            'p99 ms',
            'LoAFs',
            'LoAF ms',
            'long tasks',
            'commits/s',
            'handled/s',
            'behind ms',
            'busy ratio (base÷ours)',
          ],
          rows,
        },
        headline,
      };
    } finally {
      feed?.stop();
      await browser?.close();
      await server.close();
    }
  },
};
