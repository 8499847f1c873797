import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPS_PREFIX, opsEndpoints, type OpsOutputOf, type OpsParsedInputOf, type OpsPath } from '../../domain/ops/contract';
import type { Lang } from '../../domain/i18n';
import { AppError } from '../http/AppError';
import { IDEMPOTENCY_HEADER, OPERATOR_SCOPE, readIdempotencyKey, type Idempotency } from '../http/idempotency';
import { readLang, sendEnvelope, sendStored } from '../http/registerEndpoints';
import type { Translate, Translator } from '../http/translator';
import type { TxRunner } from '../ledger/tx';
import type { OpsToken } from './OpsToken';

export { OPS_PREFIX };

/** What an operator handler gets besides its validated input. */
export interface OpsContext {
  lang: Lang;
  t: Translate;
  /** The request's transaction runner: for `idempotent` endpoints it records the key with the effect. */
  tx: TxRunner;
}

export type OpsHandler<P extends OpsPath> = (input: OpsParsedInputOf<P>, ctx: OpsContext) => Promise<OpsOutputOf<P>>;
/** One handler per operator endpoint: a missing one is a compile error. */
export type OpsHandlers = { [P in OpsPath]: OpsHandler<P> };

/** A list command's `status` filter: `all` means none. */
export const statusFilter = <S extends string>(status: S | 'all'): S | null => (status === 'all' ? null : status);

function readParams(req: FastifyRequest): Record<string, unknown> {
  const pick = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  return { ...pick(req.query), ...pick(req.body), ...pick(req.params) };
}

/** The operator's bodies may carry a media file (NFT artworks): up to 16 MB. */
const OPS_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * The operator API under `/ops`, one route per entry of `domain/ops/contract.ts`: every route
 * needs the operator token in `x-ops-token` (a user's session token is never accepted here),
 * validates its input with the contract's schema (path parameters, query and JSON body alike;
 * a bad input answers "Parameter error") and answers the envelope. `idempotent` endpoints honour
 * an `Idempotency-Key`, scoped to the operator.
 */
export function registerOpsRoutes(
  app: FastifyInstance,
  handlers: OpsHandlers,
  deps: { token: OpsToken; translator: Translator; idempotency: Idempotency },
): void {
  void app.register(
    async (ops) => {
      ops.addHook('onRequest', async (req, reply) => {
        if (deps.token.matches(req)) return;
        await sendEnvelope(
          reply,
          { type: 'error', code: 0, message: deps.translator.forLang(readLang(req))('errors.opsUnauthorized') },
          401,
        );
      });

      for (const path of Object.keys(opsEndpoints) as OpsPath[]) {
        const def = opsEndpoints[path] as (typeof opsEndpoints)[OpsPath] & { idempotent?: true };
        const handler = handlers[path] as unknown as (input: unknown, ctx: OpsContext) => Promise<unknown>;
        ops.route({
          method: def.method,
          url: path,
          // Media for the NFT catalogue come as base64 in JSON; the token is checked before the body is read.
          bodyLimit: OPS_BODY_LIMIT_BYTES,
          handler: async (req, reply) => {
            const lang = readLang(req);
            const t = deps.translator.forLang(lang);
            const key = def.idempotent ? readIdempotencyKey(req.headers[IDEMPOTENCY_HEADER]) : null;
            if (key === false) return sendEnvelope(reply, { type: 'error', code: 0, message: t('errors.idempotencyKeyInvalid') }, 400);
            const parsed = def.input.safeParse(readParams(req));
            if (!parsed.success) throw new AppError('errors.paramError');
            const ctx: OpsContext = { lang, t, tx: deps.idempotency.direct };
            if (key) {
              const answer = await deps.idempotency.run(
                { userId: OPERATOR_SCOPE, key, path: `${OPS_PREFIX}${path}`, params: parsed.data as Record<string, unknown> },
                t,
                (tx) => handler(parsed.data, { ...ctx, tx }),
              );
              return sendStored(reply, answer);
            }
            return sendEnvelope(reply, { type: 'ok', code: 1, message: await handler(parsed.data, ctx) });
          },
        });
      }
    },
    { prefix: OPS_PREFIX },
  );
}
