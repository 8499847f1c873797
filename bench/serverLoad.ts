/**
 * B8 server: HTTP load on `GET /api/currency/quotation_new` and a real money call (`POST
 * /api/lever/submit`, a market order of the demo user), and socket.io fan-out of `quotes` to
 * 1k and 5k subscribed clients, with the load driven from a second process (bench/loadDriver.ts)
 * so the generator's CPU is not the server's event loop. Folds in the old `api`,
 * `socket-fanout` and `market-tick` benches.
 *
 * Baselines in the same run: `GET /api/getSiteConfig` (two small database reads) for HTTP, one
 * client for fan-out, and a market tick with nobody subscribed for the tick cost.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../domain/protocol';
import type { Command, FanoutAnswer, HttpAnswer, HttpCommand } from './loadDriver';
import { startServer, type BenchServer } from './lib/server';
import { round } from './lib/stats';
import type { Bench, BenchContext, BenchResult, Figure } from './lib/types';

/** The driver process: one command at a time over IPC. */
interface Driver {
  run<A>(command: Command): Promise<A>;
  close(): void;
}

async function startDriver(): Promise<Driver> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'loadDriver.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`load driver exited (${code})`)));
  });
  return {
    run: <A>(command: Command) =>
      new Promise<A>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`load driver exited (${code})`));
        child.once('exit', onExit);
        child.once('message', (m: { ok: boolean; answer?: A; error?: string }) => {
          child.off('exit', onExit);
          if (m.ok) resolve(m.answer!);
          else reject(new Error(m.error));
        });
        child.send(command);
      }),
    close: () => void child.kill(),
  };
}

type Row = Figure[];
const COLUMNS = ['case', 'offered', 'achieved /s', 'p50 ms', 'p99 ms', 'max ms', 'errors'] as const;

function httpRow(label: string, offered: string, a: HttpAnswer): Row {
  return [label, offered, a.rps, a.p50, a.p99, a.max, a.non2xx + a.errors + a.timeouts];
}

/** One tick of every pair: nobody subscribed (baseline) vs one socket on 64 topics (the old `market-tick`). */
/** Mean ms of one market tick (every pair, with whatever listens), extra ticks for `budget` ms between the simulator's own. */
function tickCost(server: BenchServer, budget: number): number {
  const t0 = performance.now();
  let n = 0;
  while (performance.now() - t0 < budget) {
    server.app.market.tick();
    n++;
  }
  return (performance.now() - t0) / n;
}

async function marketTick(server: BenchServer, quick: boolean): Promise<{ idle: number; busy: number; pairs: number }> {
  {
    const budget = quick ? 500 : 1500;
    const time = () => tickCost(server, budget);
    time(); // warm-up
    const idle = time();
    const socket = io(server.url, { transports: ['websocket'] }) as Socket<ServerToClientEvents, ClientToServerEvents>;
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const all = server.app.market.pairs.flatMap((p) => [`depth:${p.symbol}`, `trades:${p.symbol}`, `kline:${p.symbol}:1min`]);
    await socket.emitWithAck('sub', ['quotes', ...all.slice(0, 63)]);
    const busy = time();
    socket.close();
    return { idle, busy, pairs: server.app.market.pairs.length };
  }
}

async function http(
  server: BenchServer,
  driver: Driver,
  ctx: BenchContext,
  seconds: number,
): Promise<{ rows: Row[]; at2k: Record<string, HttpAnswer>; max: Record<string, HttpAnswer>; warmOrders: number }> {
  {
    const token = await server.demoToken();
    const btc = server.app.market.pairBySymbol('BTC/USDT')!;
    const endpoints: { key: string; label: string; cmd: Omit<HttpCommand, 'rate' | 'connections' | 'seconds' | 'type'> }[] = [
      { key: 'site_config', label: 'GET getSiteConfig (baseline)', cmd: { url: `${server.url}/api/getSiteConfig`, method: 'GET' } },
      {
        key: 'quotation_new',
        label: 'GET currency/quotation_new',
        cmd: { url: `${server.url}/api/currency/quotation_new`, method: 'GET' },
      },
      {
        key: 'order',
        label: 'POST lever/submit (market order)',
        cmd: {
          url: `${server.url}/api/lever/submit`,
          method: 'POST',
          headers: { authorization: token },
          // The smallest BTC market order at the top leverage: margin ~0.1 USDT, so thousands fit in the demo's funds.
          body: JSON.stringify({ match_id: String(btc.id), type: '1', share: '0.01', multiple: '100' }),
        },
      },
    ];
    // The order must succeed: a failing call would measure the error path.
    const probe = await fetch(endpoints[2]!.cmd.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: endpoints[2]!.cmd.body,
    });
    const probeJson = (await probe.json()) as { type: string; message: unknown };
    if (probeJson.type !== 'ok') throw new Error(`lever/submit probe failed: ${JSON.stringify(probeJson.message)}`);

    let warmOrders = 0;
    const rows: Row[] = [];
    const at2k: Record<string, HttpAnswer> = {};
    const max: Record<string, HttpAnswer> = {};
    for (const e of endpoints) {
      // A short warm-up so the first figures are not the JIT's.
      if (!ctx.quick) {
        const warm = await driver.run<HttpAnswer>({ type: 'http', ...e.cmd, connections: 10, seconds: 1 });
        if (e.key === 'order') warmOrders = warm.requests;
      }
      ctx.log(`HTTP ${e.key} at 2k req/s`);
      const fixed = await driver.run<HttpAnswer>({ type: 'http', ...e.cmd, rate: 2000, connections: 50, seconds });
      ctx.log(`HTTP ${e.key} at max`);
      const open = await driver.run<HttpAnswer>({ type: 'http', ...e.cmd, connections: 50, seconds });
      at2k[e.key] = fixed;
      max[e.key] = open;
      rows.push(httpRow(`${e.label} @ 2k/s`, '2000 req/s', fixed), httpRow(`${e.label} @ max`, 'max (50 conns)', open));
    }
    return { rows, at2k, max, warmOrders };
  }
}

