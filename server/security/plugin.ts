/**
 * The security area: login and payment passwords, bound email and phone, security codes,
 * two-factor settings, the anti-phishing code and the new-device notice (docs/SECURITY.md).
 */
import fp from 'fastify-plugin';
import type { AppOptions } from '../platform/options';
import { KnownDevices } from './KnownDevices';
import { createSecurityHandlers } from './securityHandlers';

export const securityPlugin = fp<AppOptions>(
  async (fastify, options) => {
    const devices = new KnownDevices(fastify.db, fastify.clock, fastify.users, fastify.notifications);
    fastify.signIns.on((signIn) => devices.signedIn(signIn));
    fastify.api.handle(
      createSecurityHandlers({
        users: fastify.users,
        sessions: fastify.sessions,
        codes: fastify.codes,
        notifications: fastify.notifications,
        limits: fastify.limits,
        scryptLogN: options.scryptLogN,
        twoFactor: fastify.twoFactor,
      }),
    );
  },
  { name: 'security', dependencies: ['platform', 'users', 'auth', 'notifications'] },
);
