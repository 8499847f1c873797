/** The users area: the `users` table's one repository, shared with every area as `fastify.users`. */
import fp from 'fastify-plugin';
import { UserRepository } from './UserRepository';
import { createUsersOpsHandlers } from './usersOpsHandlers';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserRepository;
  }
}

export const usersPlugin = fp(
  async (fastify) => {
    const users = new UserRepository(fastify.db);
    fastify.decorate('users', users);
    fastify.ops.handle(createUsersOpsHandlers(users));
  },
  { name: 'users', dependencies: ['platform'] },
);
