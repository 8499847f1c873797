/** The identity area: verification submissions, their review, and the level gate of the API (type 998). */
import fp from 'fastify-plugin';
import { Identities } from './Identities';
import { createIdentityHandlers } from './identityHandlers';
import { createIdentityOpsHandlers } from './identityOpsHandlers';

declare module 'fastify' {
  interface FastifyInstance {
    identities: Identities;
  }
}

export const identityPlugin = fp(
  async (fastify) => {
    const identities = new Identities(fastify.db, fastify.clock, fastify.users, fastify.uploads, fastify.notifications);
    fastify.decorate('identities', identities);
    fastify.api.provide({ identity: identities });
    fastify.api.handle(createIdentityHandlers(identities));
    fastify.ops.handle(createIdentityOpsHandlers(identities));
  },
  { name: 'identity', dependencies: ['platform', 'users', 'uploads', 'notifications'] },
);
