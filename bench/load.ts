/**
 * B7 load: (a) the JavaScript each main route needs before it renders, gzip, from the built
 * app's chunk graph (dist/.vite/manifest.json: the entry and its static imports, plus the
 * route's lazy page chunk and its static imports), and whether lightweight-charts is among it
 * (it should arrive only with the lazy chart); (b) Lighthouse-style figures of a cold load in
 * Chromium under a mobile network (CDP: Slow 4G, 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up,
 * cache disabled) and 4× CPU: FCP, LCP and TBT for the home route and the futures contract page.
 *
 * Baseline in the same run: a tiny static page (~3 KB of HTML, no script) from a loopback
 * server under the same throttling: the floor of FCP/LCP on that network.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser, phonePage } from './lib/browser';
import { ROOT, startServer } from './lib/server';
import { round } from './lib/stats';
import type { Bench, BenchContext, BenchResult, Figure } from './lib/types';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The main routes: hash path and the page module the router loads lazily for it. */
export const ROUTES = [
  { name: 'home', hash: '#/', page: 'src/pages/index/HomePage.tsx' },
  { name: 'market', hash: '#/pages/market/market', page: 'src/pages/market/MarketPage.tsx' },
  { name: 'contract', hash: '#/pages/transaction/contract?symbol=BTC%2FUSDT', page: 'src/pages/futures/ContractPage.tsx' },
  { name: 'assets', hash: '#/pages/fund/assets', page: 'src/pages/funds/AssetsPage.tsx' },
] as const;

const DIST = path.join(ROOT, 'dist');

/** Manifest keys reachable from `key` by static imports (the chunk itself included). */
function staticClosure(m: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !m[key]) return into;
  into.add(key);
  for (const i of m[key].imports ?? []) staticClosure(m, i, into);
  return into;
}

const gzCache = new Map<string, { raw: number; gz: number; chart: boolean }>();
/** Raw and gzip (level 9) bytes of a built file, and whether its source map names lightweight-charts. */
async function sizeOf(file: string): Promise<{ raw: number; gz: number; chart: boolean }> {
  const known = gzCache.get(file);
  if (known) return known;
  const body = await readFile(path.join(DIST, file));
  let chart = false;
  try {
    const map = JSON.parse(await readFile(path.join(DIST, `${file}.map`), 'utf8')) as { sources?: string[] };
    chart = (map.sources ?? []).some((s) => s.includes('node_modules/lightweight-charts'));
  } catch {
    chart = body.includes('lightweight-charts');
  }
  const out = { raw: body.length, gz: gzipSync(body, { level: 9 }).length, chart };
  gzCache.set(file, out);
  return out;
}

interface RouteSize {
  route: string;
  files: number;
  raw_kib: number;
  gzip_kib: number;
  chart_in_first_route: boolean;
}

