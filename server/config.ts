import path from 'node:path';

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
  /** Keep sent codes readable at /api/dev/outbox. Never on in production. */
  devOutbox: boolean;
  /** Folder of the built app served at `/`. */
  distDir: string;
  /** log2 of the scrypt cost; 17 in production. */
  scryptLogN: number;
  trustProxy: boolean;
  /** Operator token; when unset the server keeps one in `DATA_DIR/ops.token`. */
  opsToken: string | null;
}

function readInt(value: string | undefined, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}

/** Reads the configuration from `env`; throws with a clear message on a bad value. */
export function readConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  return {
    port: readInt(env.PORT, 8080, 0, 65535, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(root, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || null,
    marketHz: readInt(env.MARKET_HZ, 4, 1, 50, 'MARKET_HZ'),
    seed: env.SEED || 'kestrel',
    historyDays: readInt(env.MARKET_HISTORY_DAYS, 30, 1, 30, 'MARKET_HISTORY_DAYS'),
    devOutbox: env.DEV_OUTBOX === '1',
    distDir: path.resolve(root, 'dist'),
    scryptLogN: 17,
    trustProxy: env.TRUST_PROXY === '1',
    opsToken: env.OPS_TOKEN || null,
  };
}
