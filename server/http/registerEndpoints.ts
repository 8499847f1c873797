import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { contract, type EndpointPath } from '../../domain/api/contract';
import type { ApiEnvelope } from '../../domain/api/envelope';
import { DEFAULT_LANG, isLang, selectLangFromHeader, type Lang } from '../../domain/i18n';
import { AppError, sessionError } from './AppError';
import type { AuthUser, HandlerMap, RequestContext } from './context';
import { IDEMPOTENCY_HEADER, readIdempotencyKey, type Idempotency, type StoredAnswer } from './idempotency';
import type { Translator } from './translator';

export const API_PREFIX = '/api';

export interface Authenticator {
  /** Resolves a raw token to its user, or null when unknown, expired or revoked. */
  authenticate(token: string): Promise<AuthUser | null>;
}

export interface IdentityGate {
  /** Throws type 998 unless the user's approved identity level is at least `level`. */
  require(userId: number, level: 1 | 2): Promise<void>;
}

/**
 * What the demo account may not do (server/seed/DemoGuard.ts): asked before a handler runs, for
 * the paths it names; throws the refusal.
 */
export interface DemoGate {
  /** The paths it guards; every other call passes without a look-up. */
  readonly paths: ReadonlySet<string>;
  check(path: string, userId: number | null, input: unknown): Promise<void>;
}

/** The raw token of an `Authorization` header: the token itself, or `Bearer <token>`. */
export function readToken(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token && token !== 'null' && token !== 'undefined' ? token : null;
}

function readParams(req: FastifyRequest): Record<string, unknown> {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  return { ...query, ...body };
}

/** The request's language: the `lang` parameter, else `accept-language`, else English. */
export function readLang(req: FastifyRequest): Lang {
  const fromParams = readParams(req).lang;
  if (isLang(fromParams)) return fromParams;
  return selectLangFromHeader(req.headers['accept-language']) ?? DEFAULT_LANG;
}

/** Translates the first validation issue; messages that are not our keys read as a generic invalid-field text. */
function describeIssue(issue: z.core.$ZodIssue, translator: Translator, lang: Lang): string {
  const t = translator.forLang(lang);
  if (translator.has(issue.message)) return t(issue.message);
  const field = issue.path.map(String).join('.');
  return t('validation.invalidField', { field: field || '-' });
}

export function sendEnvelope<T>(reply: FastifyReply, envelope: ApiEnvelope<T>, status = 200): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send(envelope);
}

