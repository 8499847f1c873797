import { accountName, parseAccount } from '../../domain/funds/formulas';
import { AppError } from '../http/AppError';
import type { MarketSource } from '../market/MarketSource';
import { statusFilter as statusOf, type OpsHandler } from '../ops/opsRoutes';
import { findUser } from '../users/usersOpsHandlers';
import type { UserRepository } from '../users/UserRepository';
import type { Credits } from './Credits';
import type { Deposits } from './Deposits';
import type { Withdrawals } from './Withdrawals';
import { readAmount } from './amounts';

type Paths =
  | '/deposits'
  | '/deposits/:id/approve'
  | '/deposits/:id/reject'
  | '/withdrawals'
  | '/withdrawals/:id/approve'
  | '/withdrawals/:id/reject'
  | '/credit';

/** The operator's side of money in and out: reviewing deposits and withdrawals, and crediting by hand. */
export function createFundsOpsHandlers(deps: {
  users: UserRepository;
  deposits: Deposits;
  withdrawals: Withdrawals;
  credits: Credits;
  market: MarketSource;
}): { [P in Paths]: OpsHandler<P> } {
  const { users, deposits, withdrawals, credits, market } = deps;
  return {
    '/deposits': async ({ status }) => deposits.list(statusOf(status)),
    '/deposits/:id/approve': async ({ id }) => deposits.decide(id, { approve: true }),
    '/deposits/:id/reject': async ({ id, reason }) => deposits.decide(id, { approve: false, reason }),
    '/withdrawals': async ({ status }) => withdrawals.list(statusOf(status)),
    '/withdrawals/:id/approve': async ({ id }) => withdrawals.decide(id, { approve: true }),
    '/withdrawals/:id/reject': async ({ id, reason }) => withdrawals.decide(id, { approve: false, reason }),
    // Money in by hand: with an `Idempotency-Key` (the CLI sends one per command), a retry credits once.
    '/credit': async (body, ctx) => {
      const user = await findUser(users, body.user);
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
  };
}
