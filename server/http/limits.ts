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
    /** …and per address, across accounts… */
    loginByIp: new RateLimiter(store, 'login-ip', 50, 15 * MINUTE),
    /**
     * …and wrong passwords per account across every address (50 tries from 5 addresses in
     * 15 minutes would otherwise get through): the 20th within 15 minutes locks the account's password login
     * for 15 minutes from then, and its owner is notified (docs/SECURITY.md). Twice the
     * per-address limit, so one address alone never locks the owner out; it takes several.
     */
    loginFailuresByAccount: new RateLimiter(store, 'login-account-all', 20, 15 * MINUTE),
    /**
     * Verification code requests per signed-in account (binding, security codes)… Each target
     * (an email address, a phone number) has its own limits in `VerificationCodes` (one a
     * minute, ten an hour), checked first of all.
     */
    codesByAccount: new RateLimiter(store, 'codes-account', 20, 60 * MINUTE),
    /**
     * …and a ceiling per client address, high enough for the many people behind one carrier
     * or office address; it only stops one machine spraying codes at many targets.
     */
    codesByIp: new RateLimiter(store, 'codes-ip', 200, 60 * MINUTE),
    /** Wrong payment passwords per user (an attempt is reserved before the hash, given back when right). */
    payPassword: new RateLimiter(store, 'pay-password', 5, 15 * MINUTE),
    /** Uploads per user. */
    uploads: new RateLimiter(store, 'uploads', 60, 60 * MINUTE),
  };
}

export type Limits = ReturnType<typeof createLimits>;

/**
 * Counts a hit (before the work it guards: concurrent attempts each take their own); throws
 * `waitError` when over the limit.
 */
export async function enforce(limiter: RateLimiter, key: string): Promise<void> {
  const waitMs = await limiter.hit(key);
  if (waitMs > 0) throw waitError(waitMs);
}

/**
 * "Too many attempts, please try again in …" with the wait in the unit a person would say:
 * seconds under a minute, minutes under an hour, else hours, each rounded up and plural-correct
 * in the request's language (`count` picks the plural form).
 */
export function waitError(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds < 60) return new AppError('errors.tryAgainInSeconds', { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return new AppError('errors.tryAgainInMinutes', { count: minutes });
  return new AppError('errors.tryAgainInHours', { count: Math.ceil(minutes / 60) });
}
