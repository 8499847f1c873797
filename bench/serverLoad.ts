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
import { io, type Socket } from 'socket.io-client';
import { WebSocketServer } from 'ws';
import type { ClientToServerEvents, ServerToClientEvents } from '../domain/protocol';
import type { FanoutAnswer, HttpAnswer, HttpCommand } from './loadDriver';
// The futures area's decoration of the Fastify instance (fastify.futures).
import type {} from '../server/futures/plugin';
import { CORES, cpuSeconds } from './lib/cpu';
import { postgresBase } from './lib/database';
import { startDriver, type Driver } from './lib/driver';
import { startServer, type BenchServer } from './lib/server';
import { round } from './lib/stats';
import type { Bench, BenchContext, BenchResult, Figure } from './lib/types';

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
  /** CPU ms an order cost the server's process (with PGlite in it when that is the engine), user + system. */
  server_cpu_ms: number;
  /** Of that, the server's main thread (JavaScript, and PGlite when it is the engine): one core at most. */
  server_main_cpu_ms: number;
  /** CPU ms an order cost a local PostgreSQL server's processes (0 on PGlite). */
  db_cpu_ms: number;
  /** By statement: how many an order ran and the ms each waited on average (queueing for a connection included). */
  by: { sql: string; per_order: number; ms_each: number }[];
}

/** Users of the many-users order case: one per connection, so each sends its next order when its last is answered. */
const ORDER_USERS = 50;

type Endpoint = {
  key: string;
  label: string;
  cmd: Omit<HttpCommand, 'rate' | 'connections' | 'seconds' | 'type'>;
  /** Offered at half the rate it reached at saturation (measured first) instead of at 2k/s. */
  half?: boolean;
};

