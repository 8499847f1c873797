/**
 * The `exchanges` benchmark: 100 users exchanging at once against the treasury (every fill
 * touches the two treasury rows and a fee shard), beside the same 100 users moving money
 * between their own accounts (no platform row at all) and one user exchanging alone; then the
 * same users opening and closing a futures position each (a close's P&L is the treasury's, its
 * fee a fee shard's). Runs on PGlite and, when a server answers, on PostgreSQL (a scratch
 * database, bench/lib/database.ts), one after the other in the same run.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { SessionStore } from '../server/auth/SessionStore';
import { systemClock } from '../server/clock';
import { Decimal } from '../domain/decimal';
import type { HttpAnswer } from './loadDriver';
import { postgresBase, scratchDb, type Engine } from './lib/database';
import { startDriver, type Driver } from './lib/driver';
import { round } from './lib/stats';
import { ledgerViolations } from '../tests/sim/ledgerChecks';
import type { Bench, BenchContext, BenchResult } from './lib/types';

const USERS = 100;

export const exchanges: Bench = {
  name: 'exchanges',
  id: 'ledger',
  title: '100 users exchanging, and opening and closing futures positions, at once against the treasury (ledger contention)',
  baseline: 'the same users moving money between their own accounts; one user exchanging alone',
  targets: [
    { figure: 'exchanges_ops_s_postgres', op: '>=', value: 1000, label: '100 users exchanging ≥ 1,000 ops/s on PostgreSQL' },
    { figure: 'tx_retries_postgres', op: '<=', value: 0, label: 'no retries' },
    { figure: 'ledger_violations_postgres', op: '<=', value: 0, label: 'the ledger balanced after the run' },
  ],
  browser: false,
  run: exchangesBench,
};

interface Load {
  ops: number;
  p50: number;
  p99: number;
}

async function exchangesBench(ctx: BenchContext): Promise<BenchResult> {
  const base = await postgresBase();
  const engines: Engine[] = base ? ['pglite', 'postgres'] : ['pglite'];
  const runs = [];
  const driver = await startDriver();
  try {
    for (const engine of engines) {
      ctx.log(`on ${engine}`);
      runs.push({ engine, ...(await runOn(engine, base, ctx, driver)) });
    }
  } finally {
    driver.close();
  }
  const SECONDS = ctx.quick ? 2 : 5;
  const [lite, pg] = runs;
  return {
    conditions: {
      engines: engines.join(' + '),
      users: USERS,
      seconds_each: SECONDS,
      driver:
        'second process on loopback (autocannon), one connection a user, each sending its next call when the last is answered; every answer checked',
      latency: 'per call (an open and its close are two)',
    },
    table: {
      columns: ['case', 'ops/s', 'p50 ms', 'p99 ms', 'tx retries'],
      rows: runs.flatMap((r) => [
        [`${r.engine}: baseline, 100 users, transfers between own accounts`, r.transfers.ops, r.transfers.p50, r.transfers.p99, ''],
        [`${r.engine}: baseline, 1 user exchanging`, r.single.ops, r.single.p50, r.single.p99, ''],
        [`${r.engine}: 100 users exchanging against the treasury`, r.exchanges.ops, r.exchanges.p50, r.exchanges.p99, r.retries],
        [
          `${r.engine}: 100 users opening and closing a futures position (the pair of calls)`,
          r.closes.ops,
          r.closes.p50,
          r.closes.p99,
          r.closeRetries,
        ],
        [
          `${r.engine}: the ledger after the run, violations of its rules (every operation sums to zero, balances match their journal, …)`,
          r.violations,
          '',
          '',
          '',
        ],
      ]),
    },
    headline: {
      exchanges_ops_s: lite!.exchanges.ops,
      exchanges_p99_ms: lite!.exchanges.p99,
      transfers_ops_s: lite!.transfers.ops,
      tx_retries: lite!.retries,
      closes_ops_s: lite!.closes.ops,
      ledger_violations: lite!.violations,
      ...(pg
        ? {
            exchanges_ops_s_postgres: pg.exchanges.ops,
            exchanges_p99_ms_postgres: pg.exchanges.p99,
            transfers_ops_s_postgres: pg.transfers.ops,
            tx_retries_postgres: pg.retries,
            closes_ops_s_postgres: pg.closes.ops,
            ledger_violations_postgres: pg.violations,
          }
        : {}),
    },
  };
}

async function runOn(
  engine: Engine,
  base: string | null,
  ctx: BenchContext,
  driver: Driver,
): Promise<{ transfers: Load; single: Load; exchanges: Load; closes: Load; retries: number; closeRetries: number; violations: number }> {
  const SECONDS = ctx.quick ? 2 : 5;
  const { db, dispose } = await scratchDb(engine, base);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kestrel-bench-'));
  // Every transaction attempt, counted: a retry means a deadlock or a serialization failure.
  const tx = db.tx.bind(db);
  let retries = 0;
  db.tx = ((fn) => {
    let attempt = 0;
    return tx((q) => {
      if (attempt++) retries++;
      return fn(q);
    });
  }) as typeof db.tx;
  const app = await buildApp({
    db,
    clock: systemClock,
    dataDir,
    seed: 'bench',
    marketHz: 10,
    historyDays: 1,
    devOutbox: false,
    scryptLogN: 14,
    // 100 users on one loopback address: the per-address limit would be what is measured.
    rateLimitPerMinute: 0,
    startMarket: false,
  });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.fastify.server.address() as { port: number }).port}`;
  const opsToken = (await readFile(path.join(dataDir, 'ops.token'), 'utf8')).trim();
  try {
    const sessions = new SessionStore(db, systemClock);
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const email = `bench${i}@example.com`;
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO users (email, password_hash, invite_code, nickname, created_at) VALUES ($1, 'x', $2, 'bench', $3) RETURNING id`,
        [email, `BENCH${i}`, Date.now()],
      );
      tokens.push(await sessions.create(row!.id, { ip: '10.0.0.1', userAgent: 'bench' }));
      for (const [account, currency, amount] of [
        ['change', 'USDT', '1000000'],
        ['change', 'BTC', '10'],
        ['lever', 'USDT', '100000'],
      ]) {
        const res = await fetch(`${url}/ops/credit`, {
          method: 'POST',
          headers: { 'x-ops-token': opsToken, 'content-type': 'application/json' },
          body: JSON.stringify({ user: email, account, currency, amount, reason: 'bench' }),
        });
        if (((await res.json()) as { type: string }).type !== 'ok') throw new Error('credit failed');
      }
    }

    type Call = { path: string; body: Record<string, string> };
    /**
     * Closed loop from the driver process: each user sends its next call when the last is answered,
     * going through its sequence (users take the sequences in turn), for SECONDS. An operation is one
     * pass through a sequence's `per` calls.
     */
    const load = async (users: string[], sequences: Call[][], per = 1): Promise<Load> => {
      const a = await driver.run<HttpAnswer>({
        type: 'http',
        url,
        method: 'POST',
        tokens: users,
        sequences: sequences.map((calls) => calls.map((c) => ({ path: `/api${c.path}`, body: JSON.stringify(c.body) }))),
        connections: users.length,
        seconds: SECONDS,
      });
      const failures = a.failed + a.non2xx + a.errors + a.timeouts;
      if (failures) throw new Error(`${failures} of ${a.requests} calls failed (${sequences[0]![0]!.path})`);
      return { ops: round(a.rps / per, 1), p50: a.p50, p99: a.p99 };
    };
    const usdtToBtc: Call = { path: '/user/Transfer', body: { number: '10', from_currency_id: '3', to_currency_id: '1' } };
    const btcToUsdt: Call = { path: '/user/Transfer', body: { number: '0.0001', from_currency_id: '1', to_currency_id: '3' } };
    const exchange = [[usdtToBtc, btcToUsdt]];
    const move = (from: string, to: string): Call => ({
      path: '/wallet/change',
      body: { currency_id: '3', number: '1', from_field: from, to_field: to },
    });
    const transfer = [[move('change', 'lever'), move('lever', 'change')]];

    // The smallest BTC market order at the top leverage, half the users long and half short (the
    // platform's net exposure stays near zero), closed at once: each close pays or takes its P&L.
    const btc = app.market.pairBySymbol('BTC/USDT')!;
    const open = (type: '1' | '2'): Call => ({
      path: '/lever/submit',
      body: { match_id: String(btc.id), type, share: '0.01', multiple: '100' },
    });
    const close: Call = { path: '/lever/close', body: { id: '$id' } };
    const openClose = [
      [open('2'), close, open('1'), close],
      [open('1'), close, open('2'), close],
    ];

    const transfers = await load(tokens, transfer);
    const single = await load(tokens.slice(0, 1), exchange);
    const exchanges = await load(tokens, exchange);
    const exchangeRetries = retries;
    // The market is not running: a trade a second keeps the pair's price fresh and moving.
    const price = new Decimal(app.market.ticker('BTC/USDT')!.price);
    let step = 0;
    const ticking = setInterval(() => app.market.tradeAt('BTC/USDT', price.plus((step++ % 5) - 2).toFixed(2)), 1000);
    const closes = await load(tokens, openClose, 2).finally(() => clearInterval(ticking));
    // What the simulation's checkpoints check, over the whole ledger the run wrote.
    const violations = await ledgerViolations(db);
    for (const v of violations.slice(0, 5)) ctx.log(`ledger: ${v}`);
    return {
      transfers,
      single,
      exchanges,
      closes,
      retries: exchangeRetries,
      closeRetries: retries - exchangeRetries,
      violations: violations.length,
    };
  } finally {
    await app.close();
    db.tx = tx;
    await dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}
