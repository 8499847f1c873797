/** The security area: login and payment passwords, bound email and phone, security codes. */
import fp from 'fastify-plugin';
import type { AppOptions } from '../platform/options';
import { createSecurityHandlers } from './securityHandlers';

export const securityPlugin = fp<AppOptions>(
  async (fastify, options) => {
    fastify.api.handle(
      createSecurityHandlers({
        users: fastify.users,
        sessions: fastify.sessions,
        codes: fastify.codes,
        notifications: fastify.notifications,
        limits: fastify.limits,
        scryptLogN: options.scryptLogN,
      }),
    );
  },
  { name: 'security', dependencies: ['platform', 'users', 'auth', 'notifications'] },
);