async function routeSizes(): Promise<{ rows: RouteSize[]; entryGz: number; chartGz: number; workerGz: number }> {
  const manifest = JSON.parse(await readFile(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('no entry in dist/.vite/manifest.json');
  const entry = staticClosure(manifest, entryKey);
  const sum = async (keys: Iterable<string>) => {
    let raw = 0;
    let gz = 0;
    let chart = false;
    const files = [...new Set([...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')))];
    for (const f of files) {
      const s = await sizeOf(f);
      raw += s.raw;
      gz += s.gz;
      chart ||= s.chart;
    }
    return { raw, gz, chart, files: files.length };
  };
  const rows: RouteSize[] = [];
  const e = await sum(entry);
  rows.push({ route: 'entry alone (index.html)', files: e.files, raw_kib: kib(e.raw), gzip_kib: kib(e.gz), chart_in_first_route: e.chart });
  for (const r of ROUTES) {
    if (!manifest[r.page]) throw new Error(`${r.page} is not a chunk in the manifest`);
    const s = await sum(new Set([...entry, ...staticClosure(manifest, r.page)]));
    rows.push({ route: r.name, files: s.files, raw_kib: kib(s.raw), gzip_kib: kib(s.gz), chart_in_first_route: s.chart });
  }
  // The chart's lazy chunk(s): what arrives when the chart is shown.
  const chartKeys = Object.keys(manifest).filter((k) => k.endsWith('chart/KlineChart.tsx'));
  const chartOnly = new Set(chartKeys.flatMap((k) => [...staticClosure(manifest, k)]).filter((k) => !entry.has(k)));
  const chart = await sum(chartOnly);
  // The worker is built as its own file, outside the manifest; the entry starts it by URL.
  const entryCode = await readFile(path.join(DIST, manifest[entryKey]!.file), 'utf8');
  const workerUrl = /new Worker\(new URL\(`?["'`]?\/?(assets\/[\w.-]+\.js)/.exec(entryCode)?.[1];
  const workerGz = workerUrl ? (await sizeOf(workerUrl)).gz : NaN;
  return { rows, entryGz: e.gz, chartGz: chart.gz, workerGz };
}

const kib = (bytes: number) => round(bytes / 1024, 1);

/** Slow 4G as Lighthouse's mobile preset: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU = 4;

/** Records paints, LCP and long tasks from the first byte (installed before any script). */
const OBSERVE = `(() => {
  const v = (window.__vitals = { lcp: 0, longTasks: [] });
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) v.lcp = Math.max(v.lcp, e.startTime); }).observe({ type: 'largest-contentful-paint', buffered: true }); } catch {}
  try { new PerformanceObserver((l) => { for (const e of l.getEntries()) v.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true }); } catch {}
})()`;

interface Vitals {
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  long_tasks: number;
  load_ms: number;
}

/** A cold load of `url` in a fresh context (its own empty cache): waits for `load`, then until `quietMs` pass without a long task (at most `capMs`). */
async function coldLoad(browser: Browser, url: string, quietMs: number, capMs: number): Promise<Vitals> {
  const p = await phonePage(browser);
  try {
    await p.context.addInitScript(OBSERVE);
    await p.cdp.send('Network.enable');
    await p.cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await p.cdp.send('Network.emulateNetworkConditions', NETWORK);
    await p.throttle(CPU);
    await p.page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const start = Date.now();
    let lastCount = -1;
    let quietSince = Date.now();
    while (Date.now() - start < capMs) {
      await p.page.waitForTimeout(500);
      const n = (await p.page.evaluate('window.__vitals.longTasks.length')) as number;
      if (n !== lastCount) {
        lastCount = n;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= quietMs) break;
    }
    const r = (await p.page.evaluate(`(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const nav = performance.getEntriesByType('navigation')[0];
      return { fcp: fcp ? fcp.startTime : NaN, lcp: window.__vitals.lcp, longTasks: window.__vitals.longTasks, load: nav ? nav.loadEventEnd : NaN };
    })()`)) as { fcp: number; lcp: number; longTasks: [number, number][]; load: number };
    // TBT: the part over 50 ms of every long task that starts after FCP (Lighthouse ends at TTI; here at the quiet period).
    const blocking = r.longTasks.filter(([t]) => t >= r.fcp);
    return {
      fcp_ms: Math.round(r.fcp),
      lcp_ms: Math.round(r.lcp || r.fcp),
      tbt_ms: Math.round(blocking.reduce((s, [, d]) => s + Math.max(0, d - 50), 0)),
      long_tasks: blocking.length,
      load_ms: Math.round(r.load),
    };
  } finally {
    await p.context.close();
  }
}

/** The floor: a few KB of static HTML, no script, from its own loopback server. */
const FLOOR_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>floor</title>
<style>body{font:16px system-ui,sans-serif;margin:16px}h1{font-size:24px}</style></head><body><h1>Kestrel</h1>${'<p>A static page of a few kilobytes: the floor of first paint on this network and CPU.</p>'.repeat(30)}</body></html>`;

/** Also B10's baseline (bench/lighthouse.ts). */
export function floorServer(): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve) => {
    const s = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(FLOOR_HTML);
    });
    s.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(s.address() as { port: number }).port}/`,
        close: () => new Promise<void>((r) => s.close(() => r())),
      }),
    );
  });
}

