import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { CodeDelivery } from '../auth/CodeDelivery';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { Leadership } from './leadership';
import type { ClusterBus } from './cluster/ClusterBus';
import type { CounterStore } from '../http/CounterStore';
import type { OutboxStore } from '../auth/CodeDelivery';
import type { ServerOptions } from 'socket.io';
import type { VenueConfig } from '../config';

/** What `buildApp` is given; every area plugin receives it as its options. */
export interface AppOptions {
  db: Db;
  clock: Clock;
  seed: string;
  marketHz: number;
  historyDays: number;
  /** A real exchange pricing the crypto pairs (`MARKET_SOURCE=ccxt`); absent: the simulator prices all. */
  marketVenue?: VenueConfig | null;
  devOutbox: boolean;
  scryptLogN: number;
  /** Least time between two codes to one target (default 60 s; `CODE_RESEND_SECONDS`, for the e2e server). */
  codeResendMs?: number;
  /**
   * Proxies whose `X-Forwarded-For` is believed: addresses, CIDR ranges or `loopback`; `true`
   * means loopback only. Default: none.
   */
  trustProxy?: boolean | readonly string[];
  /**
   * How long a retry waits for the first request with its key to finish (default 15 s): after
   * that, "in progress", or for a claim committed and never answered (its node stopped in
   * between) "may have been carried out". The seeded simulation, whose crashes leave such
   * claims and whose requests take milliseconds, waits less.
   */
  idempotencyWaitMs?: number;
  /** Requests per minute per client address on every route (default 600); 0 turns it off. */
  rateLimitPerMinute?: number;
  /** Built app to serve at `/`; skipped when the folder does not exist. */
  distDir?: string;
  /** Uploads (unless `uploadsDir`) and the operator token live here. */
  dataDir: string;
  /** Where uploaded files live (default `dataDir/uploads`); a folder every node mounts when there are several. */
  uploadsDir?: string;
  /** Operator token; when null it is read from (or written to) `dataDir/ops.token`. */
  opsToken?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Start the market ticking (tests may step it by hand). Default true. */
  startMarket?: boolean;
  /**
   * Create the demo account (its password is public, README). Default: only on the embedded
   * database (PGlite); `DEMO_ACCOUNT=1` asks for it on PostgreSQL. When off, an existing demo
   * account's password is replaced at start, so nobody signs in with the published one.
   */
  demoAccount?: boolean;
  /** Let the demo traders trade on the leader (copy trading's demo data). Default true; server tests turn it off. */
  demoTraders?: boolean;
  /**
   * Who runs the market source and the engines: one node at a time. Default: this process
   * alone (PGlite, or one PostgreSQL node); `main.ts` passes an advisory-lock role on PostgreSQL.
   */
  leadership?: (log: FastifyBaseLogger) => Leadership;
  /** Replaces the code delivery (tests). */
  delivery?: (log: FastifyBaseLogger) => CodeDelivery;
  /**
   * socket.io's room adapter: in-process by default; with `REDIS_URL` the Redis streams adapter,
   * so a user's private room reaches their sockets on every node.
   */
  socketAdapter?: ServerOptions['adapter'];
  /** Web Push VAPID keys and subject (`VAPID_*`); keys left out are generated once into `server_secrets`. */
  vapid?: { publicKey?: string; privateKey?: string; subject?: string };
  /** Accept Web Push endpoints over plain HTTP (tests run a push service on loopback). Default false. */
  allowHttpPush?: boolean;
  /** What the nodes of one deployment share (`REDIS_URL`); each part defaults to this process alone. */
  cluster?: ClusterParts;
}

/** The shared parts of a deployment of several nodes (see docs/PLATFORM.md). */
export interface ClusterParts {
  /** Messages between nodes: the leader's ticks, public topic events, session revocations. */
  bus?: ClusterBus;
  /** Every rate-limit counter. */
  counters?: CounterStore;
  /** The dev outbox's list (DEV_OUTBOX=1). */
  outbox?: OutboxStore;
}
