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
    // Password login locked after too many wrong passwords from anywhere: the owner is told.
    fastify.signIns.onLocked((lock) =>
      fastify.db.tx(async (q) => {
        await fastify.notifications.create(q, lock.userId, 'loginLocked', {
          failures: lock.failures,
          minutes: lock.minutes,
          time: `${new Date(lock.until).toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        });
      }),
    );
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
