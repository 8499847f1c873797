import { isIP } from 'node:net';
import path from 'node:path';
import { RATE_LIMIT_PER_MINUTE } from './http/rateLimit';

/** Server settings, read once from the environment (README lists them). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; otherwise PGlite in `dataDir/pg`. */
  databaseUrl: string | null;
  /** Market ticks per second. */
  marketHz: number;
  /** Seed of the market simulator. */
  seed: string;
  /** Days of kline history generated on first start. */
  historyDays: number;
  /**
   * Where the crypto pairs' prices come from: the embedded simulator (`MARKET_SOURCE=sim`, the
   * default) or a real exchange through ccxt (`MARKET_SOURCE=ccxt`, `MARKET_EXCHANGE`,
   * `MARKET_EXCHANGE_URLS`, `MARKET_STALE_SECONDS`; docs/MARKET.md).
   */
  marketVenue: VenueConfig | null;
  /**
   * Create the demo account with its published password (`DEMO_ACCOUNT`): `1` on, `0` off;
   * unset, on only with the embedded database (no DATABASE_URL).
   */
  demoAccount: boolean;
  /** Keep sent codes readable at /api/dev/outbox. Never on in production. */
  devOutbox: boolean;
  /** Folder of the built app served at `/`. */
  distDir: string;
  /** Least seconds between two codes to one target: 60, shorter only for a test server (`CODE_RESEND_SECONDS`). */
  codeResendSeconds: number;
  /** log2 of the scrypt cost; 17 in production. */
  scryptLogN: number;
  /**
   * Proxies whose `X-Forwarded-For` is believed (addresses, CIDR ranges, or `loopback`,
   * `linklocal`, `uniquelocal`), or false: every per-address limit keys on the address this
   * yields, so only a proxy the operator names may speak for a client.
   */
  trustProxy: false | string[];
  /** Requests per minute per client address on every route; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /** Operator token; when unset the server keeps one in `DATA_DIR/ops.token`. */
  opsToken: string | null;
  /** `redis://…`: several nodes share sockets, counters and the market relay (needs DATABASE_URL). */
  redisUrl: string | null;
  /** Prefix of every Redis key, channel and stream, so deployments can share a Redis (default `kestrel:`). */
  redisNamespace: string;
  /** Where uploaded files live; a folder every node mounts when there are several (default DATA_DIR/uploads). */
  uploadsDir: string;
  /**
   * Web Push (price alerts): the VAPID key pair, both or neither (neither: generated once and kept
   * in the database), and the contact the push services see (`mailto:` or `https:`).
   */
  vapid: { publicKey?: string; privateKey?: string; subject?: string };
}

export interface VenueConfig {
  /** ccxt's id of the exchange (`binance`). */
  exchange: string;
  /** Merged into the exchange's URLs: a testnet, a proxy, a fake venue. */
  urls?: Record<string, unknown>;
  /** A pair the venue is silent on this long is stale. */
  staleMs: number;
}

function readVenue(env: NodeJS.ProcessEnv): VenueConfig | null {
  const source = env.MARKET_SOURCE || 'sim';
  if (source === 'sim') return null;
  if (source !== 'ccxt') throw new Error(`MARKET_SOURCE must be sim or ccxt, got "${source}"`);
  const exchange = env.MARKET_EXCHANGE || 'binance';
  if (!/^[a-z0-9]+$/.test(exchange))
    throw new Error(`MARKET_EXCHANGE must be a ccxt exchange id (binance, okx, bybit…), got "${exchange}"`);
  let urls: Record<string, unknown> | undefined;
  if (env.MARKET_EXCHANGE_URLS) {
    try {
      urls = JSON.parse(env.MARKET_EXCHANGE_URLS) as Record<string, unknown>;
    } catch {
      urls = undefined;
    }
    if (!urls || typeof urls !== 'object' || Array.isArray(urls))
      throw new Error('MARKET_EXCHANGE_URLS must be a JSON object merged into the exchange’s urls');
  }
  return { exchange, ...(urls ? { urls } : {}), staleMs: readInt(env.MARKET_STALE_SECONDS, 10, 2, 600, 'MARKET_STALE_SECONDS') * 1000 };
}

function readInt(value: string | undefined, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: unset, `0` or `false` trusts no proxy; `1` or `true` trusts a proxy on the same
 * machine only (loopback); otherwise a comma-separated list of proxy addresses and CIDR ranges.
 */
function readTrustProxy(value: string | undefined): false | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text === '1' || text.toLowerCase() === 'true') return ['loopback'];
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !isProxyEntry(e));
  if (bad !== undefined) {
    throw new Error(
      `TRUST_PROXY must be 1 (a proxy on this machine) or a comma-separated list of proxy addresses or CIDR ranges, got "${bad}"`,
    );
  }
  return entries;
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together (or neither), VAPID_SUBJECT a `mailto:` or `https:` URL. */
function readVapid(env: NodeJS.ProcessEnv): Config['vapid'] {
  const publicKey = env.VAPID_PUBLIC_KEY || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY || undefined;
  const subject = env.VAPID_SUBJECT || undefined;
  if (Boolean(publicKey) !== Boolean(privateKey)) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  if (subject && !/^(mailto:|https:\/\/)\S+$/.test(subject))
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got "${subject}"`);
  return { publicKey, privateKey, subject };
}

function readDemoAccount(value: string | undefined, embedded: boolean): boolean {
  if (value === undefined || value === '') return embedded;
  if (value === '1' || value === '0') return value === '1';
  throw new Error(`DEMO_ACCOUNT must be 1 or 0, got "${value}"`);
}

/** Reads the configuration from `env`; throws with a clear message on a bad value. */
export function readConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  if (env.REDIS_URL && !env.DATABASE_URL) {
    throw new Error('REDIS_URL is for several nodes sharing one PostgreSQL database: set DATABASE_URL too (PGlite serves one process)');
  }
  const dataDir = path.resolve(root, env.DATA_DIR || 'data');
  return {
    port: readInt(env.PORT, 8080, 0, 65535, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    marketHz: readInt(env.MARKET_HZ, 4, 1, 50, 'MARKET_HZ'),
    seed: env.SEED || 'kestrel',
    historyDays: readInt(env.MARKET_HISTORY_DAYS, 30, 1, 30, 'MARKET_HISTORY_DAYS'),
    marketVenue: readVenue(env),
    devOutbox: env.DEV_OUTBOX === '1',
    demoAccount: readDemoAccount(env.DEMO_ACCOUNT, !env.DATABASE_URL),
    distDir: path.resolve(root, 'dist'),
    codeResendSeconds: readInt(env.CODE_RESEND_SECONDS, 60, 1, 3600, 'CODE_RESEND_SECONDS'),
    scryptLogN: 17,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    rateLimitPerMinute: readInt(env.RATE_LIMIT_PER_MINUTE, RATE_LIMIT_PER_MINUTE, 0, 1_000_000, 'RATE_LIMIT_PER_MINUTE'),
    opsToken: env.OPS_TOKEN || null,
    redisUrl: env.REDIS_URL || null,
    redisNamespace: env.REDIS_NAMESPACE || 'kestrel:',
    uploadsDir: path.resolve(root, env.UPLOADS_DIR || path.join(dataDir, 'uploads')),
    vapid: readVapid(env),
  };
}
