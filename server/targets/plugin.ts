/** The targets area: saved withdrawal addresses and bank cards (`fastify.targets`). */
import fp from 'fastify-plugin';
import { createTargetHandlers } from './targetHandlers';
import { WithdrawalTargets } from './WithdrawalTargets';

declare module 'fastify' {
  interface FastifyInstance {
    targets: WithdrawalTargets;
  }
}

export const targetsPlugin = fp(
  async (fastify) => {
    const targets = new WithdrawalTargets(fastify.db, fastify.clock, fastify.uploads, fastify.market);
    fastify.decorate('targets', targets);
    fastify.api.handle(
      createTargetHandlers({ targets, users: fastify.users, uploads: fastify.uploads, market: fastify.market, limits: fastify.limits }),
    );
  },
  { name: 'targets', dependencies: ['platform', 'users', 'uploads', 'market'] },
);
