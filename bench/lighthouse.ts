/**
 * B10 lighthouse: Lighthouse 12 (pinned: 13 wants a newer Node than this project's 20) with its
 * default config, the mobile preset (a Moto G Power-sized screen, simulated Slow 4G: 150 ms RTT,
 * 1.6 Mbit/s down, 4× CPU), on the home route, the market list and the futures contract page,
 * two runs each (one with `--quick`), in Debian's Chromium. Each run is Lighthouse's own CLI in a
 * child process (its trace processing stays off the server's event loop) with a fresh Chromium
 * (chrome-launcher: new profile, cache and storage reset by Lighthouse).
 *
 * Baseline in the same run: B7's static page (a few KB of HTML, no script; bench/load.ts) under
 * the same Lighthouse settings, the score and paint floor on this machine. Beside it the app's own
 * floor: its About page, i.e. the same entry, router, i18n, worker and socket with nothing live on
 * screen, which no page of the app can beat without a smaller framework.
 *
 * Written per run: bench/results/lighthouse/<case>-<n>.json (the whole report) and
 * <case>-<n>.jpg (Lighthouse's final screenshot, to check the hash route really rendered).
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { floorServer, ROUTES } from './load';
import { ABOUT_PATH } from './screen';
import { RESULTS_DIR, ROOT, startServer } from './lib/server';
import { round } from './lib/stats';
import type { Bench, BenchContext, BenchResult, Figure } from './lib/types';

const run$ = promisify(execFile);
const LIGHTHOUSE_CLI = path.join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
const OUT_DIR = path.join(RESULTS_DIR, 'lighthouse');
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking';
const CASES = ['home', 'market', 'contract'] as const;

/** The parts of a Lighthouse result (LHR) this bench reads. */
interface Lhr {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  environment: { benchmarkIndex: number; hostUserAgent: string };
  categories: { performance: { score: number | null } };
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      details?: { items?: Record<string, unknown>[]; data?: string; overallSavingsBytes?: number };
    }
  >;
}

interface RunFigures {
  score: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  si_ms: number;
  tti_ms: number;
  js_wire_kib: number;
  total_wire_kib: number;
  /** Lighthouse's "enable text compression" audit: what it would save, KiB (0 = nothing left). */
  compression_savings_kib: number;
  final_url: string;
  lcp_element: string;
  /** Main-thread time by kind (ms), Lighthouse's breakdown under its simulated 4× CPU. */
  main_thread: Record<string, number>;
  /** The scripts with the most main-thread time (ms). */
  bootup: { url: string; total: number; scripting: number; parse: number }[];
  screenshot: string;
  benchmark_index: number;
}

const kib = (bytes: number) => round(bytes / 1024, 1);

/** The median, the mean of the middle two for an even count (two runs: their mean). */
function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function figures(lhr: Lhr, screenshot: string): RunFigures {
  const a = lhr.audits;
  const num = (id: string) => a[id]?.numericValue ?? NaN;
  const resources = (a['resource-summary']?.details?.items ?? []) as { resourceType: string; transferSize: number }[];
  const wire = (type: string) => resources.find((r) => r.resourceType === type)?.transferSize ?? NaN;
  const breakdown = (a['mainthread-work-breakdown']?.details?.items ?? []) as { group: string; duration: number }[];
  const bootup = (a['bootup-time']?.details?.items ?? []) as {
    url: string;
    total: number;
    scripting: number;
    scriptParseCompile: number;
  }[];
  // LCP element: a list of tables in Lighthouse 12; the first table's first item holds the node.
  const lcpDetails = a['largest-contentful-paint-element']?.details?.items ?? [];
  const firstTable = lcpDetails[0] as { items?: { node?: { selector?: string; nodeLabel?: string } }[] } | undefined;
  const node = firstTable?.items?.[0]?.node;
  return {
    score: Math.round((lhr.categories.performance.score ?? NaN) * 100),
    fcp_ms: Math.round(num('first-contentful-paint')),
    lcp_ms: Math.round(num('largest-contentful-paint')),
    tbt_ms: Math.round(num('total-blocking-time')),
    cls: round(num('cumulative-layout-shift'), 3),
    si_ms: Math.round(num('speed-index')),
    tti_ms: Math.round(num('interactive')),
    js_wire_kib: kib(wire('script')),
    total_wire_kib: kib(wire('total')),
    compression_savings_kib: kib(a['uses-text-compression']?.details?.overallSavingsBytes ?? 0),
    final_url: lhr.finalDisplayedUrl,
    lcp_element: node ? `${node.nodeLabel ?? ''} (${node.selector ?? ''})`.slice(0, 120) : 'n/a',
    main_thread: Object.fromEntries(breakdown.map((b) => [b.group, Math.round(b.duration)])),
    bootup: bootup.slice(0, 5).map((b) => ({
      url: b.url.replace(/^https?:\/\/[^/]+/, ''),
      total: Math.round(b.total),
      scripting: Math.round(b.scripting),
      parse: Math.round(b.scriptParseCompile),
    })),
    screenshot: path.relative(ROOT, screenshot),
    benchmark_index: Math.round(lhr.environment.benchmarkIndex),
  };
}

