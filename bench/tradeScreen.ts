/**
 * The futures trading screen on a phone at 4× CPU slowdown: frame rate, slow frames and main-
 * thread long tasks over a window of live ticks, beside a baseline of the same app on a quiet
 * page (About) in the same browser, same run. The demo account holds three open positions, so
 * the positions panel recomputes live P&L too. Nothing passes or fails on time.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { buildApp } from '../server/app';
import { systemClock } from '../server/clock';
import { openPglite } from '../server/db/pglite';
import { DEMO_ACCOUNT } from '../server/seed/seed';

type Figures = Record<string, number | string>;
const ROOT = path.resolve(import.meta.dirname ?? __dirname, '..');
const WINDOW_MS = 20_000;
const CPU_SLOWDOWN = 4;
/** `npm run bench -- trade-screen --trace`: after the figures, an 8 s Chrome trace of the slowed screen (summarise it with bench/traceSummary.ts). */
const TRACE = process.argv.includes('--trace');
const TRACE_MS = 8_000;
/**
 * `npm run bench -- trade-screen --soak=<minutes>`: after the figures, keeps the screen open at
 * 4× for that long and, each minute, samples a 20 s window (fps, p95, long tasks) and, after a
 * forced garbage collection, the page's JS heap and DOM counters: a screen kept open for hours
 * must neither slow down nor grow.
 */
const SOAK_MINUTES = Number(process.argv.find((a) => a.startsWith('--soak='))?.slice('--soak='.length) ?? 0);
const TRACE_FILE = path.join(ROOT, 'bench', 'results', 'trade-screen.trace.json');
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
async function recordTrace(cdp: CDPSession, page: Page, ms: number): Promise<void> {
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
  await page.waitForTimeout(ms);
  await cdp.send('Tracing.end');
  await done;
  await mkdir(path.dirname(TRACE_FILE), { recursive: true });
  await writeFile(TRACE_FILE, JSON.stringify({ traceEvents: events }));
  console.log(`trace: ${TRACE_FILE} (${events.length} events)`);
}

/**
 * Counts frames and long tasks in the page from now on. The app routes by hash, so the trade
 * screen opens in the same document as the baseline: each install stops the previous one's
 * frame loop and observer (else both would count into the same arrays).
 */
