import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../http/AppError';
import { IDEMPOTENCY_HEADER, OPERATOR_SCOPE, readIdempotencyKey, type Idempotency } from '../http/idempotency';
import { readLang, sendEnvelope } from '../http/registerEndpoints';
import type { Translator } from '../http/translator';
import type { Identities } from '../identity/Identities';
import type { UserRepository } from '../users/UserRepository';
import { accountName, parseAccount } from '../../domain/funds/formulas';
import type { Credits } from '../funds/Credits';
import type { Deposits } from '../funds/Deposits';
import type { Withdrawals } from '../funds/Withdrawals';
import { readAmount } from '../funds/amounts';
import type { MarketSource } from '../market/MarketSource';
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
const withdrawalStatusQuery = z.object({ status: z.enum(['pending', 'completed', 'rejected', 'all']).optional().default('pending') });
const creditBody = z.object({
  user: z.string().trim().min(1).max(254),
  account: z.string().trim().min(1).max(8),
  currency: z.string().trim().min(1).max(16),
  amount: z.string().trim().min(1).max(40),
  reason: z.string().trim().min(1).max(200),
});
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
  deps: {
    token: OpsToken;
    translator: Translator;
    users: UserRepository;
    identities: Identities;
    deposits: Deposits;
    withdrawals: Withdrawals;
    credits: Credits;
    market: MarketSource;
    idempotency: Idempotency;
  },
): void {
  const { users, identities, deposits, withdrawals, credits, market } = deps;

  /** A user named by id, email or phone number (with or without its +area code). */
  async function findUser(value: string) {
    if (/^\d+$/.test(value)) {
      const byId = await users.byId(Number(value));
      if (byId) return byId;
    }
    if (value.includes('@')) return users.byEmail(value);
    const digits = value.replace(/[^\d]/g, '');
    for (let split = 1; split <= 4 && value.startsWith('+'); split++) {
      const [match] = await users.byMobile(digits.slice(split), digits.slice(0, split));
      if (match) return match;
    }
    const matches = await users.byMobile(digits, null);
    return matches.length === 1 ? matches[0]! : null;
  }

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
        const found = await users.search(q || null, { page, limit });
        const data = found.data.map(({ password_hash: _p, pay_password_hash, ...u }) => ({
          ...u,
          pay_password_set: pay_password_hash !== null,
        }));
        return sendEnvelope(reply, { type: 'ok', code: 1, message: { ...found, data } });
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

      ops.get('/deposits', async (req, reply) => {
        const { status } = parse(statusQuery, req.query);
        return sendEnvelope(reply, { type: 'ok', code: 1, message: await deposits.list(status === 'all' ? null : status) });
      });

      ops.post('/deposits/:id/approve', async (req, reply) => {
        const { id } = parse(idParam, req.params);
        return sendEnvelope(reply, { type: 'ok', code: 1, message: await deposits.decide(id, { approve: true }) });
      });

      ops.post('/deposits/:id/reject', async (req, reply) => {
        const { id } = parse(idParam, req.params);
        const { reason } = parse(rejectBody, req.body);
        return sendEnvelope(reply, { type: 'ok', code: 1, message: await deposits.decide(id, { approve: false, reason }) });
      });

      ops.get('/withdrawals', async (req, reply) => {
        const { status } = parse(withdrawalStatusQuery, req.query);
        return sendEnvelope(reply, { type: 'ok', code: 1, message: await withdrawals.list(status === 'all' ? null : status) });
      });

      ops.post('/withdrawals/:id/approve', async (req, reply) => {
        const { id } = parse(idParam, req.params);
        return sendEnvelope(reply, { type: 'ok', code: 1, message: await withdrawals.decide(id, { approve: true }) });
      });

      ops.post('/withdrawals/:id/reject', async (req, reply) => {
        const { id } = parse(idParam, req.params);
        const { reason } = parse(rejectBody, req.body);
        return sendEnvelope(reply, { type: 'ok', code: 1, message: await withdrawals.decide(id, { approve: false, reason }) });
      });

      // Money in by hand: with an `Idempotency-Key` (the CLI sends one per command), a retry credits once.
      ops.post('/credit', async (req, reply) => {
        const t = deps.translator.forLang(readLang(req));
        const key = readIdempotencyKey(req.headers[IDEMPOTENCY_HEADER]);
        if (key === false) return sendEnvelope(reply, { type: 'error', code: 0, message: t('errors.idempotencyKeyInvalid') }, 400);
        const body = parse(creditBody, req.body);
        const credit = async (tx = deps.idempotency.direct) => {
          const user = await findUser(body.user);
          if (!user) throw new AppError('errors.userNotFound');
          const account = parseAccount(body.account);
          if (!account) throw new AppError('validation.accountInvalid');
          const currency = market.currencies.find((c) => String(c.id) === body.currency || c.name === body.currency.toUpperCase());
          if (!currency) throw new AppError('validation.currencyRequired');
          const amount = readAmount(body.amount, currency);
          const id = await credits.credit({ userId: user.id, account }, currency, amount, body.reason, tx);
          return {
            id,
            user_id: user.id,
            account: accountName(account),
            currency: currency.name,
            amount: amount.toFixed(),
            reason: body.reason,
          };
        };
        if (!key) return sendEnvelope(reply, { type: 'ok', code: 1, message: await credit() });
        const answer = await deps.idempotency.run(
          { userId: OPERATOR_SCOPE, key, path: `${OPS_PREFIX}/credit`, params: body as Record<string, unknown> },
          t,
          credit,
        );
        return sendEnvelope(reply, answer.body, answer.status);
      });
    },
    { prefix: OPS_PREFIX },
  );
}
