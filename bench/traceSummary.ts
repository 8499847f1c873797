/**
 * Summarises a Chrome trace written by `npm run bench -- live-screen --trace`: where the
 * page's main thread (and the worker's) spent the traced window, by event (self time), by kind
 * of task that started the work, and the JavaScript functions sampled most.
 * Usage: node --import tsx bench/traceSummary.ts [bench/results/live-screen.trace.json] [--inclusive]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> & { cpuProfile?: CpuProfile; timeDeltas?: number[] } };
  id?: string;
}
interface CpuProfile {
  nodes?: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; parent?: number }[];
  samples?: number[];
}

const file =
  process.argv.slice(2).find((a) => !a.startsWith('--')) ??
  path.resolve(import.meta.dirname ?? __dirname, 'results', 'live-screen.trace.json');
const { traceEvents: events } = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };

const threadNames = new Map<string, string>();
for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
const key = (e: TraceEvent) => `${e.pid}:${e.tid}`;
const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined);
const span = (() => {
  const ts = complete.map((e) => e.ts);
  return (Math.max(...complete.map((e) => e.ts + e.dur!)) - Math.min(...ts)) / 1000;
})();
const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);

/** Self time per event name on one thread (children subtracted by nesting). */
function selfTimes(thread: string): Map<string, number> {
  const list = complete.filter((e) => key(e) === thread).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { e: TraceEvent; end: number; child: number }[] = [];
  const pop = () => {
    const top = stack.pop()!;
    self.set(top.e.name, (self.get(top.e.name) ?? 0) + top.e.dur! - top.child);
  };
  for (const e of list) {
    while (stack.length && stack.at(-1)!.end <= e.ts) pop();
    if (stack.length) stack.at(-1)!.child += e.dur!;
    stack.push({ e, end: e.ts + e.dur!, child: 0 });
  }
  while (stack.length) pop();
  return self;
}

/** Top-level tasks of a thread grouped by what started them, inclusive time, plus long tasks (> 50 ms). */
function tasks(thread: string): void {
  const top = complete.filter((e) => key(e) === thread && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'));
  const long = top.filter((e) => e.dur! > 50_000);
  console.log(`  tasks: ${top.length}, long (> 50 ms): ${long.length}, long-task time ${ms(long.reduce((a, e) => a + e.dur!, 0))} ms`);
  const inner = new Map<string, number>();
  const list = complete.filter((e) => key(e) === thread);
  for (const t of long) {
    const kids = list.filter((e) => e !== t && e.ts >= t.ts && e.ts < t.ts + t.dur! && e.name !== 'RunTask');
    // The first-level children of the long task: what it was.
    let end = -1;
    for (const k of kids.sort((a, b) => a.ts - b.ts)) {
      if (k.ts < end) continue;
      const data = k.args?.data as { type?: string } | undefined;
      const label = k.name + (data?.type ? `(${data.type})` : '');
      inner.set(label, (inner.get(label) ?? 0) + k.dur!);
      end = k.ts + k.dur!;
    }
  }
  for (const [name, us] of [...inner].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`    in long tasks: ${ms(us)} ms  ${name}`);
}

console.log(`trace ${file}: ${span.toFixed(0)} ms`);
const threads = [...new Set(complete.map(key))]
  .map((k) => ({ k, name: threadNames.get(k) ?? '?' }))
  .filter((t) => t.name === 'CrRendererMain' || /worker/i.test(t.name));
for (const { k, name } of threads) {
  const self = selfTimes(k);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  if (total < 10_000) continue;
  console.log(`\n${name} (${k}): busy ${ms(total)} ms`);
  tasks(k);
  for (const [n, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log(`  ${ms(us)} ms  ${n}`);
}

// JavaScript samples: self time per function.
const profiles = new Map<
  string,
  { nodes: Map<number, string>; parents: Map<number, number>; self: Map<string, number>; inclusive: Map<string, number> }
>();
for (const e of events) {
  if (e.name !== 'ProfileChunk') continue;
  const id = `${e.pid}:${e.id}`;
  const p = profiles.get(id) ?? {
    nodes: new Map<number, string>(),
    parents: new Map<number, number>(),
    self: new Map<string, number>(),
    inclusive: new Map<string, number>(),
  };
  profiles.set(id, p);
  const data = e.args?.data;
  for (const n of data?.cpuProfile?.nodes ?? []) {
    const f = n.callFrame;
    p.nodes.set(n.id, `${f.functionName || '(anonymous)'} ${(f.url ?? '').split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`);
    if (n.parent !== undefined) p.parents.set(n.id, n.parent);
  }
  const samples = data?.cpuProfile?.samples ?? [];
  const deltas = data?.timeDeltas ?? [];
  samples.forEach((s, i) => {
    const name = p.nodes.get(s) ?? String(s);
    const dt = deltas[i + 1] ?? deltas[i] ?? 0;
    p.self.set(name, (p.self.get(name) ?? 0) + dt);
    // Inclusive: every distinct function on the sample's stack.
    const seen = new Set<string>();
    for (let n: number | undefined = s; n !== undefined; n = p.parents.get(n)) {
      const fn = p.nodes.get(n);
      if (fn && !seen.has(fn)) {
        seen.add(fn);
        p.inclusive.set(fn, (p.inclusive.get(fn) ?? 0) + dt);
      }
    }
  });
}
for (const [id, p] of profiles) {
  const total = [...p.self.values()].reduce((a, b) => a + b, 0);
  console.log(`\nJS samples ${id}: ${ms(total)} ms`);
  for (const [n, us] of [...p.self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms(us)} ms  ${n}`);
  if (!process.argv.includes('--inclusive')) continue;
  console.log(`JS inclusive ${id}:`);
  for (const [n, us] of [...p.inclusive].sort((a, b) => b[1] - a[1]).slice(0, 80)) console.log(`  ${ms(us)} ms  ${n}`);
}