async function http(
  server: BenchServer,
  driver: Driver,
  ctx: BenchContext,
  seconds: number,
  opts: { only?: readonly string[]; label?: string } = {},
): Promise<{
  rows: Row[];
  at2k: Record<string, HttpAnswer>;
  max: Record<string, HttpAnswer>;
  warmOrders: number;
  orderCost: Record<string, OrderCost>;
}> {
  const wanted = (key: string) => !opts.only || opts.only.includes(key);
  const token = await server.demoToken();
  const btc = server.app.market.pairBySymbol('BTC/USDT')!;
  // The smallest BTC market order at the top leverage: margin ~0.1 USDT, so thousands fit in the funds.
  const order = (type: '1' | '2') => JSON.stringify({ match_id: String(btc.id), type, share: '0.01', multiple: '100' });
  const users = wanted('orders_users') ? await server.fundedUsers(ORDER_USERS, '100000') : [];
  const endpoints: Endpoint[] = [
    { key: 'site_config', label: 'GET getSiteConfig (baseline)', cmd: { url: `${server.url}/api/getSiteConfig`, method: 'GET' } },
    { key: 'quotation_new', label: 'GET currency/quotation_new', cmd: { url: `${server.url}/api/currency/quotation_new`, method: 'GET' } },
    {
      key: 'order',
      label: 'POST lever/submit (market order), one user',
      cmd: { url: `${server.url}/api/lever/submit`, method: 'POST', headers: { authorization: token }, body: order('1') },
    },
    {
      key: 'orders_users',
      label: `POST lever/submit (market order), ${ORDER_USERS} users`,
      // Half the users long, half short: the platform's net exposure stays near zero, as on a busy market.
      cmd: { url: `${server.url}/api/lever/submit`, method: 'POST', tokens: users, bodies: [order('1'), order('2')] },
      half: true,
    },
  ];
  // The orders must succeed: a failing call would measure the error path.
  for (const [auth, body] of [[token, order('1')], ...(users.length ? [[users[0]!, order('2')]] : [])] as const) {
    const probe = await fetch(`${server.url}/api/lever/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body,
    });
    const probeJson = (await probe.json()) as { type: string; message: unknown };
    if (probeJson.type !== 'ok') throw new Error(`lever/submit probe failed: ${JSON.stringify(probeJson.message)}`);
  }

  // The background's own database work (the simulator's bars, the engines) over one second.
  const idle0 = server.dbCounts();
  const idleCpu0 = cpuSeconds();
  const idleT0 = performance.now();
  await new Promise((r) => setTimeout(r, 1000));
  const idle1 = server.dbCounts();
  const idleCpu1 = cpuSeconds();
  const idleS = (performance.now() - idleT0) / 1000;

  let warmOrders = 0;
  const orderCost: Record<string, OrderCost> = {};
  const rows: Row[] = [];
  const at2k: Record<string, HttpAnswer> = {};
  const max: Record<string, HttpAnswer> = {};
  for (const e of endpoints.filter((x) => wanted(x.key))) {
    // A short warm-up so the first figures are not the JIT's.
    if (!ctx.quick) {
      const warm = await driver.run<HttpAnswer>({ type: 'http', ...e.cmd, connections: 10, seconds: 1 });
      if (e.key === 'order') warmOrders = warm.requests;
    }
    const atMax = async () => {
      ctx.log(`HTTP ${e.key} at max`);
      const c0 = server.dbCounts();
      const cpu0 = cpuSeconds();
      const t0 = performance.now();
      const open = await driver.run<HttpAnswer>({ type: 'http', ...e.cmd, connections: 50, seconds });
      const c1 = server.dbCounts();
      const cpu1 = cpuSeconds();
      if (e.key !== 'site_config' && e.key !== 'quotation_new' && open.requests > 0) {
        const s = (performance.now() - t0) / 1000;
        const cpuMs = (k: 'server' | 'serverMain' | 'postgres') =>
          round((1000 * (cpu1[k] - cpu0[k] - ((idleCpu1[k] - idleCpu0[k]) / idleS) * s)) / open.requests, 2);
        const per = (k: 'statements' | 'transactions') => round((c1[k] - c0[k] - ((idle1[k] - idle0[k]) / idleS) * s) / open.requests, 1);
        const by = Object.entries(c1.bySql)
          .map(([sql, v]) => ({ sql, n: v.n - (c0.bySql[sql]?.n ?? 0), ms: v.ms - (c0.bySql[sql]?.ms ?? 0) }))
          .filter((x) => x.n >= open.requests / 20)
          .sort((a, b) => b.n * 1e6 + b.ms - (a.n * 1e6 + a.ms))
          .map((x) => ({ sql: x.sql, per_order: round(x.n / open.requests, 2), ms_each: round(x.ms / x.n, 2) }));
        orderCost[e.key] = {
          statements: per('statements'),
          transactions: per('transactions'),
          wait_ms: round((c1.waitMs - c0.waitMs - ((idle1.waitMs - idle0.waitMs) / idleS) * s) / open.requests, 2),
          server_cpu_ms: cpuMs('server'),
          server_main_cpu_ms: cpuMs('serverMain'),
          db_cpu_ms: cpuMs('postgres'),
          by,
        };
      }
      return open;
    };
    const fixedAt = (rate: number) => {
      ctx.log(`HTTP ${e.key} at ${rate} req/s`);
      return driver.run<HttpAnswer>({ type: 'http', ...e.cmd, rate, connections: 50, seconds });
    };
    let open: HttpAnswer;
    let fixed: HttpAnswer;
    let rate = 2000;
    if (e.half) {
      open = await atMax();
      rate = Math.max(1, Math.round(open.rps / 2));
      fixed = await fixedAt(rate);
    } else {
      fixed = await fixedAt(rate);
      open = await atMax();
    }
    at2k[e.key] = fixed;
    max[e.key] = open;
    const label = opts.label ? `${e.label}, ${opts.label}` : e.label;
    const offered = e.half ? `${rate} req/s (half)` : '2000 req/s';
    rows.push(httpRow(`${label} @ ${e.half ? 'half of max' : '2k/s'}`, offered, fixed), httpRow(`${label} @ max`, 'max (50 conns)', open));
  }
  return { rows, at2k, max, warmOrders, orderCost };
}

/**
 * The fan-out floor: a bare \`ws\` server on the same process that sends every client a frame of
 * the quotes message's size at the same rate, one \`send\` per client (what socket.io does under
 * its rooms, with nothing else): what one core and the kernel's loopback writes allow here.
 */
async function fanoutFloor(driver: Driver, clients: number, bytes: number, hz: number, seconds: number): Promise<FanoutAnswer> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const pad = 'x'.repeat(Math.max(0, bytes - 40));
  const timer = setInterval(() => {
    const frame = `{"ts":${Date.now()},"pad":"${pad}"}`;
    for (const client of wss.clients) client.send(frame);
  }, 1000 / hz);
  try {
    const { port } = wss.address() as { port: number };
    return await driver.run<FanoutAnswer>({ type: 'fanout', url: `http://127.0.0.1:${port}`, raw: true, clients, seconds });
  } finally {
    clearInterval(timer);
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
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

/**
 * The database's own ceiling on this box: statements a second when 50 callers each run `SELECT
 * $1` one after another through the app's database handle (no HTTP, no transaction). An order
 * that needs N statements cannot go faster than this ÷ N, whatever the server does around them.
 */
async function statementFloor(server: BenchServer, seconds: number): Promise<number> {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      while (performance.now() < until) {
        await server.db.query('SELECT $1::int AS n', [i]);
        done++;
      }
    }),
  );
  return Math.round(done / seconds);
}

