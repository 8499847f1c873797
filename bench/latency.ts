/**
 * B5 latency: a quote's server emit time → its price painted in the market list, at 1× and 4×
 * CPU throttling.
 *
 * What is measured, exactly: the bench feed stamps every quote with `ts = Date.now()` in the
 * server process just before it publishes the batch (the hub numbers it, socket.io sends it);
 * the bench records in Node every (symbol, price, ts) it sent. In the page, a MutationObserver
 * on the market list sees each new price text of a row on screen; the time taken is the start
 * of the next rendering frame after that mutation (a requestAnimationFrame callback's
 * `performance.timeOrigin + performance.now()`, corrected by the page's measured offset to
 * `Date.now()`), i.e. the frame that paints it, before its own style/layout/paint. The text is
 * mapped back to the latest quote of that symbol with that price sent no later than the paint.
 * A price the worker conflated away (a newer one arrived within the same snapshot interval) is
 * never painted and not counted: each sample is a price that reached the screen.
 *
 * Baseline in the same page, at the same time, from the same ticks: a main-thread socket.io
 * client (the library's browser build evaluated in the page) subscribed to `quotes`, writing each
 * message's price into a DOM node per symbol as it arrives, timed the same way: the floor of
 * delivery without the worker, the snapshot interval and React.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser, phonePage, type PhonePage } from './lib/browser';
import type { MarketTick } from '../server/market/MarketSource';
import { startFeed } from './lib/feed';
import { ROOT, startServer } from './lib/server';
import { quantiles, round } from './lib/stats';
import type { Bench, BenchContext, Figure } from './lib/types';
import { openMarketList } from './scroll';

const SYMBOLS = 200;
/** Quotes per second over the synthetic pairs: each one is re-quoted every 0.2 s. */
const QUOTES_PER_S = 1000;
const ROW_HEIGHT = 64;

/** The page's recorder: the app's painted prices and the baseline's, with their frame times. */
const RECORDER = (symbols: readonly string[]) => `(() => {
  const visible = new Set(${JSON.stringify(symbols)});
  const rec = (window.__lat = { app: [], base: [], snap: [], visible, on: false });
  let pending = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const t = performance.timeOrigin + performance.now();
    if (rec.on) for (const p of pending) rec[p[0]].push([p[1], p[2], t]);
    pending = [];
  };
  const seen = (kind, symbol, text) => {
    pending.push([kind, symbol, text]);
    if (!scheduled) { scheduled = true; requestAnimationFrame(flush); }
  };
  window.__latSeen = seen;
  const priceOf = (node) => {
    const el = node.nodeType === 1 ? node : node.parentElement;
    return el && el.closest('[data-testid="price"]');
  };
  new MutationObserver((list) => {
    for (const m of list) {
      const nodes = m.type === 'characterData' ? [m.target] : [...m.addedNodes];
      for (const n of nodes) {
        const price = priceOf(n);
        if (!price) continue;
        const row = price.closest('[data-symbol]');
        const symbol = row && row.dataset.symbol;
        if (symbol && visible.has(symbol)) seen('app', symbol, price.textContent);
      }
    }
  }).observe(document.querySelector('[data-testid="market-list"]'), { childList: true, subtree: true, characterData: true });
})()`;

/**
 * Installed before the app loads: stamps each worker snapshot as it reaches the main thread
 * (the app's snapshot port is a MessagePort whose `onmessage` it sets), with the price texts it
 * carries for the watched rows, so the app's latency splits into delivery (socket, worker,
 * snapshot interval) and rendering (React, the next frame).
 */
const SNAPSHOT_STAMP = `(() => {
  const desc = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true,
    get() { return desc.get.call(this); },
    set(fn) {
      desc.set.call(this, typeof fn !== 'function' ? fn : function (e) {
        const rec = window.__lat;
        const d = e.data;
        if (rec && rec.on && d && d.tickers) {
          const t = performance.timeOrigin + performance.now();
          for (const k in d.tickers) if (rec.visible.has(k) && d.tickers[k].priceText !== undefined) rec.snap.push([k, d.tickers[k].priceText, t]);
        }
        return fn.call(this, e);
      });
    },
  });
})()`;

