/**
 * The system under simulation: the real server (`buildApp`, every plugin and engine) in this
 * process on the injected `ManualClock`, listening on a loopback port, on a fresh copy of a
 * template database — PGlite by default, PostgreSQL when a URL is given. It can crash and come
 * back on the same database, as a node would after a kill.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { buildApp, type App, type AppOptions } from '../../server/app';
import { ManualClock } from '../../server/clock';
import type { Db } from '../../server/db/db';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { adminQuery as admin, databaseUrl as dbUrl } from '../server/database';

/** 2026-01-05 00:00 UTC, a Monday: the template's market history ends here and every run starts after it. */
export const SIM_EPOCH = Date.UTC(2026, 0, 5);

/** What every simulated server is built with; the rest (db, clock, dataDir) is the world's. */
export const SIM_APP_OPTIONS = {
  seed: 'sim',
  marketHz: 4,
  historyDays: 1,
  devOutbox: true,
  // Cheap password hashing: hundreds of users register in a run.
  scryptLogN: 10,
  // Each simulated user sends from its own address (X-Forwarded-For).
  trustProxy: true,
  rateLimitPerMinute: 1_000_000,
  // A crash leaves claims committed and never answered; the restarted node answers a retry of one
  // at once (the claim is a stopped process's, and this node is alone). The wait is for a claim of
  // the live process, whose requests here take milliseconds: 3 s is ample.
  idempotencyWaitMs: 3_000,
  // The simulation moves every price itself (`market.tradeAt`); the demo traders stay off.
  startMarket: false,
  demoTraders: false,
} satisfies Partial<AppOptions>;

export interface SimDatabase {
  db: Db;
  /** PostgreSQL: the copy's URL (a restarted node opens a new pool on it); null on PGlite. */
  url: string | null;
  /** The node is about to be killed: its pool's connections will be cut, which is expected from now on. */
  abandon(): void;
  dispose(): Promise<void>;
}

let pgliteTemplate: Promise<Blob> | null = null;
const pgTemplates = new Map<string, Promise<string>>();

/** Builds the app once on an empty database at the epoch: migrations, seed and one day of history. */
async function prepare(db: Db): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-sim-tpl-'));
  try {
    const app = await buildApp({ ...SIM_APP_OPTIONS, db, clock: new ManualClock(SIM_EPOCH), dataDir });
    await app.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database for one run, copied from a template made once per process. */
export async function openSimDatabase(postgresUrl: string | null): Promise<SimDatabase> {
  if (!postgresUrl) {
    pgliteTemplate ??= (async () => {
      const db = await openPglite(null);
      await prepare(db);
      const dump = await db.dump();
      await db.close();
      return dump;
    })();
    const db = await openPglite(null, await pgliteTemplate);
    return { db, url: null, abandon: () => undefined, dispose: () => db.close() };
  }
  const base = postgresUrl;
  // One template per process: `--jobs` runs several simulators against one server.
  const template = `kestrel_sim_tpl_${new URL(base).pathname.replace(/\W/g, '') || 'db'}_${process.pid}`.toLowerCase();
  let made = pgTemplates.get(base);
  if (!made) {
    made = (async () => {
      await admin(base, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin(base, `CREATE DATABASE ${template}`);
      const db = await openPostgres(dbUrl(base, template));
      await prepare(db);
      await db.close();
      return template;
    })();
    pgTemplates.set(base, made);
  }
  await made;
  const name = `kestrel_sim_${randomBytes(6).toString('hex')}`;
  await admin(base, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = dbUrl(base, name);
  let disposing = false;
  let abandoned = false;
  const db = await openPostgres(url, 10, (error) => {
    if (!disposing && !abandoned) throw error;
  });
  return {
    db,
    url,
    abandon: () => {
      abandoned = true;
    },
    async dispose() {
      disposing = true;
      await db.close();
      await admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Drops the PostgreSQL templates this process made (end of a run). */
export async function dropSimTemplates(): Promise<void> {
  for (const [base, made] of pgTemplates) {
    const name = await made.catch(() => null);
    if (name) await admin(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
  pgTemplates.clear();
}

/** An error line the server logged (engines log a failed step and retry it). */
export interface LoggedError {
  at: number;
  msg: string;
  err?: string;
}

export class World {
  app!: App;
  url = '';
  opsToken = '';
  readonly clock: ManualClock;
  /** Error lines logged by the server, oldest first; the runner reads and clears them after each step. */
  readonly errors: LoggedError[] = [];
  /** How many times the server has been started (1 after `start`). */
  generation = 0;
  private dataDir = '';
  /** Stops hearing the running node's log (it is being killed). */
  private silence: () => void = () => undefined;
  /** The pools of crashed nodes (PostgreSQL): closed at the end, their connections already cut. */
  private deadPools: Db[] = [];
  private db: Db;

  constructor(
    private readonly database: SimDatabase,
    startAt: number,
    /** Called with every app right after it is built (the simulation's planted faults hook in here). */
    private readonly onBuilt: (app: App) => void = () => undefined,
  ) {
    this.clock = new ManualClock(startAt);
    this.db = database.db;
  }

  get currentDb(): Db {
    return this.db;
  }

  async start(): Promise<void> {
    if (!this.dataDir) this.dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-sim-'));
    const errors = this.errors;
    const clock = this.clock;
    // A crashed node is a dead process: what it logs while its connections are cut is not heard.
    let alive = true;
    this.silence = () => {
      alive = false;
    };
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of alive ? chunk.toString('utf8').split('\n') : []) {
          if (!line.trim()) continue;
          try {
            const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string; type?: string } };
            if ((entry.level ?? 0) >= 50)
              errors.push({ at: clock.now(), msg: entry.msg ?? '', err: entry.err?.message ?? entry.err?.type });
          } catch {
            errors.push({ at: clock.now(), msg: line });
          }
        }
        done();
      },
    });
    this.app = await buildApp({
      ...SIM_APP_OPTIONS,
      db: this.db,
      clock: this.clock,
      dataDir: this.dataDir,
      logger: { level: 'error', stream },
    });
    this.onBuilt(this.app);
    await this.app.fastify.listen({ port: 0, host: '127.0.0.1' });
    this.url = `http://127.0.0.1:${(this.app.fastify.server.address() as AddressInfo).port}`;
    this.opsToken ||= (await readFile(path.join(this.dataDir, 'ops.token'), 'utf8')).trim();
    this.generation++;
  }

  /**
   * Kills the node: every open connection is cut mid-request, and on PostgreSQL every
   * connection of its pool is terminated by the server, so a transaction in flight rolls back as
   * it would when the process dies. The engines' timers stop with it. The database stays.
   */
  async crash(): Promise<void> {
    this.silence();
    this.app.fastify.server.closeAllConnections();
    if (this.database.url) {
      const victim = this.db;
      if (victim === this.database.db) this.database.abandon();
      await admin(
        this.database.url,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      ).catch(() => undefined);
      this.deadPools.push(victim);
      this.db = await openPostgres(this.database.url, 10, () => undefined);
    }
    await this.app.close().catch(() => undefined);
  }

  /** Starts a new node on the same database (and the same clock: time went on). */
  async restart(): Promise<void> {
    await this.start();
  }

  async close(): Promise<void> {
    await this.app?.close().catch(() => undefined);
    // The first pool is the database's own (closed by `dispose`); later ones are the restarts'.
    for (const pool of [...this.deadPools, this.db]) if (pool !== this.database.db) await pool.close().catch(() => undefined);
    await this.database.dispose();
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true });
  }
}
