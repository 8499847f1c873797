/**
 * The /api client: form-urlencoded, `lang` on every call, the token in
 * `Authorization`, an `Idempotency-Key` on calls that move money, a loading indicator after
 * 800 ms for non-GET calls, a 60 s timeout, and the 999 / 998 redirects.
 */
import i18next from 'i18next';
import type { EndpointPath, InputOf, OutputOf } from '../../domain/api/contract';
import { isSuccess, RESPONSE_TYPES, type ApiEnvelope } from '../../domain/api/envelope';
import { currentLang } from '../i18n';
import { navigateTo } from '../navigation';
import { ROUTES } from './routes';
import { deviceId } from '../state/device';
import { sessionState, setToken } from '../state/session';
import { showToast, trackLoading } from '../state/ui';
import { pagePath } from '../paths';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 60_000;
/** Delay before the 999 / 998 redirects, so the message can be read. */
export const REDIRECT_DELAY_MS = 1200;
export const LOGIN_PATH = pagePath('common', 'login');
export const IDENTITY_PATH = pagePath('setting', 'real_mark');

/**
 * A failed call: `type` is the envelope's, `network` / `http` when there was no answer to read,
 * or `pending` when the server is still working on an earlier attempt with the same
 * Idempotency-Key (HTTP 409). After `network`, `http` and `pending` the call may have taken
 * effect: retry it with the same key (see `createSubmitKey` in src/ui/useIdempotentSubmit.ts).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly type: 'error' | 999 | 998 | 'network' | 'http' | 'pending',
    /** Seconds until the same request can succeed, when the server refused it only for now. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** Do not toast failures (the caller shows them its own way). */
  silent?: boolean;
  /**
   * For an endpoint marked `idempotent`: the key of this submit, the same on a retry of it.
   * Without one, each call gets a fresh key (it still cannot take effect twice on the server's
   * side of a lost answer, but a retry of it would be a new request).
   */
  idempotencyKey?: string;
}

/** True when the call may have taken effect though no answer said so: a retry must reuse its key. */
export function mayHaveTakenEffect(error: unknown): boolean {
  return error instanceof ApiError && (error.type === 'network' || error.type === 'http' || error.type === 'pending');
}

/** A fresh Idempotency-Key: 128 random bits in hex (crypto.getRandomValues works outside secure contexts too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function toForm(data: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  return form;
}

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

function redirectSoon(path: string): void {
  clearTimeout(redirectTimer);
  redirectTimer = setTimeout(() => navigateTo(path), REDIRECT_DELAY_MS);
}

/** Calls endpoint `path` of the contract and resolves with its `message`; rejects with `ApiError`. */
export async function call<P extends EndpointPath>(path: P, input?: InputOf<P>, options: CallOptions = {}): Promise<OutputOf<P>> {
  const def = ROUTES[path];
  const data = toForm({ ...(input as Record<string, unknown> | undefined), lang: currentLang() });
  const headers: Record<string, string> = {};
  if (sessionState.token) headers.Authorization = sessionState.token;
  if (def.access === 'public') headers['X-Device-Id'] = deviceId();
  if (def.idempotent) headers['Idempotency-Key'] = options.idempotencyKey ?? newIdempotencyKey();
  const isGet = def.method === 'GET';
  const url = `${API_BASE}${path}${isGet ? `?${data.toString()}` : ''}`;
  const request = fetch(url, {
    method: def.method,
    headers: isGet ? headers : { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: isGet ? undefined : data,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });

  let envelope: ApiEnvelope<OutputOf<P>>;
  let status = 0;
  try {
    const response = await (isGet ? request : trackLoading(request));
    envelope = (await response.json()) as ApiEnvelope<OutputOf<P>>;
    if (!response.ok && isSuccess(envelope)) throw new Error(`HTTP ${response.status}`);
    status = response.status;
  } catch {
    // A money call sent with its key may have been carried out before the connection dropped:
    // say so, and that sending it again (the form resends the same key) cannot do it twice.
    const message = i18next.t(def.idempotent ? 'common.networkErrorMaybeDone' : 'common.networkError');
    return fail(new ApiError(message, 'network'), options);
  }
  // 409: an earlier attempt with this Idempotency-Key is still running; 5xx: the server failed,
  // maybe after the effect. Either way the outcome is not known: a retry must reuse the key.
  if (status === 409 && !isSuccess(envelope)) return fail(new ApiError(String(envelope.message), 'pending'), options);
  if (status >= 500 && !isSuccess(envelope)) return fail(new ApiError(String(envelope.message), 'http'), options);
  return settle(envelope, options);
}

/**
 * Applies the answer rules to an envelope: the payload on success; otherwise a
 * toast, the 999 / 998 redirects, and a rejection with `ApiError`.
 */
export function settle<T>(envelope: ApiEnvelope<T>, options: CallOptions = {}): T {
  if (isSuccess(envelope)) return envelope.message;

  const message = String(envelope.message);
  if (envelope.type === RESPONSE_TYPES.sessionInvalid) {
    setToken(null);
    showToast(message);
    redirectSoon(LOGIN_PATH);
    throw new ApiError(message, 999);
  }
  if (envelope.type === RESPONSE_TYPES.identityRequired) {
    showToast(message);
    redirectSoon(IDENTITY_PATH);
    throw new ApiError(message, 998);
  }
  return fail(new ApiError(message, envelope.type === 'error' ? 'error' : 'http', envelope.retry_after), options);
}

/** Shows the failure (unless the caller handles it) and throws it. */
function fail(error: ApiError, options: CallOptions): never {
  if (!options.silent) showToast(error.message);
  throw error;
}
