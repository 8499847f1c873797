import { AppError } from '../http/AppError';
import type { HandlerMap } from '../http/context';
import type { Limits } from '../http/limits';
import type { MarketSource } from '../market/MarketSource';
import { checkPayPassword } from '../security/checkPayPassword';
import type { UploadStore } from '../uploads/UploadStore';
import type { UserRepository } from '../users/UserRepository';
import type { WithdrawalTargets } from './WithdrawalTargets';

/** Wallet addresses and bank cards (User). Every change needs the payment password. */
export function createTargetHandlers(deps: {
  targets: WithdrawalTargets;
  users: UserRepository;
  uploads: UploadStore;
  market: MarketSource;
  limits: Limits;
}): HandlerMap {
  const { targets, users, uploads, market, limits } = deps;
  // Coins can be sent to an address; of the quote currencies only USDT is a token.
  const coins = market.currencies.filter((c) => !c.is_legal || c.name === 'USDT');
  const coin = (value: string) => coins.find((c) => String(c.id) === value || c.name === value.toUpperCase());

  return {
    '/user/wallet/save': async (input, ctx) => {
      const currency = coin(input.currency);
      if (!currency) throw new AppError('validation.currencyRequired');
      const qrcode = input.qrcode ? await uploads.ownedByUrl(input.qrcode, ctx.user.id, ['qrcode', 'image']) : null;
      if (input.qrcode && !qrcode) throw new AppError('validation.qrcodeRequired');
      await checkPayPassword(users, limits, ctx.user.id, input.pay_password);
      await targets.addAddress(ctx.user.id, {
        currencyId: currency.id,
        name: input.name,
        address: input.address,
        qrcodeUploadId: qrcode?.id ?? null,
      });
      return ctx.t('messages.saved');
    },
    '/user/wallet/list': async (input, ctx) => targets.addresses(ctx.user.id, input.page, input.limit),
    '/user/wallet/delete': async (input, ctx) => {
      await checkPayPassword(users, limits, ctx.user.id, input.pay_password);
      if (!(await targets.removeAddress(ctx.user.id, input.id))) throw new AppError('errors.notFound');
      return ctx.t('messages.deleted');
    },
    '/user/cash_save': async ({ pay_password, ...card }, ctx) => {
      await checkPayPassword(users, limits, ctx.user.id, pay_password);
      await targets.saveCard(ctx.user.id, 'domestic', card);
      return ctx.t('messages.saved');
    },
    '/user/cash_save_international': async ({ pay_password, ...card }, ctx) => {
      await checkPayPassword(users, limits, ctx.user.id, pay_password);
      await targets.saveCard(ctx.user.id, 'international', card);
      return ctx.t('messages.saved');
    },
    '/user/cash_info': async (_input, ctx) => targets.card(ctx.user.id, 'domestic'),
    '/user/cash_info_international': async (_input, ctx) => targets.card(ctx.user.id, 'international'),
  };
}
