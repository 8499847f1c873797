/** Answer `type` values (docs/SERVER.md "The API contract"). */
export const RESPONSE_TYPES = {
  ok: 'ok',
  error: 'error',
  /** The session is missing, expired or revoked: the client clears it and goes to login. */
  sessionInvalid: 999,
  /** The action needs an identity level the user lacks: the client goes to real_mark. */
  identityRequired: 998,
} as const;

/**
 * `code` of a failure whose request may have taken effect though its answer was lost (the server
 * stopped between committing a money call and storing its answer): every retry with the key gets
 * this, never a second effect; the client says so and the records show the outcome.
 */
export const ANSWER_LOST_CODE = 2;

export type ApiSuccess<T> = { type: 'ok'; code: 1; message: T };
export type ApiFailure = {
  type: 'error' | 999 | 998;
  code: 0 | typeof ANSWER_LOST_CODE;
  message: string;
  /** Seconds until the same request can succeed, where the refusal is only "not yet" (a code asked for too soon). */
  retry_after?: number;
};
/** Every API answer, HTTP 200 for business outcomes. */
export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** Success rule of every answer: `type` is `ok` or `code` is 1. */
export function isSuccess<T>(envelope: ApiEnvelope<T>): envelope is ApiSuccess<T> {
  const { type, code } = envelope as { type: unknown; code: unknown };
  return type === 'ok' || code === 1;
}

/** Default and largest page sizes of paged lists (10). */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

/** The one shape of every paged list. */
export interface Page<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
}
