/**
 * B6 soak: the contract page kept open at 5× its normal feed, with a forced reconnect every few
 * minutes, sampled each minute after a forced collection: the page's JS heap AND the worker's
 * (CDP `Runtime.getHeapUsage` on both targets: the page's CDP session auto-attaches to the
 * dedicated worker, flatten off, and talks to it with `Target.sendMessageToTarget`), DOM nodes
 * and listeners, and a 5 s window of busy share and frame p95. Heap growth per hour is the
 * least-squares slope of the samples. Baseline: the app's About page (same browser, same feed,
 * same sampling) at the start and at the end of the run.
 *
 * Normal feed = what the contract page receives from the simulator at 10 Hz (quotes, the
 * BTC/USDT book and tape), counted on a socket for 3 s at the start; the bench feed adds 4× that,
 * so the page gets 5×. A reconnect closes every socket's transport on the server (what a network
 * drop looks like to the client: `transport close`), so the worker reconnects and resyncs.
 */
import type { Browser, CDPSession } from 'playwright-core';
import { io } from 'socket.io-client';
import { launchBrowser, measureWindow, pageMemory, phonePage, type PhonePage } from './lib/browser';
import { startFeed, type Feed } from './lib/feed';
import { startServer, type BenchServer } from './lib/server';
import { round, sleep, slope } from './lib/stats';
import type { Bench, Figure } from './lib/types';
import { ABOUT_PATH, CONTRACT_PATH, contractReady, demoWithPositions } from './screen';

const CPU_SLOWDOWN = 4;
/** Each sample's window of busy share and frames (shorter in a quick run, which must stay short). */
let SAMPLE_WINDOW_MS = 5_000;
let SETTLE_MS = 3_000;
const FEED_FACTOR = 5;

/** Ticks per second a contract page receives from the simulator alone (quotes, levels, trades). */
async function normalRate(url: string, ms = 3_000): Promise<number> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'] });
  let ticks = 0;
  let counting = false;
  socket.on('m', (msg: { data: unknown }) => {
    if (!counting) return;
    const d = msg.data as unknown[] | { bids: unknown[]; asks: unknown[] };
    ticks += Array.isArray(d) ? d.length : d.bids.length + d.asks.length;
  });
  await new Promise<void>((resolve) =>
    socket.on('connect', () => socket.emit('sub', ['quotes', 'depth:BTC/USDT', 'trades:BTC/USDT'], () => resolve())),
  );
  counting = true;
  await sleep(ms);
  socket.close();
  return round(ticks / (ms / 1000), 0);
}

/**
 * The dedicated worker's heap after a collection, through the page's CDP session: auto-attach
 * (flatten off) reports the worker with a session id, and commands go to it as messages.
 */
async function workerHeap(cdp: CDPSession): Promise<(() => Promise<number>) | null> {
  let sessionId: string | null = null;
  let next = 0;
  const pending = new Map<number, (result: unknown) => void>();
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker') sessionId = e.sessionId;
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as { id?: number; result?: unknown; error?: unknown };
    if (m.id !== undefined) pending.get(m.id)?.(m.result ?? m.error);
    if (m.id !== undefined) pending.delete(m.id);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  for (let i = 0; i < 50 && !sessionId; i++) await sleep(100);
  if (!sessionId) return null;
  const send = (method: string) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++next;
      pending.set(id, resolve);
      setTimeout(() => pending.has(id) && (pending.delete(id), reject(new Error(`worker ${method}: no answer`))), 10_000);
      void cdp.send('Target.sendMessageToTarget', { sessionId: sessionId!, message: JSON.stringify({ id, method, params: {} }) });
    });
  return async () => {
    await send('HeapProfiler.collectGarbage');
    const { usedSize } = (await send('Runtime.getHeapUsage')) as { usedSize: number };
    return round(usedSize / 2 ** 20, 2);
  };
}

interface Sample {
  minute: number;
  heap_mb: number;
  worker_heap_mb: number | string;
  dom_nodes: number;
  listeners: number;
  busy_pct: number;
  frame_p95_ms: number;
  reconnects: number;
}

/** One sample of a page: a short window at 4×, then heap and DOM after a collection. */
async function sample(p: PhonePage, worker: (() => Promise<number>) | null, minute: number, reconnects: number): Promise<Sample> {
  const w = await measureWindow(p, SAMPLE_WINDOW_MS);
  const mem = await pageMemory(p);
  return {
    minute: round(minute, 2),
    heap_mb: mem.heap_mb,
    worker_heap_mb: worker ? await worker().catch(() => 'n/a') : 'n/a',
    dom_nodes: mem.dom_nodes,
    listeners: mem.listeners,
    busy_pct: w.busy_pct,
    frame_p95_ms: w.frame_p95_ms,
    reconnects,
  };
}

/** The About page in a fresh context, settled, throttled, sampled once (the baseline). */
async function aboutSample(browser: Browser, server: BenchServer, token: string, minute: number): Promise<Sample> {
  const p = await phonePage(browser, { token });
  try {
    await p.page.goto(`${server.url}${ABOUT_PATH}`);
    await p.page.waitForSelector('nav, main');
    await p.page.waitForTimeout(SETTLE_MS);
    await p.throttle(CPU_SLOWDOWN);
    const worker = await workerHeap(p.cdp);
    return await sample(p, worker, minute, 0);
  } finally {
    await p.context.close();
  }
}

/** Closes every socket's transport on the server: the clients see a network drop and reconnect. */
function dropSockets(server: BenchServer): number {
  const sockets = [...server.app.hub.io.of('/').sockets.values()];
  for (const s of sockets) s.conn.close();
  return sockets.length;
}

