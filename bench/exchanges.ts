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
import { postgresBase, scratchDb, type Engine } from './lib/database';
import { percentile, round } from './lib/stats';
import type { Bench, BenchContext, BenchResult } from './lib/types';

const USERS = 100;

export const exchanges: Bench = {
  name: 'exchanges',
  id: 'ledger',
  title: '100 users exchanging, and opening and closing futures positions, at once against the treasury (ledger contention)',
  baseline: 'the same users moving money between their own accounts; one user exchanging alone',
  targets: [],
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
  for (const engine of engines) {
    ctx.log(`on ${engine}`);
    runs.push({ engine, ...(await runOn(engine, base, ctx)) });
  }
  const SECONDS = ctx.quick ? 2 : 5;
  const [lite, pg] = runs;
  return {
    conditions: { engines: engines.join(' + '), users: USERS, seconds_each: SECONDS },
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
      ]),
    },
    headline: {
      exchanges_ops_s: lite!.exchanges.ops,
      exchanges_p99_ms: lite!.exchanges.p99,
      transfers_ops_s: lite!.transfers.ops,
      tx_retries: lite!.retries,
      closes_ops_s: lite!.closes.ops,
      ...(pg
        ? {
            exchanges_ops_s_postgres: pg.exchanges.ops,
            exchanges_p99_ms_postgres: pg.exchanges.p99,
            transfers_ops_s_postgres: pg.transfers.ops,
            tx_retries_postgres: pg.retries,
            closes_ops_s_postgres: pg.closes.ops,
          }
        : {}),
    },
  };
}

async function runOn(
  engine: Engine,
  base: string | null,
  ctx: BenchContext,
): Promise<{ transfers: Load; single: Load; exchanges: Load; closes: Load; retries: number; closeRetries: number }> {
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

    const post = async (token: string, pathname: string, body: Record<string, string>) => {
      const res = await fetch(`${url}/api${pathname}`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      });
      const envelope = (await res.json()) as { type: string; message: unknown };
      if (envelope.type !== 'ok') throw new Error(`${pathname}: ${String(envelope.message)}`);
      return envelope.message;
    };
    /** Closed loop: each user sends its next request when the last is answered, for SECONDS. */
    const load = async (users: string[], next: (token: string, i: number) => Promise<unknown>) => {
      const latencies: number[] = [];
      const start = performance.now();
      const end = Date.now() + SECONDS * 1000;
      await Promise.all(
        users.map(async (token) => {
          for (let i = 0; Date.now() < end; i++) {
            const t0 = performance.now();
            await next(token, i);
            latencies.push(performance.now() - t0);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      // Over the time until the last call was answered: a closed loop of 100 users finishes a round
      // of calls together, so the count over SECONDS alone moves in steps of 100 / SECONDS.
      return {
        ops: round(latencies.length / ((performance.now() - start) / 1000), 1),
        p50: round(percentile(latencies, 50), 1),
        p99: round(percentile(latencies, 99), 1),
      };
    };
    const exchange = (token: string, i: number) =>
      post(
        token,
        '/user/Transfer',
        i % 2
          ? { number: '0.0001', from_currency_id: '1', to_currency_id: '3' }
          : { number: '10', from_currency_id: '3', to_currency_id: '1' },
      );
    const transfer = (token: string, i: number) =>
      post(token, '/wallet/change', {
        currency_id: '3',
        number: '1',
        from_field: i % 2 ? 'lever' : 'change',
        to_field: i % 2 ? 'change' : 'lever',
      });

    // The smallest BTC market order at the top leverage, half the users long and half short (the
    // platform's net exposure stays near zero), closed at once: each close pays or takes its P&L.
    const btc = app.market.pairBySymbol('BTC/USDT')!;
    const openClose = async (token: string, i: number) => {
      const side = (tokens.indexOf(token) + i) % 2 ? '1' : '2';
      const trade = (await post(token, '/lever/submit', { match_id: String(btc.id), type: side, share: '0.01', multiple: '100' })) as {
        id: number;
      };
      await post(token, '/lever/close', { id: String(trade.id) });
    };

    const transfers = await load(tokens, transfer);
    const single = await load(tokens.slice(0, 1), exchange);
    const exchanges = await load(tokens, exchange);
    const exchangeRetries = retries;
    // The market is not running: a trade a second keeps the pair's price fresh and moving.
    const price = new Decimal(app.market.ticker('BTC/USDT')!.price);
    let step = 0;
    const ticking = setInterval(() => app.market.tradeAt('BTC/USDT', price.plus((step++ % 5) - 2).toFixed(2)), 1000);
    const closes = await load(tokens, openClose).finally(() => clearInterval(ticking));
    return { transfers, single, exchanges, closes, retries: exchangeRetries, closeRetries: retries - exchangeRetries };
  } finally {
    await app.close();
    db.tx = tx;
    await dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}
