import type { Clock } from '../clock';
import { AppError } from './AppError';
import { MemoryCounterStore, type CounterStore } from './CounterStore';
import { RateLimiter } from './RateLimiter';

const MINUTE = 60_000;

/**
 * Every business rate limit of the API, in one place (docs/ARCHITECTURE.md "Accounts and
 * sessions" lists them), counted in one `CounterStore`: in process by default, shared between
 * nodes when a shared store is passed.
 */
export function createLimits(clock: Clock, store: CounterStore = new MemoryCounterStore(clock)) {
  return {
    /** Login (and old-password checks) per resolved account and client address… */
    loginByAccount: new RateLimiter(store, 'login-account', 10, 15 * MINUTE),
    /** …and per address, across accounts. */
    loginByIp: new RateLimiter(store, 'login-ip', 50, 15 * MINUTE),
    /** Verification code requests per address. */
    codesByIp: new RateLimiter(store, 'codes-ip', 20, 60 * MINUTE),
    /** Wrong payment passwords per user (an attempt is reserved before the hash, given back when right). */
    payPassword: new RateLimiter(store, 'pay-password', 5, 15 * MINUTE),
    /** Uploads per user. */
    uploads: new RateLimiter(store, 'uploads', 60, 60 * MINUTE),
  };
}

export type Limits = ReturnType<typeof createLimits>;

/**
 * Counts a hit (before the work it guards: concurrent attempts each take their own); throws
 * `errors.tooManyAttempts` with the minutes to wait when over the limit.
 */
export async function enforce(limiter: RateLimiter, key: string): Promise<void> {
  throwIfWaiting(await limiter.hit(key));
}

function throwIfWaiting(waitMs: number): void {
  if (waitMs > 0) throw new AppError('errors.tooManyAttempts', { minutes: Math.ceil(waitMs / MINUTE) });
}
