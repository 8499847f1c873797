/** First-start data, registered last: settings, content, the demo account and its funds, the treasury's liquidity. */
import fp from 'fastify-plugin';
import type { AppOptions } from '../platform/options';
import { seed } from './seed';
import { seedFunds } from './seedFunds';

export const seedPlugin = fp<AppOptions>(
  async (fastify, options) => {
    const { db, clock, users, credits, market } = fastify;
    await seed(db, { clock, users, scryptLogN: options.scryptLogN });
    await seedFunds(db, { credits, users, market });
  },
  { name: 'seed', dependencies: ['platform', 'users', 'funds', 'market'] },
);
