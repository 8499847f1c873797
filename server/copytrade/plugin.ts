/**
 * The copy-trading area (docs/COPYTRADE.md): the `/follow/*` endpoints, the operator's
 * trader decisions, the mirror engine (live on every node, the sweep and the hourly statistics on
 * the leader) and the demo traders. Owns `traders`, `follows`, `copies` and `trader_stats`
 * (CopyRepository); every copy is a futures position made by the futures service.
 */
import fp from 'fastify-plugin';
import type { AppOptions } from '../platform/options';
import { CopyRepository } from './CopyRepository';
import { CopyService } from './CopyService';
import { createCopytradeHandlers } from './copytradeHandlers';
import { createCopytradeOpsHandlers } from './copytradeOpsHandlers';
import { DemoTraders } from './DemoTraders';
import { MirrorEngine } from './MirrorEngine';

declare module 'fastify' {
  interface FastifyInstance {
    copytrade: { service: CopyService; engine: MirrorEngine; repo: CopyRepository; demo: DemoTraders };
  }
}

export const copytradePlugin = fp<AppOptions>(
  async (fastify, options) => {
    const { db, clock, users, futures, notifications, credits, market } = fastify;
    const repo = new CopyRepository(db);
    const service = new CopyService({ db, clock, bus: fastify.bus, users, repo, futures, notifications });
    const engine = new MirrorEngine({ clock, bus: fastify.bus, service, log: fastify.log });
    const demo = new DemoTraders({
      db,
      clock,
      users,
      credits,
      market,
      repo,
      futures,
      seed: options.seed,
      scryptLogN: options.scryptLogN,
      log: fastify.log,
    });
    fastify.decorate('copytrade', { service, engine, repo, demo });

    futures.service.onChange((row, before) => engine.onTrade(row, before));
    service.onFollowMade(() => engine.onFollowMade());
    fastify.api.handle(createCopytradeHandlers(service));
    fastify.ops.handle(createCopytradeOpsHandlers({ service, repo }, users));
    await demo.seed();
    fastify.leaderWork.add({
      start: async () => {
        await engine.start();
        if (options.demoTraders !== false) demo.start();
      },
      stop: async () => {
        demo.halt();
        await engine.stop();
      },
    });
    fastify.addHook('preClose', async () => engine.idle());
  },
  { name: 'copytrade', dependencies: ['platform', 'http', 'users', 'futures', 'notifications', 'funds', 'market'] },
);
