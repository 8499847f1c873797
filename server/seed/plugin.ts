/** First-start data, registered last: settings, content, the demo account and its funds, the treasury's liquidity. */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { hashPassword } from '../auth/passwords';
import type { AppOptions } from '../platform/options';
import { DemoGuard } from './DemoGuard';
import { DEMO_ACCOUNT, seed } from './seed';
import { seedFunds } from './seedFunds';

export const seedPlugin = fp<AppOptions>(
  async (fastify, options) => {
    const { db, clock, users, credits, market, sessions } = fastify;
    // The demo account (public password) only where asked: by default on the embedded database,
    // never on PostgreSQL unless DEMO_ACCOUNT=1 (docs/SECURITY.md "The demo account").
    const demoAccount = options.demoAccount ?? db.kind === 'pglite';
    await seed(db, { clock, users, scryptLogN: options.scryptLogN, demoAccount });
    await seedFunds(db, { credits, users, market });
    fastify.api.provide({ demo: new DemoGuard(users) });
    const demo = demoAccount ? null : await users.byEmail(DEMO_ACCOUNT.email);
    if (demo) {
      // Turned off on a database that has one: nobody signs in with the published password again.
      await db.tx(async (q) => {
        await users.setPassword(demo.id, await hashPassword(randomBytes(32).toString('base64url'), options.scryptLogN), q);
        await sessions.revokeAll(demo.id, null, q);
      });
      fastify.log.info(`the demo account ${DEMO_ACCOUNT.email} is off: its password was replaced and its sessions ended`);
    }
  },
  { name: 'seed', dependencies: ['platform', 'users', 'auth', 'funds', 'market'] },
);
