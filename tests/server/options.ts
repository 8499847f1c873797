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
  // Each file's requests come from a few addresses, often under a manual clock that never ends
  // the minute: the per-address limit of every route is shown to fire in hardening.test.ts.
  rateLimitPerMinute: 1_000_000,
  // The demo traders would trade every five minutes of every clock a test moves; tests trade by hand.
  demoTraders: false,
  // The demo account on PGlite and PostgreSQL alike (funds.test.ts signs in with it).
  demoAccount: true,
} satisfies Partial<AppOptions>;