const row = (label: string, s: Sample): Figure[] => [
  label,
  s.minute,
  s.heap_mb,
  s.worker_heap_mb,
  s.dom_nodes,
  s.listeners,
  s.busy_pct,
  s.frame_p95_ms,
  s.reconnects,
];

export const soak: Bench = {
  name: 'soak',
  id: 'B6',
  title: 'the contract screen kept open at 5× the normal feed, a forced reconnect every few minutes: heap, DOM, listeners over time',
  baseline: "the app's About page, sampled the same way (page and worker heap after GC, DOM) at the start and at the end",
  targets: [{ figure: 'heap_growth_mb_per_hour', op: '<=', value: 5, label: '≤ 5 MB/hour heap growth' }],
  browser: true,
  async run(ctx) {
    const minutes = Math.max(1, ctx.soakMinutes);
    SAMPLE_WINDOW_MS = ctx.quick ? 2_000 : 5_000;
    SETTLE_MS = ctx.quick ? 2_000 : 3_000;
    // Every 3 minutes on a long soak; every minute on a short one (so even 1 minute sees one).
    const reconnectEvery = minutes >= 9 ? 3 : 1;
    const server = await startServer({ client: true, historyDays: 2 });
    let browser: Browser | null = null;
    let feed: Feed | null = null;
    try {
      const token = await demoWithPositions(server);
      const normal = await normalRate(server.url, ctx.quick ? 2_000 : 3_000);
      const extra = Math.max(1, normal * (FEED_FACTOR - 1));
      ctx.log(`normal feed ${normal} ticks/s (simulator, 10 Hz); bench feed adds ${extra} ticks/s (${FEED_FACTOR}× in all)`);
      feed = startFeed(server.app.market, { ticksPerSecond: extra });
      browser = await launchBrowser();

      const aboutStart = await aboutSample(browser, server, token, 0);
      ctx.log(`About page (start): ${JSON.stringify(aboutStart)}`);

      const p = await phonePage(browser, { token });
      const samples: Sample[] = [];
      let reconnects = 0;
      let dropped = 0;
      try {
        await p.page.goto(`${server.url}${CONTRACT_PATH}`);
        await contractReady(p.page);
        await p.page.waitForTimeout(SETTLE_MS);
        await p.throttle(CPU_SLOWDOWN);
        const worker = await workerHeap(p.cdp);
        if (!worker) ctx.log('worker target not found: worker heap n/a');
        const started = Date.now();
        const at = (minute: number) => started + minute * 60_000;
        for (let minute = 0; minute <= minutes; minute++) {
          if (Date.now() < at(minute)) await sleep(at(minute) - Date.now());
          const s = await sample(p, worker, (Date.now() - started) / 60_000, reconnects);
          samples.push(s);
          ctx.log(`soak ${JSON.stringify(s)}`);
          if (minute < minutes && minute % reconnectEvery === 0) {
            // Half-way to the next sample: drop every socket, the page must reconnect and resync.
            const mid = at(minute + 0.5);
            if (Date.now() < mid) await sleep(mid - Date.now());
            dropped += dropSockets(server);
            reconnects++;
          }
        }
        // The page resynced after the last drop: its book still shows rows.
        await contractReady(p.page);
      } finally {
        await p.context.close();
      }
      const aboutEnd = await aboutSample(browser, server, token, minutes);
      ctx.log(`About page (end): ${JSON.stringify(aboutEnd)}`);

      const perHour = (pick: (s: Sample) => number | string) => {
        const pts = samples.filter((s) => typeof pick(s) === 'number').map((s) => [s.minute, pick(s) as number] as const);
        return pts.length >= 2 ? round(slope(pts) * 60, 2) : 'n/a';
      };
      const first = samples[0]!;
      const last = samples.at(-1)!;
      const growth: Sample = {
        minute: minutes,
        heap_mb: perHour((s) => s.heap_mb) as number,
        worker_heap_mb: perHour((s) => s.worker_heap_mb),
        dom_nodes: perHour((s) => s.dom_nodes) as number,
        listeners: perHour((s) => s.listeners) as number,
        busy_pct: NaN,
        frame_p95_ms: NaN,
        reconnects,
      };
      return {
        conditions: {
          minutes,
          cpu_slowdown: `${CPU_SLOWDOWN}x`,
          normal_ticks_per_s: normal,
          feed_ticks_per_s: `${normal} simulator + ${extra} bench (${FEED_FACTOR}x)`,
          reconnect_every_min: reconnectEvery,
          sample_window_s: SAMPLE_WINDOW_MS / 1000,
        },
        table: {
          columns: ['page', 'minute', 'page heap MB', 'worker heap MB', 'DOM nodes', 'listeners', 'busy %', 'frame p95 ms', 'reconnects'],
          rows: [
            row('About page, start (baseline)', aboutStart),
            row('About page, end (baseline)', aboutEnd),
            row('contract page, first sample', first),
            row('contract page, last sample', last),
            [...row('contract page, growth per hour (slope)', growth).slice(0, 6), '', '', reconnects],
          ],
        },
        headline: {
          heap_growth_mb_per_hour: growth.heap_mb,
          worker_heap_growth_mb_per_hour: growth.worker_heap_mb,
          dom_nodes_growth_per_hour: growth.dom_nodes,
          listeners_growth_per_hour: growth.listeners,
          baseline_heap_growth_mb: round(aboutEnd.heap_mb - aboutStart.heap_mb, 2),
          reconnects,
          sockets_dropped: dropped,
          heap_mb_last: last.heap_mb,
          worker_heap_mb_last: last.worker_heap_mb,
        },
        detail: { samples, about: { start: aboutStart, end: aboutEnd } },
      };
    } finally {
      feed?.stop();
      await browser?.close();
      await server.close();
    }
  },
};
