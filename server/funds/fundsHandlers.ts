import { parseAccount, type AccountId } from '../../domain/funds/formulas';
import { AppError } from '../http/AppError';
import type { HandlerMap } from '../http/context';
import type { UserRepository } from '../users/UserRepository';
import type { Deposits } from './Deposits';
import type { Exchanges } from './Exchanges';
import type { Wallets } from './Wallets';
import type { Withdrawals } from './Withdrawals';

function account(value: string): AccountId {
  const id = parseAccount(value);
  if (!id) throw new AppError('validation.accountInvalid');
  return id;
}

/** The wallet endpoints. Calls that move money run their effect in `ctx.tx` (idempotency keys). */
export function createFundsHandlers(deps: {
  wallets: Wallets;
  deposits: Deposits;
  withdrawals: Withdrawals;
  exchanges: Exchanges;
  users: UserRepository;
}): HandlerMap {
  const { wallets, deposits, withdrawals, exchanges, users } = deps;
  return {
    '/wallet/list': async (_input, ctx) => wallets.overview(ctx.user.id, (await users.byId(ctx.user.id))?.fiat ?? 'USDT'),
    '/wallet/detail': async (input, ctx) => wallets.detail(ctx.user.id, input.currency, account(input.type)),
    '/wallet/change': async (input, ctx) => {
      await wallets.transfer(ctx.user.id, input.currency_id, input.number, account(input.from_field), account(input.to_field), ctx.tx);
      return ctx.t('messages.transferred');
    },
    '/wallet/hzhistory': async (input, ctx) => wallets.transfers(ctx.user.id, input.page, input.limit),
    '/wallet/legal_log': async (input, ctx) => wallets.bills(ctx.user.id, { account: 1 }, input.page, input.limit),
    '/wallet/bills': async (input, ctx) =>
      wallets.bills(
        ctx.user.id,
        { account: input.account ? account(input.account) : undefined, currencyId: input.currency, kind: input.kind },
        input.page,
        input.limit,
      ),
    '/currency/user_currency_list': async (_input, ctx) => wallets.currencies(ctx.user.id),
    '/wallet/get_in_address': async (input) => deposits.info(input.currency),
    '/wallet/charge_req': async (input, ctx) => deposits.request(ctx.user.id, input, ctx.tx),
    '/recharge/log': async (input, ctx) => deposits.page(ctx.user.id, input.page, input.limit),
    '/wallet/get_info': async (input, ctx) => withdrawals.info(ctx.user.id, input.currency),
    '/wallet/out': async (input, ctx) => withdrawals.request(ctx.user.id, input, ctx.tx),
    '/user/withdraw/list': async (input, ctx) => withdrawals.page(ctx.user.id, input.page, input.limit),
    '/user/getTransferFee': async (input) => exchanges.quote(input.from_currency_id, input.to_currency_id),
    '/user/exchangeQuote': async (input, ctx) =>
      exchanges.firmQuote(ctx.user.id, { amount: input.number, fromId: input.from_currency_id, toId: input.to_currency_id }),
    '/user/Transfer': async (input, ctx) =>
      exchanges.exchange(
        ctx.user.id,
        {
          amount: input.number,
          fromId: input.from_currency_id,
          toId: input.to_currency_id,
          minReceive: input.min_receive,
          quoteId: input.quote_id,
        },
        ctx.tx,
      ),
    '/user/getTransferList': async (input, ctx) => exchanges.page(ctx.user.id, input.page, input.limit),
  };
}
