import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../http/AppError';
import { readLang, sendEnvelope } from '../http/registerEndpoints';
import type { Translator } from '../http/translator';
import type { Identities } from '../identity/Identities';
import type { UserRepository } from '../users/UserRepository';
import type { OpsToken } from './OpsToken';

export const OPS_PREFIX = '/ops';

const idParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
});
const pageQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/)
    .transform(Number)
    .optional()
    .default(1),
  limit: z
    .string()
    .regex(/^[1-9]\d{0,2}$/)
    .transform(Number)
    .optional()
    .default(50),
});
const statusQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected', 'all']).optional().default('pending') });
const rejectBody = z.object({ reason: z.string().trim().min(1).max(200) });

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError('errors.paramError');
  return result.data;
}

/**
 * The operator API, for the `npm run ops` CLI: every route needs the operator token in
 * `x-ops-token`. A user's session token is never accepted here.
 */
export function registerOpsRoutes(
  app: FastifyInstance,
  deps: { token: OpsToken; translator: Translator; users: UserRepository; identities: Identities },
): void {
  const { users, identities } = deps;

  void app.register(
    async (ops) => {
      ops.addHook('onRequest', async (req: FastifyRequest, reply) => {
        if (deps.token.matches(req)) return;
        await sendEnvelope(
          reply,
          { type: 'error', code: 0, message: deps.translator.forLang(readLang(req))('errors.opsUnauthorized') },
          401,
        );
      });

      ops.get('/users', async (req, reply) => {
        const { q, page, limit } = parse(pageQuery, req.query);
        const { rows, total } = await users.search(q || null, limit, (page - 1) * limit);
        const data = rows.map(({ password_hash: _p, pay_password_hash, ...u }) => ({ ...u, pay_password_set: pay_password_hash !== null }));
        return sendEnvelope(reply, { type: 'ok', code: 1, message: { data, page, limit, total } });
      });

      ops.get('/identities', async (req, reply) => {
        const { status } = parse(statusQuery, req.query);
        return sendEnvelope(reply, { type: 'ok', code: 1, message: await identities.list(status === 'all' ? null : status) });
      });

      ops.post('/identities/:id/approve', async (req, reply) => {
        const { id } = parse(idParam, req.params);
        return sendEnvelope(reply, { type: 'ok', code: 1, message: await identities.decide(id, { approve: true }) });
      });

      ops.post('/identities/:id/reject', async (req, reply) => {
        const { id } = parse(idParam, req.params);
        const { reason } = parse(rejectBody, req.body);
        return sendEnvelope(reply, { type: 'ok', code: 1, message: await identities.decide(id, { approve: false, reason }) });
      });
    },
    { prefix: OPS_PREFIX },
  );
}
