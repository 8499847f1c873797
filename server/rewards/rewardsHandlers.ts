import type { HandlerMap } from '../http/context';
import type { OpsHandler } from '../ops/opsRoutes';
import { AppError } from '../http/AppError';
import type { UserRepository } from '../users/UserRepository';
import type { RewardsService } from './RewardsService';

/** The `/rewards/*` endpoints (domain/rewards/contract.ts). The claim runs in `ctx.tx` (idempotency key). */
export function createRewardsHandlers(rewards: RewardsService): HandlerMap {
  const page = (input: { page: number; limit: number }) => ({ page: input.page, limit: input.limit });
  return {
    '/rewards/invite': async (_input, ctx) => rewards.invite(ctx.user.id),
    '/rewards/rebates': async (input, ctx) => rewards.rebates(ctx.user.id, page(input)),
    '/rewards/invitees': async (input, ctx) => rewards.invitees(ctx.user.id, page(input)),
    '/rewards/coupons/center': async (_input, ctx) => rewards.center(ctx.user?.id ?? null),
    '/rewards/coupons/claim': async (input, ctx) => rewards.claim(ctx.user.id, input.kind_id, ctx.tx),
    '/rewards/coupons': async (input, ctx) => rewards.coupons(ctx.user.id, input.state, page(input)),
  };
}

/** The operator's rewards endpoints (domain/rewards/ops.ts). */
export function createRewardsOpsHandlers(
  rewards: RewardsService,
  users: UserRepository,
): {
  '/rewards/coupon-kinds': OpsHandler<'/rewards/coupon-kinds'>;
  '/rewards/coupon-kinds/create': OpsHandler<'/rewards/coupon-kinds/create'>;
  '/rewards/coupons/grant': OpsHandler<'/rewards/coupons/grant'>;
  '/rewards/rebate-share': OpsHandler<'/rewards/rebate-share'>;
} {
  return {
    '/rewards/coupon-kinds': async () => rewards.kinds(),
    '/rewards/coupon-kinds/create': async (input) => rewards.createKind(input),
    '/rewards/coupons/grant': async (input, ctx) => {
      const user = /^\d+$/.test(input.user) ? await users.byId(Number(input.user)) : await users.byEmail(input.user);
      if (!user) throw new AppError('errors.userNotFound');
      return rewards.grant(user.id, input.kind_id, ctx.tx);
    },
    '/rewards/rebate-share': async (input) => rewards.setRebateShare(input.share),
  };
}