/** Round trips to the database an order costs: its statements, and BEGIN and COMMIT of its transactions. */
function roundTrips(cost: OrderCost): number {
  return round(cost.statements + 2 * cost.transactions, 1);
}

/** CPU ms an order cost the server and the database together. */
function cpuOf(cost: OrderCost): number {
  return round(cost.server_cpu_ms + cost.db_cpu_ms, 2);
}

/** Orders a second the CPU allows: the server's main thread runs on one core at most, and all of it shares the machine's cores with the database. */
function cpuCeiling(cost: OrderCost): number {
  return Math.round(Math.min(1000 / cost.server_main_cpu_ms, (CORES * 1000) / cpuOf(cost)));
}

/** Orders a load placed on the endpoint (each one left a position open). */
function ordersOf(h: { at2k: Record<string, HttpAnswer>; max: Record<string, HttpAnswer> }, key: string): number {
  return (h.at2k[key]?.requests ?? 0) + (h.max[key]?.requests ?? 0);
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
    ctx.log(`fan-out floor: bare websocket, ${big} clients`);
    const floor = await fanoutFloor(driver, big, f.get(big)!.bytesPerMessage, hz, fanSeconds);
    const h = await http(srv, driver, ctx, httpSeconds);
    ctx.log('statement floor (PGlite)');
    const floorPglite = await statementFloor(srv, ctx.quick ? 1 : 3);
    // The order load left the demo user with one open position per order: the futures engine
    // checks them on every tick (stops, liquidation risk), so the tick's cost now includes that.
    const positions = 1 + h.at2k.order!.requests + h.max.order!.requests + (ctx.quick ? 0 : h.warmOrders) + ordersOf(h, 'orders_users');
    const afterOrders = tickCost(srv, ctx.quick ? 500 : 1500);
    const rows: Row[] = [...h.rows];
    // The same market order on PostgreSQL (a scratch database), after the PGlite server is idle.
    let pgOrders: Awaited<ReturnType<typeof http>> | null = null;
    let floorPostgres: number | null = null;
    const base = await postgresBase();
    if (base) {
      ctx.log('starting a server on PostgreSQL');
      const pgServer = await startServer({ hz, engine: 'postgres', postgresBase: base });
      try {
        pgOrders = await http(pgServer, driver, ctx, httpSeconds, { only: ['order', 'orders_users'], label: 'PostgreSQL' });
        rows.push(...pgOrders.rows);
        ctx.log('statement floor (PostgreSQL)');
        floorPostgres = await statementFloor(pgServer, ctx.quick ? 1 : 3);
      } finally {
        await pgServer.close();
      }
    } else {
      ctx.log('no PostgreSQL server answers: its rows are left out');
    }
    for (const [engine, floor, cost] of [
      ['PGlite', floorPglite, h.orderCost.orders_users],
      ['PostgreSQL', floorPostgres, pgOrders?.orderCost.orders_users],
    ] as const) {
      if (floor === null || !cost) continue;
      rows.push(
        [`database floor, ${engine}: SELECT $1, 50 callers, in process (statements/s)`, 'max', floor, '', '', '', 0],
        [
          `order ceiling, ${engine}: that floor ÷ ${roundTrips(cost)} round trips an order`,
          'derived',
          Math.round(floor / roundTrips(cost)),
          '',
          '',
          '',
          0,
        ],
        [
          `order ceiling, ${engine}: CPU, the lower of 1 core ÷ ${cost.server_main_cpu_ms} ms on the server's main thread and ${CORES} cores ÷ ${cpuOf(cost)} ms of the server's and the database's`,
          'derived',
          cpuCeiling(cost),
          '',
          '',
          '',
          0,
        ],
      );
    }
    rows.push([
      `fan-out floor: bare websocket, ${big} clients, same bytes and rate`,
      `${hz} msg/s each`,
      floor.mps,
      floor.p50,
      floor.p99,
      floor.max,
      floor.silent ? `${floor.silent} silent` : 0,
    ]);
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
      one_user_order_p99_ms_at_2k: h.at2k.order!.p99,
      site_config_p99_ms_at_2k: h.at2k.site_config!.p99,
      quotation_new_max_rps: h.max.quotation_new!.rps,
      one_user_order_max_rps: h.max.order!.rps,
      [`fanout_p99_ms_at_${big >= 1000 ? `${big / 1000}k` : big}`]: bigA.p99,
      fanout_p99_ms_1_client: f.get(1)!.p99,
      [`fanout_floor_p99_ms_at_${big >= 1000 ? `${big / 1000}k` : big}`]: floor.p99,
      market_tick_ms_subscribed: round(tick.busy, 3),
      market_tick_ms_after_orders: round(afterOrders, 3),
      market_tick_ms_5k_positions: round(tick.engine, 3),
      orders_max_rps_pglite: h.max.orders_users!.rps,
      orders_p99_ms_at_half_pglite: h.at2k.orders_users!.p99,
      order_statements_pglite: h.orderCost.orders_users!.statements,
      statement_floor_per_s_pglite: floorPglite,
      order_db_wait_ms_pglite: h.orderCost.orders_users!.wait_ms,
      order_cpu_ms_pglite: cpuOf(h.orderCost.orders_users!),
      order_main_thread_cpu_ms_pglite: h.orderCost.orders_users!.server_main_cpu_ms,
      order_cpu_ceiling_pglite: cpuCeiling(h.orderCost.orders_users!),
      ...(pgOrders
        ? {
            orders_max_rps_postgres: pgOrders.max.orders_users!.rps,
            orders_p99_ms_at_half_postgres: pgOrders.at2k.orders_users!.p99,
            order_statements_postgres: pgOrders.orderCost.orders_users!.statements,
            statement_floor_per_s_postgres: floorPostgres!,
            order_db_wait_ms_postgres: pgOrders.orderCost.orders_users!.wait_ms,
            order_server_cpu_ms_postgres: pgOrders.orderCost.orders_users!.server_cpu_ms,
            order_db_cpu_ms_postgres: pgOrders.orderCost.orders_users!.db_cpu_ms,
            order_main_thread_cpu_ms_postgres: pgOrders.orderCost.orders_users!.server_main_cpu_ms,
            order_cpu_ceiling_postgres: cpuCeiling(pgOrders.orderCost.orders_users!),
            one_user_order_max_rps_postgres: pgOrders.max.order!.rps,
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
          'per market order over the closed-loop load, less the idle server’s rate: statements (BEGIN/COMMIT not counted), transactions, ms waiting for answers (concurrent waits add up), CPU ms of the server’s process and of a local PostgreSQL’s processes (/proc)',
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
    { figure: 'orders_max_rps_pglite', op: '>=', value: 500, label: 'market orders ≥ 500/s on PGlite' },
    { figure: 'orders_max_rps_postgres', op: '>=', value: 1500, label: 'market orders ≥ 1,500/s on PostgreSQL' },
    { figure: 'orders_p99_ms_at_half_pglite', op: '<=', value: 50, label: 'p99 ≤ 50 ms at half the saturation rate' },
    { figure: 'orders_p99_ms_at_half_postgres', op: '<=', value: 50, label: 'p99 ≤ 50 ms at half the saturation rate' },
    { figure: 'fanout_p99_ms_at_5k', op: '<=', value: 50, label: '5k clients at p99 ≤ 50 ms' },
    { figure: 'market_tick_ms_5k_positions', op: '<=', value: 5, label: 'a tick with 5,000 open positions ≤ 5 ms' },
  ],
  browser: false,
  run,
};
