/**
 * The `exchanges` benchmark: 100 users exchanging at once against the treasury (every fill
 * touches the two treasury rows and a fee shard), beside the same 100 users moving money
 * between their own accounts (no platform row at all) and one user exchanging alone. Runs on
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (in a scratch database
 * `kestrel_bench_<name>` next to it, dropped afterwards), else on PGlite.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { SessionStore } from '../server/auth/SessionStore';
import { systemClock } from '../server/clock';
import type { Db } from '../server/db/db';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import { adminQuery, databaseUrl } from '../tests/server/database';

import { percentile, round } from './lib/stats';
import type { Bench, BenchContext, BenchResult } from './lib/types';

const USERS = 100;

/** A fresh database: a scratch one on the PostgreSQL server named by the environment, else PGlite in memory. */
async function scratchDb(): Promise<{ db: Db; engine: string; dispose(): Promise<void> }> {
  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!base) {
    const db = await openPglite(null);
    return { db, engine: 'pglite', dispose: () => db.close() };
  }
  const name = `kestrel_bench_${new URL(base).pathname.replace(/^\//, '').replace(/\W/g, '_') || 'db'}`.toLowerCase();
  await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(base, `CREATE DATABASE ${name}`);
  // The server's own pool size (server/db/postgres.ts).
  const db = await openPostgres(databaseUrl(base, name));
  return {
    db,
    engine: 'postgres',
    async dispose() {
      await db.close();
      await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export const exchanges: Bench = {
  name: 'exchanges',
  id: 'ledger',
  title: '100 users exchanging at once against the treasury (ledger contention)',
  baseline: 'the same users moving money between their own accounts; one user exchanging alone',
  targets: [],
  browser: false,
  run: exchangesBench,
};

async function exchangesBench(ctx: BenchContext): Promise<BenchResult> {
  const SECONDS = ctx.quick ? 2 : 5;
  const { db, engine, dispose } = await scratchDb();
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
      for (const [currency, amount] of [
        ['USDT', '1000000'],
        ['BTC', '10'],
      ]) {
        const res = await fetch(`${url}/ops/credit`, {
          method: 'POST',
          headers: { 'x-ops-token': opsToken, 'content-type': 'application/json' },
          body: JSON.stringify({ user: email, account: 'change', currency, amount, reason: 'bench' }),
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
    };
    /** Closed loop: each user sends its next request when the last is answered, for SECONDS. */
    const load = async (users: string[], next: (token: string, i: number) => Promise<void>) => {
      const latencies: number[] = [];
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
      return {
        ops: round(latencies.length / SECONDS, 1),
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

    const transfers = await load(tokens, transfer);
    const single = await load(tokens.slice(0, 1), exchange);
    const exchanges = await load(tokens, exchange);
    return {
      conditions: { engine, users: USERS, seconds_each: SECONDS },
      table: {
        columns: ['case', 'ops/s', 'p50 ms', 'p99 ms'],
        rows: [
          ['baseline: 100 users, transfers between own accounts', transfers.ops, transfers.p50, transfers.p99],
          ['baseline: 1 user exchanging', single.ops, single.p50, single.p99],
          ['100 users exchanging against the treasury', exchanges.ops, exchanges.p50, exchanges.p99],
        ],
      },
      headline: {
        exchanges_ops_s: exchanges.ops,
        exchanges_p99_ms: exchanges.p99,
        transfers_ops_s: transfers.ops,
        tx_retries: retries,
      },
    };
  } finally {
    await app.close();
    db.tx = tx;
    await dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}
