/** The operator area: the `/ops` API of `domain/ops/contract.ts`, behind the operator token (the CLI's server side). */
import fp from 'fastify-plugin';
import { createCopytradeOpsHandlers } from '../copytrade/copytradeOpsHandlers';
import { createIeoOpsHandlers } from '../ieo/ieoHandlers';
import { createNftOpsHandlers } from '../nft/nftHandlers';
import { createChatOpsHandlers } from '../chat/chatHandlers';
import { createOtcOpsHandlers } from '../otc/otcHandlers';
import { createRewardsOpsHandlers } from '../rewards/rewardsHandlers';
import { createSupportOpsHandlers } from '../support/supportHandlers';
import { createOpsHandlers } from './opsHandlers';
import { registerOpsRoutes } from './opsRoutes';
import { createRiskOpsHandlers } from './risk';

export const opsPlugin = fp(
  async (fastify) => {
    const { users, identities, deposits, withdrawals, credits, market, audit, clock } = fastify;
    const handlers = {
      ...createOpsHandlers({ users, identities, deposits, withdrawals, credits, market, audit, clock }),
      ...createIeoOpsHandlers(fastify.ieo.service),
      ...createCopytradeOpsHandlers(fastify.copytrade, users),
      ...createNftOpsHandlers(fastify.nft.operator),
      ...createOtcOpsHandlers(fastify.otc.service),
      ...createRewardsOpsHandlers(fastify.rewards.service, users),
      ...createChatOpsHandlers(fastify.chat.service),
      ...createSupportOpsHandlers(fastify.support),
      ...createRiskOpsHandlers({
        db: fastify.db,
        clock,
        market,
        repo: fastify.futures.repo,
        users,
        balances: fastify.balances,
        loans: fastify.loans.repo,
      }),
    };
    registerOpsRoutes(fastify, handlers, {
      token: fastify.opsToken,
      translator: fastify.translator,
      idempotency: fastify.idempotency,
    });
  },
  {
    name: 'ops',
    dependencies: [
      'platform',
      'http',
      'users',
      'identity',
      'funds',
      'market',
      'audit',
      'ieo',
      'copytrade',
      'nft',
      'otc',
      'rewards',
      'chat',
      'support',
      'futures',
      'loans',
      'ledger',
    ],
  },
);
