import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { CounterStore } from './CounterStore';

/** Default of the per-address limit on every route: far above what the app sends, far below a flood. */
export const RATE_LIMIT_PER_MINUTE = 600;
const WINDOW_MS = 60_000;

/** Thrown by the per-address limit; the app's error handler answers it as HTTP 429 with a translated envelope. */
export class TooManyRequestsError extends Error {
  readonly statusCode = 429;
  constructor(readonly seconds: number) {
    super('too many requests');
    this.name = 'TooManyRequestsError';
  }
}

/** @fastify/rate-limit's store, counting in our `CounterStore` (so a shared store shares this limit too). */
function storeOn(counters: CounterStore): FastifyRateLimitStoreCtor {
  return class CounterStoreAdapter implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counters.hit(`http:${key}`, timeWindow).then(
        (w) => callback(null, { current: w.count, ttl: w.resetInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** Routes with their own settings count in the same store (their keys differ by `groupId` when they set one). */
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * A per-address limit on every route registered after this (the API, uploads, the operator API,
 * the static app's pages; not its hashed `/assets/`), beside the business counters of `limits.ts`. Counted after the body is read
 * (`preValidation`) so the answer can be in the request's `lang`. `perMinute` 0 turns it off.
 * Returns the hook the not-found handler adds so unknown paths count too.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: { counters: CounterStore; perMinute: number },
): Promise<preHandlerAsyncHookHandler | undefined> {
  if (options.perMinute <= 0) return undefined;
  await app.register(rateLimit, {
    global: true,
    hook: 'preValidation',
    max: options.perMinute,
    timeWindow: WINDOW_MS,
    store: storeOn(options.counters),
    // The app's hashed files are immutable and cheap to serve, and the service worker fetches
    // every one of them (some 650) when it installs: counting them would refuse the install.
    allowList: (req) => req.method === 'GET' && req.url.startsWith('/assets/'),
    errorResponseBuilder: (_req, context) => new TooManyRequestsError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  return app.rateLimit() as preHandlerAsyncHookHandler;
}