async function run(ctx: BenchContext): Promise<BenchResult> {
  const quietMs = ctx.quick ? 2500 : 5000;
  const capMs = ctx.quick ? 8000 : 15_000;
  ctx.log('building the client if needed, sizing the routes');
  const server = await startServer({ client: true });
  const floor = await floorServer();
  try {
    const sizes = await routeSizes();
    ctx.log('cold loads (Slow 4G, 4× CPU)');
    const browser = await launchBrowser();
    let base: Vitals, home: Vitals, contract: Vitals;
    try {
      base = await coldLoad(browser, floor.url, quietMs, capMs);
      home = await coldLoad(browser, `${server.url}/${ROUTES[0].hash}`, quietMs, capMs);
      contract = await coldLoad(browser, `${server.url}/${ROUTES[2].hash}`, quietMs, capMs);
    } finally {
      await browser.close();
    }
    const byRoute = Object.fromEntries(sizes.rows.map((r) => [r.route, r]));
    const row = (label: string, route: string | null, v: Vitals | null): Figure[] => {
      const s = route ? byRoute[route] : undefined;
      return [
        label,
        s ? s.gzip_kib : '',
        s ? s.raw_kib : '',
        s ? s.files : '',
        s ? (s.chart_in_first_route ? 'yes' : 'no') : '',
        v ? v.fcp_ms : '',
        v ? v.lcp_ms : '',
        v ? v.tbt_ms : '',
        v ? v.long_tasks : '',
        v ? v.load_ms : '',
      ];
    };
    const rows: Figure[][] = [
      row('static page, 3 KB HTML (baseline)', null, base),
      row('entry alone', 'entry alone (index.html)', null),
      row('home #/', 'home', home),
      row('market', 'market', null),
      row('futures contract (BTC/USDT)', 'contract', contract),
      row('assets', 'assets', null),
    ];
    const firstRoute = byRoute.home!;
    return {
      conditions: {
        network: 'Slow 4G: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, cache off',
        cpu_throttle: `${CPU}x`,
        viewport: '390x844',
        tbt_window: `FCP to ${quietMs / 1000} s without a long task (cap ${capMs / 1000} s after load)`,
        gzip: 'level 9, JS only',
        chart_lazy_gzip_kib: kib(sizes.chartGz),
        worker_gzip_kib: kib(sizes.workerGz),
      },
      table: {
        columns: ['case', 'JS gzip KiB', 'JS raw KiB', 'JS files', 'chart in it', 'FCP ms', 'LCP ms', 'TBT ms', 'long tasks', 'load ms'],
        rows,
      },
      headline: {
        first_route_gzip_kib: firstRoute.gzip_kib,
        contract_route_gzip_kib: byRoute.contract!.gzip_kib,
        chart_in_first_route: firstRoute.chart_in_first_route ? 'yes' : 'no',
        home_tbt_ms: home.tbt_ms,
        contract_tbt_ms: contract.tbt_ms,
        home_fcp_ms: home.fcp_ms,
        home_lcp_ms: home.lcp_ms,
        floor_fcp_ms: base.fcp_ms,
      },
      detail: { sizes: sizes.rows, vitals: { floor: base, home, contract } },
    };
  } finally {
    await floor.close();
    await server.close();
  }
}

export const load: Bench = {
  name: 'load',
  id: 'B7',
  title: 'first-route JavaScript per route (gzip) and a cold load under Slow 4G and 4× CPU (FCP, LCP, TBT)',
  baseline: 'a 3 KB static HTML page under the same network and CPU throttling (the FCP floor)',
  targets: [
    { figure: 'first_route_gzip_kib', op: '<=', value: 150, label: 'first route ≤ 150 KiB gzip' },
    { figure: 'home_tbt_ms', op: '<=', value: 150, label: 'TBT ≤ 150 ms' },
    { figure: 'contract_tbt_ms', op: '<=', value: 150, label: 'TBT ≤ 150 ms' },
  ],
  browser: true,
  run,
};
