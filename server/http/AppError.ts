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
