import { auditPlugin } from './audit/plugin';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginAsync, type FastifyPluginCallback } from 'fastify';
import type { DevOutbox } from './auth/CodeDelivery';
import { authPlugin } from './auth/plugin';
import { contentPlugin } from './content/plugin';
import type { Wallets } from './funds/Wallets';
import { fundsPlugin } from './funds/plugin';
import { futuresPlugin } from './futures/plugin';
import { spotPlugin } from './spot/plugin';
import { optionsPlugin } from './options/plugin';
import { financialPlugin } from './financial/plugin';
import { lockmingPlugin } from './lockming/plugin';
import { ieoPlugin } from './ieo/plugin';
import { investPlugin } from './invest/plugin';
import { nftPlugin } from './nft/plugin';
import { chatPlugin } from './chat/plugin';
import { otcPlugin } from './otc/plugin';
import { loansPlugin } from './loans/plugin';
import { copytradePlugin } from './copytrade/plugin';
import { rewardsPlugin } from './rewards/plugin';
import { gamePlugin } from './game/plugin';
import { supportPlugin } from './support/plugin';
import { httpPlugin } from './http/plugin';
import type { Identities } from './identity/Identities';
import { identityPlugin } from './identity/plugin';
import { ledgerPlugin } from './ledger/plugin';
import { asSimulator, type MarketSimulator } from './market/MarketSimulator';
import { marketPlugin } from './market/plugin';
import { notificationsPlugin } from './notifications/plugin';
import { openApiPlugin } from './openapi/plugin';
import { opsPlugin } from './ops/plugin';
import type { AppOptions } from './platform/options';
import { platformPlugin } from './platform/plugin';
import { profilePlugin } from './profile/plugin';
import { ratesPlugin } from './rates/plugin';
import type { RealtimeHub } from './realtime/RealtimeHub';
import { realtimePlugin } from './realtime/plugin';
import { securityPlugin } from './security/plugin';
import { seedPlugin } from './seed/plugin';
import { targetsPlugin } from './targets/plugin';
import { uploadsPlugin } from './uploads/plugin';
import { usersPlugin } from './users/plugin';
import { watchlistPlugin } from './watchlist/plugin';
import { alertsPlugin } from './alerts/plugin';

export type { AppOptions } from './platform/options';

/** API bodies are small forms; uploads get their own limit. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Every part of the server, in registration order: the platform and HTTP plugins first, then
 * one plugin per area (`server/<area>/plugin.ts`), each declaring the plugins it needs
 * (fastify-plugin checks them), seed data last. Adding an area is adding its folder and a line here.
 */
const PLUGINS: readonly (FastifyPluginAsync<AppOptions> | FastifyPluginCallback<AppOptions>)[] = [
  platformPlugin,
  httpPlugin,
  openApiPlugin,
  usersPlugin,
  authPlugin,
  uploadsPlugin,
  ledgerPlugin,
  marketPlugin,
  auditPlugin,
  realtimePlugin,
  notificationsPlugin,
  profilePlugin,
  securityPlugin,
  identityPlugin,
  targetsPlugin,
  ratesPlugin,
  contentPlugin,
  fundsPlugin,
  futuresPlugin,
  spotPlugin,
  optionsPlugin,
  financialPlugin,
  lockmingPlugin,
  ieoPlugin,
  investPlugin,
  copytradePlugin,
  nftPlugin,
  otcPlugin,
  loansPlugin,
  rewardsPlugin,
  gamePlugin,
  supportPlugin,
  watchlistPlugin,
  alertsPlugin,
  chatPlugin,
  opsPlugin,
  seedPlugin,
];

export interface App {
  fastify: FastifyInstance;
  hub: RealtimeHub;
  /** The market source as the simulator it is, for what only a simulator offers (stepping it, scripted trades). */
  market: MarketSimulator;
  outbox: DevOutbox | null;
  identities: Identities;
  wallets: Wallets;
  /** Whether this node runs the market source and the engines now. */
  isLeader(): boolean;
  close(): Promise<void>;
}

/** How long one area may take to open (see `pluginTimeout` in `buildApp`). */
const PLUGIN_TIMEOUT_MS = 5 * 60_000;

/**
 * Builds the whole server on a database: migrations, seed, market, HTTP API, socket.io and the
 * static app. The caller listens and closes; `close()` stops every area's timers and engines
 * (their `preClose` / `onClose` hooks).
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const fastify = Fastify({
    logger: options.logger ?? false,
    // One line per request drowns the log (socket.io polling alone); errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy === true ? ['loopback'] : options.trustProxy ? [...options.trustProxy] : false,
    return503OnClosing: true,
    // Opening the market writes the history missed while the server was down (days of minute
    // bars after a long stop); on a slow disk or a busy machine that outlasts Fastify's 10 s
    // default and the server would refuse to start. A plugin that truly hangs still fails.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
  });
  for (const plugin of PLUGINS) await fastify.register(plugin, options);
  // Checks every contract endpoint has a handler, then starts the leader's work (platform plugin).
  await fastify.ready();

  return {
    fastify,
    hub: fastify.hub,
    market: asSimulator(fastify.market),
    outbox: fastify.outbox,
    identities: fastify.identities,
    wallets: fastify.wallets,
    isLeader: () => fastify.isLeader(),
    close: () => fastify.close(),
  };
}
