import type { Clock } from '../clock';
import { AppError } from './AppError';
import { RateLimiter } from './RateLimiter';

const MINUTE = 60_000;

/** Every rate limit of the API, in one place (README "Accounts and sessions" lists them). */
export function createLimits(clock: Clock) {
  return {
    /** Login (and old-password checks) per account… */
    loginByAccount: new RateLimiter(clock, 10, 15 * MINUTE),
    /** …and per IP, across accounts. */
    loginByIp: new RateLimiter(clock, 50, 15 * MINUTE),
    /** Verification code requests per IP. */
    codesByIp: new RateLimiter(clock, 20, 60 * MINUTE),
    /** Wrong payment passwords per user. */
    payPassword: new RateLimiter(clock, 5, 15 * MINUTE),
    /** Uploads per user. */
    uploads: new RateLimiter(clock, 60, 60 * MINUTE),
  };
}

export type Limits = ReturnType<typeof createLimits>;

/** Counts a hit; throws `errors.tooManyAttempts` with the minutes to wait when over the limit. */
export function enforce(limiter: RateLimiter, key: string): void {
  throwIfWaiting(limiter.hit(key));
}

/** Throws `errors.tooManyAttempts` when `key` is at its limit, without counting a hit. */
export function ensureNotBlocked(limiter: RateLimiter, key: string): void {
  throwIfWaiting(limiter.blockedFor(key));
}

function throwIfWaiting(waitMs: number): void {
  if (waitMs > 0) throw new AppError('errors.tooManyAttempts', { minutes: Math.ceil(waitMs / MINUTE) });
}