async function fanout(
  server: BenchServer,
  driver: Driver,
  ctx: BenchContext,
  counts: number[],
  seconds: number,
): Promise<Map<number, FanoutAnswer>> {
  const out = new Map<number, FanoutAnswer>();
  for (const clients of counts) {
    ctx.log(`fan-out: ${clients} client${clients > 1 ? 's' : ''}`);
    out.set(clients, await driver.run<FanoutAnswer>({ type: 'fanout', url: server.url, clients, seconds }));
  }
  return out;
}

async function run(ctx: BenchContext): Promise<BenchResult> {
  const httpSeconds = ctx.quick ? 2 : 5;
  const fanSeconds = ctx.quick ? 2 : 5;
  const big = ctx.quick ? 500 : 5000;
  const counts = ctx.quick ? [1, big] : [1, 1000, big];
  const hz = 10;
  // One server for every part (starting one is the slow step on a busy box). Order matters: the
  // order load leaves thousands of open positions behind, so it runs last.
  ctx.log('starting the server and the load driver');
  const [srv, driver] = await Promise.all([startServer({ hz }), startDriver()]);
  try {
    ctx.log('market tick cost');
    const tick = await marketTick(srv, ctx.quick);
    const f = await fanout(srv, driver, ctx, counts, fanSeconds);
    const h = await http(srv, driver, ctx, httpSeconds);
    // The order load left the demo user with one open position per order: the futures engine
    // checks them on every tick (stops, liquidation risk), so the tick's cost now includes that.
    const positions = 1 + h.at2k.order!.requests + h.max.order!.requests + (ctx.quick ? 0 : h.warmOrders);
    const afterOrders = tickCost(srv, ctx.quick ? 500 : 1500);
    const rows: Row[] = [...h.rows];
    for (const [n, a] of f) {
      rows.push([
        `fan-out quotes, ${n} client${n > 1 ? 's' : ''}${n === 1 ? ' (baseline)' : ''}`,
        `${hz} msg/s each`,
        a.mps,
        a.p50,
        a.p99,
        a.max,
        a.silent ? `${a.silent} silent` : 0,
      ]);
    }
    rows.push(
      ['market tick, nobody subscribed (baseline)', `${tick.pairs} pairs`, Math.round(1000 / tick.idle), round(tick.idle, 3), '', '', 0],
      ['market tick, 1 socket on 64 topics', `${tick.pairs} pairs`, Math.round(1000 / tick.busy), round(tick.busy, 3), '', '', 0],
      [
        `market tick, after the order load (~${positions} open positions)`,
        `${tick.pairs} pairs`,
        Math.round(1000 / afterOrders),
        round(afterOrders, 3),
        '',
        '',
        0,
      ],
    );
    const bigA = f.get(big)!;
    const headline: Record<string, Figure> = {
      quotation_new_p99_ms_at_2k: h.at2k.quotation_new!.p99,
      order_p99_ms_at_2k: h.at2k.order!.p99,
      site_config_p99_ms_at_2k: h.at2k.site_config!.p99,
      quotation_new_max_rps: h.max.quotation_new!.rps,
      order_max_rps: h.max.order!.rps,
      [`fanout_p99_ms_at_${big >= 1000 ? `${big / 1000}k` : big}`]: bigA.p99,
      fanout_p99_ms_1_client: f.get(1)!.p99,
      market_tick_ms_subscribed: round(tick.busy, 3),
      market_tick_ms_after_orders: round(afterOrders, 3),
    };
    return {
      conditions: {
        http_window_s: httpSeconds,
        http_connections: 50,
        fanout_window_s: fanSeconds,
        market_hz: hz,
        quotes_bytes_per_message: bigA.bytesPerMessage,
        fanout_connect_s: round(bigA.connectSeconds, 1),
        driver: 'second process on loopback (autocannon; bare-websocket socket.io clients)',
        tick_row_note: 'market tick rows: achieved = ticks/s capacity, p50 = ms per tick',
      },
      table: { columns: COLUMNS, rows },
      headline,
      detail: { http_at_2k: h.at2k, http_max: h.max, fanout: Object.fromEntries(f), market_tick: tick },
    };
  } finally {
    driver.close();
    await srv.close();
  }
}

export const server: Bench = {
  name: 'server',
  id: 'B8',
  title: 'HTTP load (quotation_new, a market order) and socket.io fan-out of quotes to 1k and 5k clients',
  baseline: 'GET /api/getSiteConfig for HTTP; 1 subscribed client for fan-out; a market tick with nobody subscribed',
  targets: [
    { figure: 'quotation_new_p99_ms_at_2k', op: '<=', value: 20, label: 'p99 ≤ 20 ms at 2k req/s' },
    { figure: 'order_p99_ms_at_2k', op: '<=', value: 20, label: 'p99 ≤ 20 ms at 2k req/s' },
    { figure: 'fanout_p99_ms_at_5k', op: '<=', value: 50, label: '5k clients at p99 ≤ 50 ms' },
  ],
  browser: false,
  run,
};
