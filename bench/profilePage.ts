/**
 * A CPU profile of one page of the built app at 4× CPU (a cheap phone), mapped through the
 * build's source maps: the tool behind the "profile before you optimise" rows of bench/HISTORY.md.
 * Not a benchmark: it prints where the main thread's JavaScript time went, by source function,
 * self and inclusive, and a top-down tree (`--tree`, nodes over 8 ms, merged by name along each
 * path).
 *
 *   node --import tsx bench/profilePage.ts [route] [--ms=6000] [--settled] [--tree]
 *   node --import tsx bench/profilePage.ts --fling [--ms=8000] [--still] [--tree]
 *   node --import tsx bench/profilePage.ts [route] --settled --feed=5000 [--signed-in]
 *
 * `route` is the hash route (default the BTC/USDT contract page). By default the profile covers
 * the cold load (started before navigation); `--settled` starts it 5 s after the page opened, for
 * the page at rest on the embedded simulator. "(program)" is the browser's own work (style,
 * layout, paint, message dispatch), "(idle)" the time nothing ran: their share over the window
 * is the page's busy share. `--fling` profiles B4's case instead (bench/scroll.ts): the market
 * list of 2,000 pairs with 500 row updates a second (`--still`: none), flung by touch throughout.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { launchBrowser, phonePage } from './lib/browser';
import { startFeed } from './lib/feed';
import { ROOT, startServer } from './lib/server';
import { demoWithPositions } from './screen';
import { fling as flingList, openMarketList, ROW_UPDATES, SYMBOLS } from './scroll';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const route = args.find((a) => !a.startsWith('--')) ?? '#/pages/transaction/contract?symbol=BTC%2FUSDT';
const windowMs = Number(args.find((a) => a.startsWith('--ms='))?.slice(5) ?? 6000);
const settled = args.includes('--settled');
const flinging = args.includes('--fling');
/** `--feed=5000`: B3's bench feed (bench/lib/feed.ts) at that many ticks a second over the simulator. */
const feedRate = Number(args.find((a) => a.startsWith('--feed='))?.slice(7) ?? 0);

const server = await startServer({ client: true, quietMarket: flinging });
const feed = flinging
  ? startFeed(server.app.market, {
      symbols: SYMBOLS,
      ticksPerSecond: args.includes('--still') ? 0 : ROW_UPDATES,
      mix: { quotes: 1, depth: 0, trades: 0 },
    })
  : feedRate
    ? startFeed(server.app.market, { ticksPerSecond: feedRate })
    : null;
const browser = await launchBrowser();
try {
  // `--signed-in`: as B3's page, the demo user with open positions and orders (bench/screen.ts).
  const p = await phonePage(browser, args.includes('--signed-in') ? { token: await demoWithPositions(server) } : {});
  if (flinging && feed) await openMarketList(p, server, feed, (m) => console.log(m));
  await p.throttle(4);
  await p.cdp.send('Profiler.enable');
  await p.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  if (settled) {
    await p.page.goto(`${server.url}/${route}`);
    await new Promise((r) => setTimeout(r, 5000));
  }
  await p.cdp.send('Profiler.start');
  if (flinging) await flingList(p.cdp, Date.now() + windowMs);
  else if (!settled) await p.page.goto(`${server.url}/${route}`);
  if (!flinging) await new Promise((r) => setTimeout(r, windowMs));
  const { profile } = (await p.cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  report(profile);
} finally {
  feed?.stop();
  await browser.close();
  await server.close();
}

function report(profile: Profile): void {
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const file = path.join(ROOT, 'dist', new URL(url).pathname) + '.map';
      maps.set(url, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
    }
    return maps.get(url)!;
  };
  /** A node's function as the sources name it: `name path:line`, node_modules shortened to `nm/`. */
  const nameOf = new Map<number, string>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) {
    const f = n.callFrame;
    let name = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    const map = f.url.startsWith('http') ? mapOf(f.url) : null;
    if (map) {
      const o = originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber });
      if (o.source) {
        const source = o.source.replace(/^.*node_modules\//, 'nm/').replace(/^(\.\.\/)+/, '');
        name = `${o.name ?? (f.functionName || '(anonymous)')} ${source}:${o.line}`;
      }
    }
    nameOf.set(n.id, name);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const selfById = new Map<number, number>();
  profile.samples.forEach((s, i) => selfById.set(s, (selfById.get(s) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfById) {
    const name = nameOf.get(id)!;
    self.set(name, (self.get(name) ?? 0) + us);
    // Inclusive: every distinct function on the sample's stack.
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const fn = nameOf.get(n)!;
      if (seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
    }
  }
  const ms = (us: number) => (us / 1000).toFixed(1).padStart(8);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = self.get('(idle) :0') ?? 0;
  const what = flinging
    ? `market list, flung: ${args.includes('--still') ? 'feed stopped' : `${ROW_UPDATES} row updates/s`}`
    : `${route}: ${settled ? 'settled' : 'cold load'}`;
  console.log(`${what}, ${ms(total).trim()} ms sampled at 4× CPU, busy ${((100 * (total - idle)) / total).toFixed(1)} %`);
  console.log('\nself time');
  for (const [n, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${ms(us)}  ${n}`);
  console.log('\ninclusive time');
  for (const [n, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 80)) console.log(`${ms(us)}  ${n}`);
  if (!args.includes('--tree')) return;

  const kids = new Map<number, number[]>();
  for (const [c, par] of parent) kids.set(par, [...(kids.get(par) ?? []), c]);
  const inclById = new Map<number, number>();
  const sum = (id: number): number => {
    const t = (selfById.get(id) ?? 0) + (kids.get(id) ?? []).reduce((a, c) => a + sum(c), 0);
    inclById.set(id, t);
    return t;
  };
  const root = profile.nodes[0]!.id;
  sum(root);
  console.log('\ntree (inclusive ms, nodes over 8 ms)');
  const walk = (ids: number[], depth: number) => {
    const merged = new Map<string, { us: number; ids: number[] }>();
    for (const id of ids) {
      const m = merged.get(nameOf.get(id)!) ?? { us: 0, ids: [] };
      m.us += inclById.get(id)!;
      m.ids.push(id);
      merged.set(nameOf.get(id)!, m);
    }
    for (const [n, m] of [...merged].sort((a, b) => b[1].us - a[1].us)) {
      if (m.us < 8000 || depth > 40) continue;
      console.log(`${' '.repeat(depth)}${(m.us / 1000).toFixed(1)} ${n}`);
      walk(
        m.ids.flatMap((id) => kids.get(id) ?? []),
        depth + 1,
      );
    }
  };
  walk([root], 0);
}
