import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createAuthHandlers } from './auth/authHandlers';
import { createLogDelivery, DevOutbox, type CodeDelivery } from './auth/CodeDelivery';
import { SessionStore } from './auth/SessionStore';
import { VerificationCodes } from './auth/VerificationCodes';
import type { Clock } from './clock';
import { ContentRepository } from './content/ContentRepository';
import { createContentHandlers } from './content/contentHandlers';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { AppError } from './http/AppError';
import { API_PREFIX, readLang, registerEndpoints, sendEnvelope } from './http/registerEndpoints';
import { createTranslator } from './http/translator';
import { createMarketHandlers } from './market/marketHandlers';
import { MarketSimulator } from './market/MarketSimulator';
import { balanceReader } from './realtime/balanceSnapshot';
import { RealtimeHub } from './realtime/RealtimeHub';
import { soleLeadership, type Leadership } from './platform/leadership';
import { createRealtimeHandlers } from './realtime/realtimeHandlers';
import { DbUserSequences } from './realtime/UserSequences';
import { seed } from './seed/seed';
import { UserRepository } from './users/UserRepository';
import { Credits } from './funds/Credits';
import { Deposits } from './funds/Deposits';
import { Exchanges } from './funds/Exchanges';
import { createFundsHandlers } from './funds/fundsHandlers';
import { Valuation } from './funds/Valuation';
import { Wallets } from './funds/Wallets';
import { Withdrawals } from './funds/Withdrawals';
import { Ledger } from './ledger/Ledger';
import { scheduleFeeRollup } from './ledger/FeeRollup';
import { Idempotency } from './http/idempotency';
import { seedFunds } from './seed/seedFunds';
import { createLimits } from './http/limits';
import { MemoryCounterStore } from './http/CounterStore';
import { registerInputGuard } from './http/inputGuard';
import { RATE_LIMIT_PER_MINUTE, registerRateLimit, TooManyRequestsError } from './http/rateLimit';
import { registerSecurityHeaders } from './http/securityHeaders';
import { Identities } from './identity/Identities';
import { createIdentityHandlers } from './identity/identityHandlers';
import { createNotificationHandlers } from './notifications/notificationHandlers';
import { Notifications } from './notifications/Notifications';
import { OpsToken } from './ops/OpsToken';
import { registerOpsRoutes } from './ops/opsRoutes';
import { createProfileHandlers } from './profile/profileHandlers';
import { createRateHandlers } from './rates/rateHandlers';
import { builtInRates, RateSource } from './rates/RateSource';
import { createSecurityHandlers } from './security/securityHandlers';
import { createTargetHandlers } from './targets/targetHandlers';
import { WithdrawalTargets } from './targets/WithdrawalTargets';
import { registerUploadRoutes } from './uploads/uploadRoutes';
import { UPLOAD_MAX_BYTES, UploadStore } from './uploads/UploadStore';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** API bodies are small forms; uploads get their own limit. */
const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppOptions {
  db: Db;
  clock: Clock;
  seed: string;
  marketHz: number;
  historyDays: number;
  devOutbox: boolean;
  scryptLogN: number;
  /**
   * Proxies whose `X-Forwarded-For` is believed: addresses, CIDR ranges or `loopback`; `true`
   * means loopback only. Default: none.
   */
  trustProxy?: boolean | readonly string[];
  /** Requests per minute per client address on every route (default 600); 0 turns it off. */
  rateLimitPerMinute?: number;
  /** Built app to serve at `/`; skipped when the folder does not exist. */
  distDir?: string;
  /** Uploads and the operator token live here. */
  dataDir: string;
  /** Operator token; when null it is read from (or written to) `dataDir/ops.token`. */
  opsToken?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Start the market ticking (tests may step it by hand). Default true. */
  startMarket?: boolean;
  /**
   * Who runs the market source and the engines: one node at a time. Default: this process
   * alone (PGlite, or one PostgreSQL node); `main.ts` passes an advisory-lock role on PostgreSQL.
   */
  leadership?: (log: FastifyBaseLogger) => Leadership;
  /** Replaces the code delivery (tests). */
  delivery?: (log: FastifyBaseLogger) => CodeDelivery;
}

export interface App {
  fastify: FastifyInstance;
  hub: RealtimeHub;
  market: MarketSimulator;
  outbox: DevOutbox | null;
  identities: Identities;
  wallets: Wallets;
  close(): Promise<void>;
}

