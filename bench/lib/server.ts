/**
 * The real server for a benchmark: the whole app (PGlite in memory by default, or a scratch
 * PostgreSQL database; the simulated market; the built client when asked) on a free loopback
 * port, torn down afterwards.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../server/app';
import { ManualClock, systemClock } from '../../server/clock';
import type { Db } from '../../server/db/db';
import { countingDb, scratchDb, type DbCounts, type Engine } from './database';
import { DEMO_ACCOUNT } from '../../server/seed/seed';
// The users' and sessions' decorations of the Fastify instance (fastify.users, fastify.sessions).
import type {} from '../../server/users/plugin';
import type {} from '../../server/auth/plugin';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

export interface BenchServer {
  app: App;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Calls `/api<path>` and answers its `message`; throws on an error answer. */
  api<T = unknown>(pathname: string, body?: Record<string, string>, opts?: { token?: string; method?: 'GET' | 'POST' }): Promise<T>;
  /** Logs the demo account in (it holds funds) and answers its token. */
  demoToken(): Promise<string>;
  /** Makes `count` users, each with `usdt` in its futures account, and answers a session token of each. */
  fundedUsers(count: number, usdt: string): Promise<string[]>;
  /** What the database was asked so far (statements, transactions, time waiting). */
  dbCounts(): DbCounts;
  /** The app's database (counted). */
  db: Db;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Step the market by hand (no timers) on a manual clock. */
  manual?: boolean;
  /** Ticks per second of the real simulator (default 10). */
  hz?: number;
  /** Do not start the simulator (a bench feed publishes instead). */
  quietMarket?: boolean;
  /** Serve the built client at `/` (builds it first when the sources are newer). */
  client?: boolean;
  historyDays?: number;
  /** The database engine (default PGlite in memory); PostgreSQL needs `postgresBase`. */
  engine?: Engine;
  /** The PostgreSQL server for `engine: 'postgres'` (bench/lib/database.ts `postgresBase()`). */
  postgresBase?: string | null;
}

/** Builds the client when `dist/` is missing or older than its sources (as `npm start` does). */
export function buildClientIfNeeded(): void {
  execFileSync('node', ['scripts/build-if-needed.mjs'], { cwd: ROOT, stdio: 'inherit' });
}

export async function startServer(opts: ServerOptions = {}): Promise<BenchServer> {
  if (opts.client) buildClientIfNeeded();
  const scratch = await scratchDb(opts.engine ?? 'pglite', opts.postgresBase ?? null);
  const { db, counts } = countingDb(scratch.db);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kestrel-bench-'));
  const app = await buildApp({
    db,
    clock: opts.manual ? new ManualClock(Date.now()) : systemClock,
    dataDir,
    seed: 'bench',
    marketHz: opts.hz ?? 10,
    historyDays: opts.historyDays ?? 1,
    devOutbox: false,
    scryptLogN: 14,
    // A benchmark is one client hammering loopback: the per-address limit would be what is measured.
    rateLimitPerMinute: 0,
    startMarket: !opts.manual && !opts.quietMarket,
    // The demo account holds the funds the order load spends (made by default on PGlite only).
    demoAccount: true,
    ...(opts.client ? { distDir: path.join(ROOT, 'dist') } : {}),
  });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  let made = 0;
  const url = `http://127.0.0.1:${(app.fastify.server.address() as { port: number }).port}`;
  const api = async <T>(pathname: string, body: Record<string, string> = {}, o: { token?: string; method?: 'GET' | 'POST' } = {}) => {
    const method = o.method ?? 'POST';
    const target = new URL(`${url}/api${pathname}`);
    if (method === 'GET') for (const [k, v] of Object.entries(body)) target.searchParams.set(k, v);
    const res = await fetch(target, {
      method,
      headers: { 'content-type': 'application/json', ...(o.token ? { authorization: o.token } : {}) },
      body: method === 'GET' ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { type: string; message: unknown };
    if (json.type !== 'ok') throw new Error(`${pathname}: ${String(json.message)}`);
    return json.message as T;
  };
  return {
    app,
    url,
    api,
    demoToken: () => api<string>('/user/login', { user_string: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
    async fundedUsers(count, usdt) {
      const opsToken = (await readFile(path.join(dataDir, 'ops.token'), 'utf8')).trim();
      const tokens: string[] = [];
      for (let i = 0; i < count; i++) {
        const email = `bench-${made++}@example.com`;
        const user = await app.fastify.users.create({
          email,
          areaCode: null,
          mobile: null,
          passwordHash: 'x',
          invitedBy: null,
          nickname: 'bench',
          createdAt: Date.now(),
        });
        tokens.push(await app.fastify.sessions.create(user.id, { ip: '10.0.0.1', userAgent: 'bench' }));
        const res = await fetch(`${url}/ops/credit`, {
          method: 'POST',
          headers: { 'x-ops-token': opsToken, 'content-type': 'application/json' },
          body: JSON.stringify({ user: email, account: 'lever', currency: 'USDT', amount: usdt, reason: 'bench' }),
        });
        const json = (await res.json()) as { type: string; message: unknown };
        if (json.type !== 'ok') throw new Error(`credit: ${String(json.message)}`);
      }
      return tokens;
    },
    dbCounts: counts,
    db,
    async close() {
      await app.close();
      await scratch.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