/** Sends an idempotent call's answer as its stored text, so a replay is the first answer byte for byte. */
export function sendStored(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply.code(answer.status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(answer.text);
}

/** Routes of the contract, filled area by area (`fastify.api`). */
export interface EndpointRegistry {
  /** Registers one route per handler given (an area's handlers); a path handled twice throws. */
  handle(handlers: HandlerMap): void;
  /** Who resolves tokens (the auth area) and who checks identity levels (the identity area). */
  provide(parts: { auth?: Authenticator; identity?: IdentityGate; demo?: DemoGate }): void;
  /** Throws unless every contract endpoint has a handler and the providers are in place. */
  assertComplete(): void;
}

/**
 * The contract's routes under /api: each area hands its handlers to `handle`, which registers a
 * route per entry that reads `lang`, resolves the token, validates the input with the contract's
 * schema, runs the handler and answers the envelope. Endpoints marked `idempotent` honour an
 * `Idempotency-Key` header (server/http/idempotency.ts). `assertComplete` runs once every area
 * is registered (the platform's onReady hook): a missing handler refuses the start.
 */
export function registerEndpoints(app: FastifyInstance, deps: { translator: Translator; idempotency: Idempotency }): EndpointRegistry {
  const unscoped = (Object.keys(contract) as EndpointPath[]).filter((p) => {
    const def = contract[p] as { idempotent?: true; access: string };
    return def.idempotent && def.access !== 'user';
  });
  if (unscoped.length) throw new Error(`idempotent endpoints need a signed-in user (keys are per user): ${unscoped.join(', ')}`);
  const operator = (Object.keys(contract) as EndpointPath[]).filter((p) => (contract[p] as { access: string }).access === 'operator');
  if (operator.length) throw new Error(`operator endpoints belong in domain/ops/contract.ts, not under /api: ${operator.join(', ')}`);

  const handled = new Set<EndpointPath>();
  let auth: Authenticator | null = null;
  let identity: IdentityGate | null = null;
  let demo: DemoGate | null = null;

  function route(path: EndpointPath, handler: (input: unknown, ctx: RequestContext) => Promise<unknown>): void {
    const def = contract[path];
    app.route({
      method: def.method,
      url: API_PREFIX + path,
      handler: async (req, reply) => {
        const lang = readLang(req);
        const t = deps.translator.forLang(lang);
        const token = readToken(req.headers.authorization);
        const user = token ? await auth!.authenticate(token) : null;
        if (def.access === 'user' && !user) throw sessionError(token ? 'errors.sessionExpired' : 'errors.notLoggedIn');
        // The demo account trades but moves no value to anyone and keeps its security settings:
        // it learns that first, whatever was sent.
        if (demo?.paths.has(path)) await demo.check(path, user?.id ?? null, readParams(req));
        // The identity gate comes before validation: an unverified user learns that first, whatever was sent.
        const level = (def as { identity?: 1 | 2 }).identity;
        if (level && user) await identity!.require(user.id, level);
        const idempotent = (def as { idempotent?: true }).idempotent === true;
        const key = idempotent ? readIdempotencyKey(req.headers[IDEMPOTENCY_HEADER]) : null;
        if (key === false) return sendEnvelope(reply, { type: 'error', code: 0, message: t('errors.idempotencyKeyInvalid') }, 400);
        const parsed = def.input.safeParse(readParams(req));
        if (!parsed.success) {
          const first = parsed.error.issues[0];
          return sendEnvelope(reply, {
            type: 'error',
            code: 0,
            message: first ? describeIssue(first, deps.translator, lang) : t('errors.paramError'),
          });
        }
        const ctx: RequestContext = {
          lang,
          t,
          ip: req.ip,
          userAgent: String(req.headers['user-agent'] ?? '').slice(0, 256),
          deviceId: readDeviceId(req.headers['x-device-id']),
          token: user ? token : null,
          user,
          tx: deps.idempotency.direct,
        };
        if (key && user) {
          const answer = await deps.idempotency.run({ userId: user.id, key, path, params: readParams(req) }, t, (tx) =>
            handler(parsed.data, { ...ctx, tx }),
          );
          return sendStored(reply, answer);
        }
        const message = await handler(parsed.data, ctx);
        return sendEnvelope(reply, { type: 'ok', code: 1, message });
      },
    });
  }

  return {
    handle(handlers) {
      for (const path of Object.keys(handlers) as EndpointPath[]) {
        if (!(path in contract)) throw new Error(`${path} is not in the contract`);
        if (handled.has(path)) throw new Error(`${path} is handled twice`);
        handled.add(path);
        route(path, handlers[path] as unknown as (input: unknown, ctx: RequestContext) => Promise<unknown>);
      }
    },
    provide(parts) {
      if (parts.auth) auth = parts.auth;
      if (parts.identity) identity = parts.identity;
      if (parts.demo) demo = parts.demo;
    },
    assertComplete() {
      const missing = (Object.keys(contract) as EndpointPath[]).filter((p) => !handled.has(p));
      if (missing.length) throw new Error(`no handler for ${missing.join(', ')}`);
      if (!auth) throw new Error('no authenticator: the auth area must provide one');
      if (!identity) throw new Error('no identity gate: the identity area must provide one');
    },
  };
}

/** Answers an `AppError` as its envelope; anything else is the caller's business. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** The `X-Device-Id` header when it looks like one the app makes; anything else is ignored. */
function readDeviceId(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && /^[\w-]{8,64}$/.test(value) ? value : null;
}
