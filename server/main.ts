import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from './clock';
import { readConfig } from './config';
import { openDb } from './db/openDb';
import { buildApp } from './app';
import { AdvisoryLockLeadership } from './platform/leadership';
import { openCluster, type Cluster } from './platform/cluster/openCluster';
import { DEMO_ACCOUNT } from './seed/seed';

/** Messages from before the app's logger exists (the Redis connections), as the logger would print them. */
const consoleLog = {
  info: (obj: unknown, msg?: string) => console.log(JSON.stringify({ level: 30, ...(obj as object), msg })),
  warn: (obj: unknown, msg?: string) => console.warn(JSON.stringify({ level: 40, ...(obj as object), msg })),
  error: (obj: unknown, msg?: string) => console.error(JSON.stringify({ level: 50, err: String(obj), msg })),
} as unknown as Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Entry point of `npm start`: the app, the API, the socket and the market on one port. */
async function main(): Promise<void> {
  const config = readConfig();
  const db = await openDb(config);
  // Several nodes: the shared parts live in Redis (docs/PLATFORM.md).
  const cluster: Cluster | null = config.redisUrl
    ? await openCluster(config.redisUrl, systemClock, consoleLog, config.redisNamespace)
    : null;

  const app = await buildApp({
    db,
    clock: systemClock,
    seed: config.seed,
    marketHz: config.marketHz,
    historyDays: config.historyDays,
    marketVenue: config.marketVenue,
    devOutbox: config.devOutbox,
    demoAccount: config.demoAccount,
    scryptLogN: config.scryptLogN,
    codeResendMs: config.codeResendSeconds * 1000,
    trustProxy: config.trustProxy,
    rateLimitPerMinute: config.rateLimitPerMinute,
    distDir: config.distDir,
    dataDir: config.dataDir,
    opsToken: config.opsToken,
    uploadsDir: config.uploadsDir,
    ...(cluster ? { cluster: cluster.parts, socketAdapter: cluster.socketAdapter } : {}),
    vapid: config.vapid,
    logger: { level: process.env.LOG_LEVEL || 'info' },
    // On PostgreSQL several nodes may share the database: one of them runs the market and the engines.
    leadership: config.databaseUrl ? (log) => new AdvisoryLockLeadership(config.databaseUrl!, systemClock, log) : undefined,
  });
  await app.fastify.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    [
      '',
      `  Kestrel is running at http://${shown}:${port}`,
      `  Database: ${db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
      config.marketVenue
        ? `  Market: ${config.marketVenue.exchange} through ccxt for the crypto pairs it lists; the rest simulated`
        : '  Market: the embedded simulator (MARKET_SOURCE=ccxt for a real exchange)',
      ...(cluster ? ['  Cluster: Redis (REDIS_URL); the leader runs the market and the engines'] : []),
      config.demoAccount
        ? `  Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`
        : '  Demo account: off (DEMO_ACCOUNT=1 turns it on)',
      '',
    ].join('\n'),
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.fastify.log.info({ signal }, 'shutting down');
    void app
      .close()
      .then(() => cluster?.close())
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