/**
 * One Lighthouse run of `url`, tried again once when Lighthouse itself asks for it: on this busy
 * box its trace sometimes misses the navigation start (NO_NAVSTART, "Please run Lighthouse again").
 */
async function lighthouse(url: string, name: string): Promise<RunFigures> {
  try {
    return await lighthouseOnce(url, name);
  } catch (error) {
    if (!String(error).includes('NO_NAVSTART')) throw error;
    return await lighthouseOnce(url, name);
  }
}

/** One Lighthouse run of `url` in a fresh Chromium; the report and final screenshot go to OUT_DIR. */
async function lighthouseOnce(url: string, name: string): Promise<RunFigures> {
  const out = path.join(OUT_DIR, `${name}.json`);
  await run$(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance',
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium' },
      timeout: 240_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const lhr = JSON.parse(await readFile(out, 'utf8')) as Lhr;
  if (lhr.runtimeError) throw new Error(`lighthouse ${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const shot = lhr.audits['final-screenshot']?.details?.data ?? '';
  const screenshot = path.join(OUT_DIR, `${name}.jpg`);
  if (shot.startsWith('data:image/jpeg;base64,')) await writeFile(screenshot, Buffer.from(shot.slice(23), 'base64'));
  return figures(lhr, screenshot);
}

const med = (
  runs: RunFigures[],
  key: keyof RunFigures &
    ('score' | 'fcp_ms' | 'lcp_ms' | 'tbt_ms' | 'cls' | 'si_ms' | 'js_wire_kib' | 'total_wire_kib' | 'compression_savings_kib'),
) => round(median(runs.map((r) => r[key])), key === 'cls' ? 3 : 0);

/** Main-thread time by kind, the median over runs, largest first, as "Script Evaluation 2400, Style & Layout 900". */
function breakdown(runs: RunFigures[]): string {
  const groups = new Set(runs.flatMap((r) => Object.keys(r.main_thread)));
  return [...groups]
    .map((g) => [g, Math.round(median(runs.map((r) => r.main_thread[g] ?? 0)))] as const)
    .sort((x, y) => y[1] - x[1])
    .slice(0, 4)
    .map(([g, ms]) => `${g} ${ms}`)
    .join(', ');
}

async function run(ctx: BenchContext): Promise<BenchResult> {
  const rounds = ctx.quick ? 1 : 2;
  ctx.log('building the client if needed');
  const server = await startServer({ client: true });
  const floor = await floorServer();
  await mkdir(OUT_DIR, { recursive: true });
  const urls: Record<string, string> = { floor: floor.url };
  for (const name of CASES) urls[name] = `${server.url}/${ROUTES.find((r) => r.name === name)!.hash}`;
  urls.shell = `${server.url}${ABOUT_PATH}`;
  const runs: Record<string, RunFigures[]> = { floor: [], shell: [], home: [], market: [], contract: [] };
  let version = '';
  try {
    // Round by round (floor, home, market, contract, then again), so a noisy minute on this shared
    // box touches every case rather than both runs of one.
    for (let i = 1; i <= rounds; i++) {
      for (const name of ['floor', 'shell', ...CASES]) {
        ctx.log(`lighthouse ${name}, run ${i}/${rounds}`);
        const r = await lighthouse(urls[name]!, `${name}-${i}`);
        runs[name]!.push(r);
        ctx.log(
          `  score ${r.score}, FCP ${r.fcp_ms}, LCP ${r.lcp_ms}, TBT ${r.tbt_ms}, CLS ${r.cls}, JS on the wire ${r.js_wire_kib} KiB; ${r.final_url}`,
        );
      }
    }
    version = (JSON.parse(await readFile(path.join(OUT_DIR, 'floor-1.json'), 'utf8')) as Lhr).lighthouseVersion;
  } finally {
    await floor.close();
    await server.close();
  }

  // A hash route that did not render would show as the wrong final URL (the screenshots show the page).
  for (const name of CASES) {
    const hash = urls[name]!.slice(urls[name]!.indexOf('#'));
    for (const r of runs[name]!) if (!r.final_url.endsWith(hash)) throw new Error(`${name}: ended at ${r.final_url}, not ${hash}`);
  }

  const row = (label: string, name: string): Figure[] => {
    const rs = runs[name]!;
    return [
      label,
      med(rs, 'score'),
      rs.map((r) => r.score).join(' / '),
      med(rs, 'fcp_ms'),
      med(rs, 'lcp_ms'),
      med(rs, 'tbt_ms'),
      med(rs, 'cls'),
      med(rs, 'si_ms'),
      med(rs, 'js_wire_kib'),
      med(rs, 'total_wire_kib'),
      med(rs, 'compression_savings_kib'),
    ];
  };
  const headline: Record<string, Figure> = {};
  for (const name of CASES) {
    headline[`${name}_score`] = med(runs[name]!, 'score');
    headline[`${name}_tbt_ms`] = med(runs[name]!, 'tbt_ms');
    headline[`${name}_lcp_ms`] = med(runs[name]!, 'lcp_ms');
  }
  headline.cls_max = Math.max(...CASES.flatMap((n) => runs[n]!.map((r) => r.cls)));
  headline.floor_score = med(runs.floor!, 'score');
  headline.shell_score = med(runs.shell!, 'score');
  headline.shell_tbt_ms = med(runs.shell!, 'tbt_ms');
  headline.home_js_wire_kib = med(runs.home!, 'js_wire_kib');

  return {
    conditions: {
      lighthouse: version,
      preset: 'default config = mobile (simulated Slow 4G 150 ms RTT 1.6 Mbit/s, 4x CPU, 412x823)',
      runs_per_case: rounds,
      chromium_flags: CHROME_FLAGS,
      benchmark_index: Math.round(median(Object.values(runs).flatMap((rs) => rs.map((r) => r.benchmark_index)))),
      figures: 'median of the runs (the mean of two)',
      main_thread_shell_ms: breakdown(runs.shell!),
      main_thread_home_ms: breakdown(runs.home!),
      main_thread_contract_ms: breakdown(runs.contract!),
    },
    table: {
      columns: [
        'case',
        'score',
        'runs',
        'FCP ms',
        'LCP ms',
        'TBT ms',
        'CLS',
        'SI ms',
        'JS wire KiB',
        'all wire KiB',
        'uncompressed text KiB',
      ],
      rows: [
        row('static page, 3 KB HTML (baseline)', 'floor'),
        row("the app's floor: About (nothing live)", 'shell'),
        row('home #/', 'home'),
        row('market', 'market'),
        row('futures contract (BTC/USDT)', 'contract'),
      ],
    },
    headline,
    detail: { runs },
  };
}

export const lighthouseBench: Bench = {
  name: 'lighthouse',
  id: 'B10',
  title: 'Lighthouse 12, mobile preset: performance score, FCP, LCP, TBT, CLS on home, market and the contract page',
  baseline: "B7's static page (a few KB of HTML, no script) under the same Lighthouse run",
  targets: [
    { figure: 'home_score', op: '>=', value: 80, label: 'Lighthouse ≥ 80 (home)' },
    { figure: 'market_score', op: '>=', value: 80, label: 'Lighthouse ≥ 80 (market)' },
    { figure: 'contract_score', op: '>=', value: 70, label: 'Lighthouse ≥ 70 (contract)' },
    { figure: 'contract_tbt_ms', op: '<=', value: 600, label: 'contract TBT ≤ 600 ms' },
    { figure: 'cls_max', op: '<=', value: 0.05, label: 'CLS ≤ 0.05' },
  ],
  browser: true,
  run,
};
