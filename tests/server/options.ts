import type { AppOptions } from '../../server/app';

/** App settings for tests: a short history and cheap password hashing keep the suite fast. */
export const TEST_APP_OPTIONS = {
  seed: 'test',
  marketHz: 20,
  historyDays: 1,
  devOutbox: true,
  scryptLogN: 14,
  // Requests may name their client IP in X-Forwarded-For, so each simulated user has its own.
  trustProxy: true,
} satisfies Partial<AppOptions>;