/** The baseline: socket.io on the main thread, one DOM node per symbol written per message. */
const BASELINE = (symbols: readonly string[]) => `(() => {
  const box = document.createElement('div');
  box.style.cssText = 'position:fixed;left:0;bottom:0;width:96px;height:14px;overflow:hidden;font-size:10px;background:#fff;color:#000;z-index:99';
  const nodes = {};
  for (const s of ${JSON.stringify(symbols)}) { const n = document.createElement('span'); nodes[s] = n; box.appendChild(n); }
  document.body.appendChild(box);
  const socket = io(location.origin, { path: '/socket.io', transports: ['websocket'] });
  socket.on('connect', () => socket.emit('sub', ['quotes'], () => {}));
  socket.on('m', (m) => {
    if (m.topic !== 'quotes') return;
    for (const t of m.data) {
      const n = nodes[t.symbol];
      if (!n) continue;
      n.textContent = t.price;
      window.__latSeen('base', t.symbol, t.price);
    }
  });
  window.__latSocket = socket;
})()`;

type Sample = [symbol: string, text: string, paintedAt: number];

interface Sent {
  digits: string;
  ts: number;
}

interface Measured {
  latencies: number[];
  unmatched: number;
}

/** Maps each painted text to the latest quote of its symbol with that price sent before it was painted. */
function match(samples: readonly Sample[], sent: ReadonlyMap<string, Sent[]>, offset: number): Measured {
  const latencies: number[] = [];
  let unmatched = 0;
  for (const [symbol, text, at] of samples) {
    const painted = at + offset;
    const digits = text.replace(/\D/g, '');
    const list = sent.get(symbol) ?? [];
    let hit: Sent | undefined;
    for (let i = list.length - 1; i >= 0; i--) {
      const s = list[i]!;
      if (s.ts <= painted && s.digits === digits) {
        hit = s;
        break;
      }
    }
    if (hit) latencies.push(painted - hit.ts);
    else unmatched++;
  }
  return { latencies, unmatched };
}

const row = (name: string, m: Measured): Figure[] => {
  const q = quantiles(m.latencies);
  return [name, q.n, round(q.p50, 1), round(q.p95, 1), round(q.p99, 1), round(q.max, 1), m.unmatched];
};

async function window_(p: PhonePage, ms: number): Promise<{ app: Sample[]; base: Sample[]; snap: Sample[] }> {
  await p.page.evaluate(`(() => { window.__lat.app = []; window.__lat.base = []; window.__lat.snap = []; window.__lat.on = true; })()`);
  await p.page.waitForTimeout(ms);
  return (await p.page.evaluate(
    `(() => { window.__lat.on = false; return { app: window.__lat.app, base: window.__lat.base, snap: window.__lat.snap }; })()`,
  )) as {
    app: Sample[];
    base: Sample[];
    snap: Sample[];
  };
}

