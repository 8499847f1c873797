/** The users area: the `users` table's one repository, shared with every area as `fastify.users`. */
import fp from 'fastify-plugin';
import { UserRepository } from './UserRepository';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserRepository;
  }
}

export const usersPlugin = fp(
  async (fastify) => {
    fastify.decorate('users', new UserRepository(fastify.db));
  },
  { name: 'users', dependencies: ['platform'] },
);
