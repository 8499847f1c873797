/** The profile area: the user's own details, avatar and preferences. */
import fp from 'fastify-plugin';
import { createProfileHandlers } from './profileHandlers';

export const profilePlugin = fp(
  async (fastify) => {
    fastify.api.handle(createProfileHandlers({ users: fastify.users, uploads: fastify.uploads, notifications: fastify.notifications }));
  },
  { name: 'profile', dependencies: ['platform', 'users', 'uploads', 'notifications'] },
);