export const latency: Bench = {
  name: 'latency',
  id: 'B5',
  title: `server emit → price painted in the market list (${QUOTES_PER_S} quotes/s over ${SYMBOLS} pairs), 1× and 4× CPU`,
  baseline: 'a main-thread socket.io client in the same page, same ticks, writing each price into a DOM node per message',
  targets: [{ figure: 'p99_ms_1x', op: '<=', value: 50, label: '≤ 50 ms p99 at 1×' }],
  browser: true,
  async run(ctx: BenchContext) {
    const ms = ctx.quick ? 3000 : 15_000;
    const server = await startServer({ client: true, quietMarket: true });
    // What was sent: every quote's symbol, price and emit time, recorded as it is published.
    const sent = new Map<string, Sent[]>();
    const market = server.app.market;
    const publish = market.publish.bind(market);
    market.publish = (tick: MarketTick) => {
      for (const t of tick.tickers) {
        const list = sent.get(t.symbol) ?? [];
        list.push({ digits: t.price.replace(/\D/g, ''), ts: t.ts });
        if (list.length > 400) list.splice(0, 200);
        sent.set(t.symbol, list);
      }
      publish(tick);
    };
    const feed = startFeed(market, { symbols: SYMBOLS, ticksPerSecond: QUOTES_PER_S, mix: { quotes: 1, depth: 0, trades: 0 } });
    const browser = await launchBrowser();
    try {
      const p = await phonePage(browser);
      await p.context.addInitScript(SNAPSHOT_STAMP);
      const rows = await openMarketList(p, server, feed, ctx.log, SYMBOLS);
      // The real pairs come first (they are quiet here): scroll to the first synthetic row.
      const firstSynthetic = (rows - SYMBOLS) * ROW_HEIGHT;
      await p.page.evaluate(
        `(() => { const l = document.querySelector('[data-testid="market-list"]'); let el = l.parentElement; while (el && !/(auto|scroll)/.test(getComputedStyle(el).overflowY)) el = el.parentElement; el.scrollTop = ${firstSynthetic}; })()`,
      );
      await p.page.waitForTimeout(500);
      // The rows fully on screen (under the sticky header, above the baseline's strip).
      const visible = (await p.page.evaluate(
        `(() => { const head = document.querySelector('[data-testid="market-list"]').parentElement.querySelector('div').getBoundingClientRect().bottom; return [...document.querySelectorAll('[data-testid="market-list"] [data-symbol]')].filter((r) => { const b = r.getBoundingClientRect(); return b.top >= head - 1 && b.bottom <= innerHeight - 14; }).map((r) => r.dataset.symbol).filter((s) => s.startsWith('X')); })()`,
      )) as string[];
      ctx.log(`watching ${visible.length} rows on screen: ${visible[0]}…${visible.at(-1)}`);
      await p.page.evaluate(RECORDER(visible));
      // The library's browser build, evaluated (the app's CSP refuses an added <script>; CDP's evaluate is not a page script).
      await p.page.evaluate(await readFile(path.join(ROOT, 'node_modules/socket.io-client/dist/socket.io.min.js'), 'utf8'));
      await p.page.evaluate(BASELINE(visible));
      const offset = Number(await p.page.evaluate(`Date.now() - (performance.timeOrigin + performance.now())`));
      await p.page.waitForTimeout(1000);

      const results: Record<string, { app: Measured; base: Measured; snap: Measured }> = {};
      for (const rate of [1, 4]) {
        await p.throttle(rate);
        await p.page.waitForTimeout(1000);
        ctx.log(`${ms / 1000} s at ${rate}× CPU`);
        const w = await window_(p, ms);
        results[rate] = { app: match(w.app, sent, offset), base: match(w.base, sent, offset), snap: match(w.snap, sent, offset) };
      }
      await p.throttle(1);
      const s = feed.sent();
      const q = (rate: number, side: 'app' | 'base' | 'snap') => quantiles(results[rate]![side].latencies);
      return {
        conditions: {
          quotes_per_s: round(s.ticks / s.seconds, 0),
          symbols: SYMBOLS,
          rows_watched: visible.length,
          window_s: ms / 1000,
          page_clock_offset_ms: round(offset, 2),
          painted: 'next requestAnimationFrame after the DOM mutation',
        },
        table: {
          columns: ['case', 'samples', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'unmatched'],
          rows: [
            row('1×: main-thread socket.io, DOM per message (baseline)', results[1]!.base),
            row('1×: app, emit → snapshot on the main thread', results[1]!.snap),
            row('1×: app (worker, snapshots, React)', results[1]!.app),
            row('4×: main-thread socket.io, DOM per message (baseline)', results[4]!.base),
            row('4×: app, emit → snapshot on the main thread', results[4]!.snap),
            row('4×: app (worker, snapshots, React)', results[4]!.app),
          ],
        },
        headline: {
          p50_ms_1x: round(q(1, 'app').p50, 1),
          p99_ms_1x: round(q(1, 'app').p99, 1),
          p50_ms_4x: round(q(4, 'app').p50, 1),
          p99_ms_4x: round(q(4, 'app').p99, 1),
          snapshot_p99_ms_1x: round(q(1, 'snap').p99, 1),
          baseline_p99_ms_1x: round(q(1, 'base').p99, 1),
          baseline_p99_ms_4x: round(q(4, 'base').p99, 1),
        },
      };
    } finally {
      feed.stop();
      await browser.close();
      await server.close();
    }
  },
};
