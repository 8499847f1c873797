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
// The futures area's decoration of the Fastify instance (fastify.futures).
import type {} from '../server/futures/plugin';
import { postgresBase } from './lib/database';
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

/** Open positions the engine-load row puts in the futures engine's working set. */
const ENGINE_POSITIONS = 5000;

/**
 * The tick with `n` open positions of one user on BTC/USDT in the futures engine's working set,
 * half long and half short at the last mark, no take-profit or stop-loss: every tick checks them
 * for triggers and the account for liquidation, and none fires. They are tracked in memory only
 * (placing 5,000 orders through the API takes minutes here); the engine's reload, every 2 s, would
 * drop them, so they are measured in one synchronous run and taken out after.
 */
function tickWithPositions(server: BenchServer, n: number, budget: number): number {
  const engine = server.app.fastify.futures.engine;
  const pair = server.app.market.pairBySymbol('BTC/USDT')!;
  const mark = server.app.market.ticker('BTC/USDT')!.price;
  const rows = Array.from({ length: n }, (_, i) => ({
    id: 1_000_000_000 + i,
    user_id: 1_000_000_000,
    match_id: pair.id,
    symbol: pair.symbol,
    side: i % 2 ? ('short' as const) : ('long' as const),
    kind: 'market' as const,
    status: 'open' as const,
    share: '0.01',
    number: '0.001',
    multiple: 100,
    target_price: null,
    open_price: mark,
    quote_usdt: '1',
    margin: '1',
    fee: '0',
    overnight_fee: '0',
    target_profit_price: null,
    stop_loss_price: null,
    profit: null,
    close_price: null,
    close_reason: null,
    created_at: 0,
    opened_at: 0,
    closed_at: null,
    updated_at: 0,
    open_ts: null,
    close_ts: null,
  }));
  for (const row of rows) engine.track(row);
  try {
    tickCost(server, budget / 3); // warm-up
    return tickCost(server, budget);
  } finally {
    for (const row of rows) engine.track({ ...row, status: 'closed' });
  }
}

async function marketTick(server: BenchServer, quick: boolean): Promise<{ idle: number; busy: number; engine: number; pairs: number }> {
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
    const engine = tickWithPositions(server, ENGINE_POSITIONS, budget);
    return { idle, busy, engine, pairs: server.app.market.pairs.length };
  }
}

/** What one market order cost the database, from the counts over the closed-loop order load less the same server's idle rate. */
interface OrderCost {
  statements: number;
  transactions: number;
  wait_ms: number;
}

async function http(
  server: BenchServer,
  driver: Driver,
  ctx: BenchContext,
  seconds: number,
  opts: { only?: readonly string[]; label?: string } = {},
): Promise<{ rows: Row[]; at2k: Record<string, HttpAnswer>; max: Record<string, HttpAnswer>; warmOrders: number; orderCost: OrderCost }> {
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

    // The background's own database work (the simulator's bars, the engines) over one second.
    const idle0 = server.dbCounts();
    const idleT0 = performance.now();
    await new Promise((r) => setTimeout(r, 1000));
    const idle1 = server.dbCounts();
    const idleS = (performance.now() - idleT0) / 1000;

    let warmOrders = 0;
    let orderCost: OrderCost = { statements: 0, transactions: 0, wait_ms: 0 };
    const rows: Row[] = [];
    const at2k: Record<string, HttpAnswer> = {};
    const max: Record<string, HttpAnswer> = {};
    for (const e of endpoints.filter((x) => !opts.only || opts.only.includes(x.key))) {
      // A short warm-up so the first figures are not the JIT's.
      if (!ctx.quick) {
        const warm = await driver.run<HttpAnswer>({ type: 'http', ...e.cmd, connections: 10, seconds: 1 });
        if (e.key === 'order') warmOrders = warm.requests;
      }
      ctx.log(`HTTP ${e.key} at 2k req/s`);
      const fixed = await driver.run<HttpAnswer>({ type: 'http', ...e.cmd, rate: 2000, connections: 50, seconds });
      ctx.log(`HTTP ${e.key} at max`);
      const c0 = server.dbCounts();
      const t0 = performance.now();
      const open = await driver.run<HttpAnswer>({ type: 'http', ...e.cmd, connections: 50, seconds });
      const c1 = server.dbCounts();
      if (e.key === 'order' && open.requests > 0) {
        const s = (performance.now() - t0) / 1000;
        const per = (k: keyof OrderCost & ('statements' | 'transactions')) =>
          round((c1[k] - c0[k] - ((idle1[k] - idle0[k]) / idleS) * s) / open.requests, 1);
        orderCost = {
          statements: per('statements'),
          transactions: per('transactions'),
          wait_ms: round((c1.waitMs - c0.waitMs - ((idle1.waitMs - idle0.waitMs) / idleS) * s) / open.requests, 2),
        };
      }
      at2k[e.key] = fixed;
      max[e.key] = open;
      const label = opts.label ? `${e.label}, ${opts.label}` : e.label;
      rows.push(httpRow(`${label} @ 2k/s`, '2000 req/s', fixed), httpRow(`${label} @ max`, 'max (50 conns)', open));
    }
    return { rows, at2k, max, warmOrders, orderCost };
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
    // The same market order on PostgreSQL (a scratch database), after the PGlite server is idle.
    let pgOrders: Awaited<ReturnType<typeof http>> | null = null;
    const base = await postgresBase();
    if (base) {
      ctx.log('starting a server on PostgreSQL');
      const pgServer = await startServer({ hz, engine: 'postgres', postgresBase: base });
      try {
        pgOrders = await http(pgServer, driver, ctx, httpSeconds, { only: ['order'], label: 'PostgreSQL' });
        rows.push(...pgOrders.rows);
      } finally {
        await pgServer.close();
      }
    } else {
      ctx.log('no PostgreSQL server answers: its rows are left out');
    }
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
        `market tick, ${ENGINE_POSITIONS} open positions in the futures engine`,
        `${tick.pairs} pairs`,
        Math.round(1000 / tick.engine),
        round(tick.engine, 3),
        '',
        '',
        0,
      ],
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
      market_tick_ms_5k_positions: round(tick.engine, 3),
      order_statements_pglite: h.orderCost.statements,
      order_db_wait_ms_pglite: h.orderCost.wait_ms,
      ...(pgOrders
        ? {
            order_max_rps_postgres: pgOrders.max.order!.rps,
            order_p99_ms_at_2k_postgres: pgOrders.at2k.order!.p99,
            order_statements_postgres: pgOrders.orderCost.statements,
            order_db_wait_ms_postgres: pgOrders.orderCost.wait_ms,
          }
        : {}),
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
        order_cost_note:
          'per market order over the closed-loop load, less the idle server’s rate: statements (BEGIN/COMMIT not counted), transactions, ms waiting for answers (concurrent waits add up)',
        postgres: base ? 'a scratch database on the local server' : 'none answered',
      },
      table: { columns: COLUMNS, rows },
      headline,
      detail: {
        http_at_2k: h.at2k,
        http_max: h.max,
        fanout: Object.fromEntries(f),
        market_tick: tick,
        order_cost: { pglite: h.orderCost, postgres: pgOrders?.orderCost ?? null },
        ...(pgOrders ? { postgres_http_at_2k: pgOrders.at2k, postgres_http_max: pgOrders.max } : {}),
      },
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
    { figure: 'market_tick_ms_5k_positions', op: '<=', value: 5, label: 'a tick with 5,000 open positions ≤ 5 ms' },
  ],
  browser: false,
  run,
};
