import { accountName, parseAccount } from '../../domain/funds/formulas';
import type { AuditRegistry } from '../audit/registry';
import type { PriceRecord } from '../audit/PriceRecord';
import { runAudit } from '../audit/runAudit';
import type { Clock } from '../clock';
import type { Credits } from '../funds/Credits';
import type { Deposits } from '../funds/Deposits';
import type { Withdrawals } from '../funds/Withdrawals';
import { readAmount } from '../funds/amounts';
import { AppError } from '../http/AppError';
import type { Identities } from '../identity/Identities';
import type { MarketSource } from '../market/MarketSource';
import type { UserRepository } from '../users/UserRepository';
import type { ieoOpsEndpoints } from '../../domain/ieo/ops';
import type { copytradeOpsEndpoints } from '../../domain/copytrade/ops';
import type { nftOpsEndpoints } from '../../domain/nft/ops';
import type { otcOpsEndpoints } from '../../domain/otc/ops';
import type { rewardsOpsEndpoints } from '../../domain/rewards/ops';
import type { chatOpsEndpoints } from '../../domain/chat/ops';
import type { supportOpsEndpoints } from '../../domain/support/ops';
import type { riskOpsEndpoints } from '../../domain/ops/risk';
import type { OpsHandlers } from './opsRoutes';

/** The operator's handlers of `domain/ops/contract.ts`, except the areas' own (the IEO's: server/ieo/ieoHandlers.ts; copy trading's: server/copytrade/copytradeOpsHandlers.ts). */
export function createOpsHandlers(deps: {
  users: UserRepository;
  identities: Identities;
  deposits: Deposits;
  withdrawals: Withdrawals;
  credits: Credits;
  market: MarketSource;
  audit: { registry: AuditRegistry; prices: PriceRecord };
  clock: Clock;
}): Omit<
  OpsHandlers,
  | keyof typeof ieoOpsEndpoints
  | keyof typeof copytradeOpsEndpoints
  | keyof typeof nftOpsEndpoints
  | keyof typeof otcOpsEndpoints
  | keyof typeof rewardsOpsEndpoints
  | keyof typeof chatOpsEndpoints
  | keyof typeof supportOpsEndpoints
  | keyof typeof riskOpsEndpoints
> {
  const { users, identities, deposits, withdrawals, credits, market, audit, clock } = deps;

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

  const statusOf = <S extends string>(status: S | 'all') => (status === 'all' ? null : status);

  return {
    '/users': async ({ q, page, limit }) => {
      const found = await users.search(q || null, { page, limit });
      const data = found.data.map(({ password_hash: _p, pay_password_hash, ...u }) => ({
        ...u,
        pay_password_set: pay_password_hash !== null,
      }));
      return { ...found, data };
    },
    '/identities': async ({ status }) => identities.list(statusOf(status)),
    '/identities/:id/approve': async ({ id }) => identities.decide(id, { approve: true }),
    '/identities/:id/reject': async ({ id, reason }) => identities.decide(id, { approve: false, reason }),
    '/deposits': async ({ status }) => deposits.list(statusOf(status)),
    '/deposits/:id/approve': async ({ id }) => deposits.decide(id, { approve: true }),
    '/deposits/:id/reject': async ({ id, reason }) => deposits.decide(id, { approve: false, reason }),
    '/withdrawals': async ({ status }) => withdrawals.list(statusOf(status)),
    '/withdrawals/:id/approve': async ({ id }) => withdrawals.decide(id, { approve: true }),
    '/withdrawals/:id/reject': async ({ id, reason }) => withdrawals.decide(id, { approve: false, reason }),
    // Money in by hand: with an `Idempotency-Key` (the CLI sends one per command), a retry credits once.
    '/credit': async (body, ctx) => {
      const user = await findUser(body.user);
      if (!user) throw new AppError('errors.userNotFound');
      const account = parseAccount(body.account);
      if (!account) throw new AppError('validation.accountInvalid');
      const currency = market.currencies.find((c) => String(c.id) === body.currency || c.name === body.currency.toUpperCase());
      if (!currency) throw new AppError('validation.currencyRequired');
      const amount = readAmount(body.amount, currency);
      const id = await credits.credit({ userId: user.id, account }, currency, amount, body.reason, ctx.tx);
      return {
        id,
        user_id: user.id,
        account: accountName(account),
        currency: currency.name,
        amount: amount.toFixed(),
        reason: body.reason,
      };
    },
    '/audit': async () => runAudit(audit.registry, { prices: audit.prices }, clock),
  };
}
