/**
 * The platform plugin, registered first: what every area shares. The database (migrated here),
 * the clock, the translator, every rate-limit counter, the idempotency keys, the operator token,
 * the contract's endpoint registry and the leader role. Areas read these from the instance (`fastify.db`, `fastify.limits`…).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { MemoryCounterStore, type CounterStore } from '../http/CounterStore';
import { LocalBus, type ClusterBus } from './cluster/ClusterBus';
import { Idempotency } from '../http/idempotency';
import { createLimits, type Limits } from '../http/limits';
import { registerEndpoints, type EndpointRegistry } from '../http/registerEndpoints';
import { createTranslator, type Translator } from '../http/translator';
import { OpsRegistry } from '../ops/OpsRegistry';
import { OpsToken } from '../ops/OpsToken';
import { soleLeadership, type LeaderWork } from './leadership';
import type { AppOptions } from './options';
import { ServerSecrets } from './ServerSecrets';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Work that runs only on the leader node (the market source, later the engines). */
export interface LeaderWorkList {
  /** Adds work started when this node leads and stopped when it stops leading or closes. */
  add(work: LeaderWork): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    clock: Clock;
    translator: Translator;
    /** Every rate-limit counter of this node; a shared store here makes every limit shared. */
    counters: CounterStore;
    limits: Limits;
    idempotency: Idempotency;
    opsToken: OpsToken;
    /** The operator's commands: each area hands its own to `fastify.ops.handle(…)`; the ops plugin mounts them. */
    ops: OpsRegistry;
    secrets: ServerSecrets;
    leaderWork: LeaderWorkList;
    /** Messages to every node of the deployment (this process alone without `REDIS_URL`). */
    bus: ClusterBus;
    /** Whether this node runs the leader's work now. */
    isLeader(): boolean;
    /** The contract's routes: each area hands its handlers to `fastify.api.handle(…)`. */
    api: EndpointRegistry;
  }
}

export const platformPlugin = fp<AppOptions>(
  async (fastify, options) => {
    const { db, clock } = options;
    await migrate(db);
    const counters = options.cluster?.counters ?? new MemoryCounterStore(clock);
    const bus = options.cluster?.bus ?? new LocalBus();
    const idempotency = new Idempotency(db, clock, options.idempotencyWaitMs, !bus.shared);
    fastify.decorate('db', db);
    fastify.decorate('clock', clock);
    fastify.decorate('translator', createTranslator(path.join(ROOT, 'locales')));
    fastify.decorate('counters', counters);
    fastify.decorate('bus', bus);
    fastify.decorate('limits', createLimits(clock, counters));
    fastify.decorate('idempotency', idempotency);
    fastify.decorate('secrets', new ServerSecrets(db));
    fastify.decorate('opsToken', await OpsToken.open(options.dataDir, options.opsToken ?? null));
    fastify.decorate('ops', new OpsRegistry());
    const api = registerEndpoints(fastify, { translator: fastify.translator, idempotency });
    fastify.decorate('api', api);
    // Once every area is registered: a contract endpoint without a handler stops the start.
    fastify.addHook('onReady', async () => api.assertComplete());

    const stopSweep = idempotency.start((error) => fastify.log.error(error, 'idempotency key sweep failed'));
    fastify.addHook('onClose', async () => stopSweep());

    // The leader role starts once every area has added its work and the app is ready.
    const work: LeaderWork[] = [];
    fastify.decorate('leaderWork', { add: (w: LeaderWork) => void work.push(w) });
    const leadership = options.leadership?.(fastify.log) ?? soleLeadership();
    fastify.decorate('isLeader', () => leadership.isLeader);
    fastify.addHook('onReady', async () => {
      if (!work.length) return;
      await leadership.start({
        start: async () => {
          for (const w of work) await w.start();
        },
        stop: async () => {
          for (const w of [...work].reverse()) await w.stop();
        },
      });
    });
    fastify.addHook('preClose', async () => leadership.stop());
  },
  { name: 'platform', fastify: '5.x' },
);