/**
 * Builds the whole server on a database: migrations, seed, market, HTTP API, socket.io and the
 * static app. The caller listens and closes.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { db, clock } = options;
  const fastify = Fastify({
    logger: options.logger ?? false,
    // One line per request drowns the log (socket.io polling alone); errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy === true ? ['loopback'] : options.trustProxy ? [...options.trustProxy] : false,
    // Hostile input gets an envelope, not a stack: see the error handler below.
    return503OnClosing: true,
  });
  const log = fastify.log;

  await migrate(db);
  const users = new UserRepository(db);
  await seed(db, { clock, users, scryptLogN: options.scryptLogN });

  const translator = createTranslator(path.join(ROOT, 'locales'));
  const sessions = new SessionStore(db, clock);
  const baseDelivery = options.delivery?.(log) ?? createLogDelivery(log);
  const outbox = options.devOutbox ? new DevOutbox(baseDelivery) : null;
  if (outbox) log.warn('DEV_OUTBOX=1: verification codes are readable at /api/dev/outbox. Never enable this in production.');
  const codes = await VerificationCodes.open(db, clock, outbox ?? baseDelivery);
  const market = await MarketSimulator.open({
    db,
    clock,
    log,
    seed: options.seed,
    hz: options.marketHz,
    historyDays: options.historyDays,
  });
  const content = new ContentRepository(db);
  // Every rate-limit counter of this node; a shared store here makes every limit shared.
  const counters = new MemoryCounterStore(clock);
  const limits = createLimits(clock, counters);
  // socket.io attaches to the HTTP server now, so services can push to users from the start.
  const hub = new RealtimeHub(fastify.server, market, sessions, clock, new DbUserSequences(db));
  const notifications = new Notifications(db, clock, hub);
  hub.provideSnapshot('balances', balanceReader(db));
  hub.provideSnapshot('notifications', (userId) => notifications.snapshot(userId));
  const uploads = await UploadStore.open(db, clock, options.dataDir);
  const identities = new Identities(db, clock, uploads, notifications);
  const targets = new WithdrawalTargets(db, clock, uploads);
  const rates = new RateSource(builtInRates, clock);
  const opsToken = await OpsToken.open(options.dataDir, options.opsToken ?? null);
  const ledger = new Ledger(clock);
  // Every committed balance change reaches the user's open apps on the private channel.
  ledger.onBalancesChanged((userId, changed) => void hub.publishBalances(userId, changed));
  const valuation = new Valuation(market);
  const credits = new Credits(db, clock, ledger, notifications);
  const wallets = new Wallets(db, clock, ledger, market, valuation, rates);
  const deposits = new Deposits(db, clock, ledger, market, uploads, notifications);
  const withdrawals = new Withdrawals(db, clock, ledger, market, valuation, users, limits, notifications);
  const exchanges = new Exchanges(db, clock, ledger, market, valuation);
  await seedFunds(db, { credits, users, market });
  const idempotency = new Idempotency(db, clock);
  const stopSweep = idempotency.start((error) => log.error(error, 'idempotency key sweep failed'));
  const feeRollup = scheduleFeeRollup(clock, db, ledger, (error) => log.error(error, 'fee roll-up failed'));

  await registerSecurityHeaders(fastify);
  const rateLimitNotFound = await registerRateLimit(fastify, {
    counters,
    perMinute: options.rateLimitPerMinute ?? RATE_LIMIT_PER_MINUTE,
  });
  registerInputGuard(fastify, translator);
  await fastify.register(formbody);
  await fastify.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 100 } });

  fastify.setErrorHandler((error, req, reply) => {
    const t = translator.forLang(readLang(req));
    if (error instanceof AppError) {
      return sendEnvelope(reply, { type: error.type, code: 0, message: t(error.key, error.params) });
    }
    if (error instanceof TooManyRequestsError) {
      return sendEnvelope(reply, { type: 'error', code: 0, message: t('errors.tooManyRequests', { seconds: error.seconds }) }, 429);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      const key = status === 413 ? 'errors.payloadTooLarge' : status === 415 ? 'errors.unsupportedMediaType' : 'errors.malformedRequest';
      return sendEnvelope(reply, { type: 'error', code: 0, message: t(key) }, status);
    }
    req.log.error(error, 'unhandled error');
    return sendEnvelope(reply, { type: 'error', code: 0, message: t('errors.internal') }, 500);
  });

  const scryptLogN = options.scryptLogN;
  registerEndpoints(
    fastify,
    {
      ...createAuthHandlers({ clock, users, sessions, codes, limits, scryptLogN }),
      ...createProfileHandlers({ users, uploads, notifications }),
      ...createSecurityHandlers({ users, sessions, codes, notifications, limits, scryptLogN }),
      ...createIdentityHandlers(identities),
      ...createTargetHandlers({ targets, users, uploads, market, limits }),
      ...createNotificationHandlers(notifications),
      ...createRealtimeHandlers(hub),
      ...createMarketHandlers({ market, clock, hub }),
      ...createContentHandlers(content),
      ...createRateHandlers(rates),
      ...createFundsHandlers({ wallets, deposits, withdrawals, exchanges, users }),
    },
    { translator, auth: sessions, identity: identities, idempotency },
  );
  registerUploadRoutes(fastify, { uploads, auth: sessions, translator, limiter: limits.uploads, ops: opsToken });
  registerOpsRoutes(fastify, { token: opsToken, translator, users, identities, deposits, withdrawals, credits, market, idempotency });

  if (outbox) {
    fastify.get(`${API_PREFIX}/dev/outbox`, async (req) => outbox.list(String((req.query as { to?: unknown }).to ?? '')));
  }

  const distDir = options.distDir;
  const hasApp = Boolean(distDir && existsSync(path.join(distDir, 'index.html')));
  if (hasApp) {
    await fastify.register(fastifyStatic, {
      root: distDir!,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must be fetched fresh to pick up a new build.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.header('x-content-type-options', 'nosniff');
      },
    });
  }

  fastify.setNotFoundHandler({ preHandler: rateLimitNotFound }, (req, reply) => {
    const t = translator.forLang(readLang(req));
    if (!req.url.startsWith(`${API_PREFIX}/`) && req.method === 'GET' && hasApp) return reply.sendFile('index.html');
    return sendEnvelope(reply, { type: 'error', code: 0, message: t('errors.notFound') }, 404);
  });

  await fastify.ready();
  const leadership = options.leadership?.(log) ?? soleLeadership();
  if (options.startMarket !== false) await leadership.start({ start: () => market.start(), stop: () => market.stop() });

  return {
    fastify,
    hub,
    market,
    outbox,
    identities,
    wallets,
    async close() {
      await leadership.stop();
      stopSweep();
      await feeRollup.stop();
      await market.stop();
      await hub.close();
      await fastify.close();
    },
  };
}
