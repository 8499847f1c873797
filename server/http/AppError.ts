import type { ApiFailure } from '../../domain/api/envelope';

type FailureType = ApiFailure['type'];

/**
 * A business failure: answered as HTTP 200 `{type, code: 0, message}` with `message` the
 * translation of `key` in the request's language. Throw it from any handler or service.
 */
export class AppError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    readonly type: FailureType = 'error',
    /** Seconds until the same request can succeed, where the refusal is only "not yet": sent as `retry_after`. */
    readonly retryAfter?: number,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/** The session is missing or no longer valid (type 999: the client goes to login). */
export function sessionError(key: 'errors.notLoggedIn' | 'errors.sessionExpired'): AppError {
  return new AppError(key, {}, 999);
}

/** The action needs an identity level the user lacks (type 998: the client goes to real_mark). */
export function identityError(key = 'errors.identityRequired'): AppError {
  return new AppError(key, {}, 998);
}

/** The envelope of a business failure, in the request's language. */
export function failureOf(error: AppError, t: (key: string, params?: Record<string, string | number>) => string): ApiFailure {
  const failure: ApiFailure = { type: error.type, code: 0, message: t(error.key, error.params) };
  if (error.retryAfter !== undefined) failure.retry_after = error.retryAfter;
  return failure;
}