const RECORDER = `(() => {
  const gen = (window.__perfGen = (window.__perfGen || 0) + 1);
  const perf = (window.__perf = { frames: [], longTasks: [] });
  const observer = new PerformanceObserver((list) => {
    if (window.__perfGen !== gen) return observer.disconnect();
    for (const e of list.getEntries()) perf.longTasks.push(e.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  let last = performance.now();
  const frame = (t) => {
    if (window.__perfGen !== gen) return;
    perf.frames.push(t - last);
    last = t;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

interface Sample {
  frames: number[];
  longTasks: number[];
}

async function measure(page: Page): Promise<Figures> {
  await page.evaluate(RECORDER);
  await page.waitForTimeout(WINDOW_MS);
  const { frames, longTasks } = (await page.evaluate('window.__perf')) as Sample;
  const sorted = [...frames].sort((a, b) => a - b);
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const r = (n: number) => Number(n.toFixed(1));
  return {
    fps: r(frames.length / (WINDOW_MS / 1000)),
    frame_p50_ms: r(p(0.5)),
    frame_p95_ms: r(p(0.95)),
    frames_over_50ms: frames.filter((f) => f > 50).length,
    long_tasks: longTasks.length,
    long_task_ms_total: r(longTasks.reduce((a, b) => a + b, 0)),
    long_task_ms_max: r(Math.max(0, ...longTasks)),
  };
}

/** One soak sample: the window's figures, then heap and DOM after a collection. */
async function soakSample(page: Page, cdp: CDPSession, minute: number): Promise<Figures> {
  const figures = await measure(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const dom = (await cdp.send('Memory.getDOMCounters')) as { nodes: number; jsEventListeners: number };
  return {
    minute,
    fps: figures.fps!,
    frame_p95_ms: figures.frame_p95_ms!,
    long_tasks: figures.long_tasks!,
    heap_mb: Number((heap.usedSize / 1048576).toFixed(2)),
    dom_nodes: dom.nodes,
    listeners: dom.jsEventListeners,
  };
}

/** Keeps the slowed screen open `minutes`, one sample a minute (the first at once). */
async function soak(page: Page, cdp: CDPSession, minutes: number): Promise<Figures> {
  const started = Date.now();
  const samples: Figures[] = [];
  for (let minute = 0; minute <= minutes; minute++) {
    const due = started + minute * 60_000;
    if (Date.now() < due) await page.waitForTimeout(due - Date.now());
    const sample = await soakSample(page, cdp, minute);
    samples.push(sample);
    console.log(`soak ${JSON.stringify(sample)}`);
  }
  const first = samples[0]!;
  const last = samples.at(-1)!;
  return {
    soak_minutes: minutes,
    soak_fps_first: first.fps!,
    soak_fps_last: last.fps!,
    soak_fps_min: Math.min(...samples.map((x) => Number(x.fps))),
    soak_heap_mb_first: first.heap_mb!,
    soak_heap_mb_last: last.heap_mb!,
    soak_heap_mb_per_hour: Number(((Number(last.heap_mb) - Number(first.heap_mb)) * (60 / Math.max(1, minutes))).toFixed(2)),
    soak_dom_nodes_first: first.dom_nodes!,
    soak_dom_nodes_last: last.dom_nodes!,
    soak_listeners_first: first.listeners!,
    soak_listeners_last: last.listeners!,
  };
}

export async function tradeScreenBench(): Promise<Figures> {
  execFileSync('node', ['scripts/build-if-needed.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const db = await openPglite(null);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kestrel-bench-'));
  const app = await buildApp({
    db,
    clock: systemClock,
    dataDir,
    seed: 'bench',
    marketHz: 10,
    historyDays: 2,
    devOutbox: false,
    scryptLogN: 14,
    distDir: path.join(ROOT, 'dist'),
  });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.fastify.server.address() as { port: number }).port}`;
  const api = async (p: string, body: Record<string, string>, token?: string, method = 'POST') => {
    const url = new URL(`${base}/api${p}`);
    if (method === 'GET') for (const [k, v] of Object.entries(body)) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: method === 'GET' ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { type: string; message: unknown };
    if (json.type !== 'ok') throw new Error(`${p}: ${String(json.message)}`);
    return json.message;
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const token = (await api('/user/login', { user_string: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password })) as string;
    await api('/wallet/change', { currency_id: '3', number: '3000', from_field: 'change', to_field: 'lever' }, token);
    for (const [pair, type] of [
      ['1', '1'],
      ['2', '2'],
      ['1', '2'],
    ] as const)
      await api('/lever/submit', { match_id: pair, type, share: '1', multiple: '10' }, token);

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    // A string, so this Node project needs no DOM types: runs in the page before the app.
    await context.addInitScript(`localStorage.setItem('version', '1'); localStorage.setItem('token', ${JSON.stringify(token)});`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Each page loads at full speed, then runs its window slowed down: what is measured is the
    // steady state of a screen kept open, not its start.
    const slow = (rate: number) => cdp.send('Emulation.setCPUThrottlingRate', { rate });

    await page.goto(`${base}/#/pages/common/about`);
    await page.waitForSelector('nav, main');
    await page.waitForTimeout(3000);
    await slow(CPU_SLOWDOWN);
    const quiet = await measure(page);
    await slow(1);

    await page.goto(`${base}/#/pages/transaction/contract?symbol=BTC%2FUSDT`);
    await page.waitForSelector('[data-testid="book-bid"]', { state: 'attached', timeout: 60_000 });
    await page.waitForSelector('canvas', { state: 'attached', timeout: 60_000 });
    await page.waitForTimeout(3000);
    await slow(CPU_SLOWDOWN);
    const trade = await measure(page);
    if (TRACE) await recordTrace(cdp, page, TRACE_MS);
    const soaked = SOAK_MINUTES > 0 ? await soak(page, cdp, SOAK_MINUTES) : {};
    await slow(1);

    return {
      cpu_slowdown: `${CPU_SLOWDOWN}x`,
      window_s: WINDOW_MS / 1000,
      ...Object.fromEntries(Object.entries(trade).map(([k, v]) => [`trade_screen_${k}`, v])),
      ...Object.fromEntries(Object.entries(quiet).map(([k, v]) => [`baseline_about_${k}`, v])),
      ...soaked,
    };
  } finally {
    await browser.close();
    await app.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
