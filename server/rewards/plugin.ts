/**
 * The rewards area (docs/REWARDS.md): invitations and rebates, coupons
 * (fee vouchers, deposit bonuses) and the engine (leader only) that expires coupons. Owns
 * `reward_settings`, `rebates`, `coupon_kinds`, `coupons` and `coupon_uses` (RewardsRepository).
 * It acts on other areas' money only through their late-bound hooks, inside their transactions:
 * `fastify.tradingFees.onCharged` (futures and spot fees) and `fastify.deposits.onApproved`.
 */
import fp from 'fastify-plugin';
import { CouponEngine } from './CouponEngine';
import { RewardsRepository } from './RewardsRepository';
import { RewardsService } from './RewardsService';
import { createRewardsHandlers, createRewardsOpsHandlers } from './rewardsHandlers';
import { seedCouponKinds } from './seedKinds';

declare module 'fastify' {
  interface FastifyInstance {
    rewards: { service: RewardsService; engine: CouponEngine; repo: RewardsRepository };
  }
}

export const rewardsPlugin = fp(
  async (fastify) => {
    const { db, clock, ledger, market, users, notifications, tradingFees, deposits } = fastify;
    const repo = new RewardsRepository(db);
    const service = new RewardsService({ db, clock, ledger, users, notifications, currencies: market.currencies, repo });
    const engine = new CouponEngine({ clock, bus: fastify.bus, repo, service, log: fastify.log });
    fastify.decorate('rewards', { service, engine, repo });
    await seedCouponKinds({ repo, clock });

    tradingFees.onCharged((q, fee) => service.feeCharged(q, fee));
    deposits.onApproved((q, deposit) => service.depositApproved(q, deposit));
    service.onCoupon(() => engine.wake());

    fastify.api.handle(createRewardsHandlers(service));
    fastify.ops.handle(createRewardsOpsHandlers(service, users));
    fastify.leaderWork.add({ start: () => engine.start(), stop: () => engine.stop() });
  },
  { name: 'rewards', dependencies: ['platform', 'http', 'ledger', 'market', 'users', 'notifications', 'funds'] },
);
