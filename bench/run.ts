/**
 * Benchmarks: figures, each beside a baseline measured in the same run. See bench/README.md.
 * Usage: npm run bench [-- name…]
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { DEFAULT_FIAT } from '../domain/fiat';
import type { Ticker } from '../domain/market/types';
import { buildTickerView } from '../domain/market/views';
import type { ClientToServerEvents, ServerToClientEvents, TopicMessage } from '../domain/protocol';
import { buildApp, type App } from '../server/app';
import { ManualClock, systemClock } from '../server/clock';
import { openPglite } from '../server/db/pglite';
import { MarketSlice } from '../worker/market/MarketSlice';
import { exchangesBench } from './exchanges';
import { tradeScreenBench } from './tradeScreen';

type Figures = Record<string, number | string>;
const RESULTS = path.resolve(import.meta.dirname ?? __dirname, 'results');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const round = (n: number, d = 3) => Number(n.toFixed(d));

async function withApp<T>(fn: (app: App, url: string) => Promise<T>, opts: { manual?: boolean; hz?: number } = {}): Promise<T> {
  const db = await openPglite(null);
  const clock = opts.manual ? new ManualClock(Date.now()) : systemClock;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kestrel-bench-'));
  const app = await buildApp({
    db,
    clock,
    dataDir,
    seed: 'bench',
    marketHz: opts.hz ?? 10,
    historyDays: 1,
    devOutbox: false,
    scryptLogN: 14,
    startMarket: !opts.manual,
  });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.fastify.server.address() as { port: number };
  try {
    return await fn(app, `http://127.0.0.1:${port}`);
  } finally {
    await app.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A frame's worth of quote messages, absorbed by the worker's market slice (ours) vs a view per message (baseline). */
async function workerConflation(): Promise<Figures> {
  const tickers: Ticker[] = await withApp(async (app) => app.market.tickers(), { manual: true });
  const MESSAGES_PER_FRAME = 40;
  const FRAMES = 500;
  const messages: TopicMessage[] = Array.from({ length: MESSAGES_PER_FRAME }, (_, i) => ({
    topic: 'quotes',
    kind: 'quotes',
    seq: i,
    data: tickers.slice(i % 5, (i % 5) + 25).map((t) => ({ ...t, price: t.price })),
  }));

  const books = new MarketSlice();
  books.applySnapshot({ topic: 'quotes', kind: 'quotes', seq: 0, data: tickers });
  books.take(0);
  let t0 = performance.now();
  for (let f = 0; f < FRAMES; f++) {
    for (const m of messages) books.applyMessage(m);
    books.take(f * 16);
  }
  const ours = (performance.now() - t0) / FRAMES;

  t0 = performance.now();
  for (let f = 0; f < FRAMES; f++) for (const m of messages) for (const t of m.data as Ticker[]) buildTickerView(t, DEFAULT_FIAT);
  const naive = (performance.now() - t0) / FRAMES;
  return {
    messages_per_frame: MESSAGES_PER_FRAME,
    conflated_ms_per_frame: round(ours),
    baseline_view_per_message_ms_per_frame: round(naive),
    speedup: round(naive / ours, 1),
  };
}

/** One tick of every pair: nobody subscribed (baseline) vs one socket on every topic of every pair. */
async function marketTick(): Promise<Figures> {
  return withApp(
    async (app, url) => {
      const N = 2000;
      const time = () => {
        const t0 = performance.now();
        for (let i = 0; i < N; i++) app.market.tick();
        return (performance.now() - t0) / N;
      };
      const idle = time();
      const socket = io(url, { transports: ['websocket'] }) as Socket<ServerToClientEvents, ClientToServerEvents>;
      await new Promise<void>((r) => socket.once('connect', () => r()));
      const all = app.market.pairs.flatMap((p) => [`depth:${p.symbol}`, `trades:${p.symbol}`, `kline:${p.symbol}:1min`]);
      await socket.emitWithAck('sub', ['quotes', ...all.slice(0, 63)]);
      const busy = time();
      socket.close();
      return {
        pairs: app.market.pairs.length,
        baseline_no_subscribers_ms_per_tick: round(idle),
        subscribed_64_topics_ms_per_tick: round(busy),
        ticks_per_second_capacity: Math.round(1000 / busy),
      };
    },
    { manual: true },
  );
}

/** Emit-to-receive latency of `quotes` for 1 socket (baseline) and 50 sockets. */
async function socketFanout(): Promise<Figures> {
  return withApp(
    async (app, url) => {
      const measure = async (count: number) => {
        const sockets = await Promise.all(
          Array.from({ length: count }, async () => {
            const s = io(url, { transports: ['websocket'], forceNew: true }) as Socket<ServerToClientEvents, ClientToServerEvents>;
            await new Promise<void>((r) => s.once('connect', () => r()));
            await s.emitWithAck('sub', ['quotes']);
            return s;
          }),
        );
        const latencies: number[] = [];
        for (const s of sockets)
          s.on('m', (m) => m.topic === 'quotes' && latencies.push(Date.now() - Math.max(...(m.data as Ticker[]).map((t) => t.ts))));
        await new Promise((r) => setTimeout(r, 4000));
        sockets.forEach((s) => s.close());
        latencies.sort((a, b) => a - b);
        return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), messages: latencies.length };
      };
      const one = await measure(1);
      const fifty = await measure(50);
      return {
        hz: 10,
        baseline_1_socket_p50_ms: one.p50,
        baseline_1_socket_p99_ms: one.p99,
        sockets_50_p50_ms: fifty.p50,
        sockets_50_p99_ms: fifty.p99,
        sockets_50_messages: fifty.messages,
      };
    },
    { hz: 10 },
  );
}

/** Closed-loop HTTP load: 20 concurrent callers for 3 s per endpoint. */
async function api(): Promise<Figures> {
  return withApp(async (_app, url) => {
    const load = async (pathname: string) => {
      const latencies: number[] = [];
      const end = Date.now() + 3000;
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (Date.now() < end) {
            const t0 = performance.now();
            await (await fetch(url + pathname)).arrayBuffer();
            latencies.push(performance.now() - t0);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      return { rps: Math.round(latencies.length / 3), p50: round(percentile(latencies, 50), 1), p99: round(percentile(latencies, 99), 1) };
    };
    const base = await load('/api/getSiteConfig');
    const quotes = await load('/api/currency/quotation_new');
    return {
      baseline_site_config_rps: base.rps,
      baseline_site_config_p50_ms: base.p50,
      quotation_new_rps: quotes.rps,
      quotation_new_p50_ms: quotes.p50,
      quotation_new_p99_ms: quotes.p99,
    };
  });
}

const BENCHES: Record<string, () => Promise<Figures>> = {
  'worker-conflation': workerConflation,
  'market-tick': marketTick,
  'socket-fanout': socketFanout,
  api,
  exchanges: exchangesBench,
  'trade-screen': tradeScreenBench,
};

const wanted = process.argv.slice(2).filter((a) => a in BENCHES);
await mkdir(RESULTS, { recursive: true });
for (const name of wanted.length ? wanted : Object.keys(BENCHES)) {
  const figures = await BENCHES[name]!();
  const record = { name, at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, figures };
  await writeFile(path.join(RESULTS, `${name}.json`), JSON.stringify(record, null, 2) + '\n');
  console.log(`\n${name}`);
  for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(40)} ${v}`);
}
process.exit(0);
