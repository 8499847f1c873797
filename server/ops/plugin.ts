/**
 * The operator area: mounts the `/ops` API of `domain/ops/contract.ts` behind the operator token
 * (the CLI's server side). Each area registers its own commands with `fastify.ops.handle(…)`;
 * this plugin, registered after them, adds the operator's cross-area risk view and mounts
 * every command, refusing the start if a command of the contract has no handler.
 */
import fp from 'fastify-plugin';
import { registerOpsRoutes } from './opsRoutes';
import { createRiskOpsHandlers } from './risk';

export const opsPlugin = fp(
  async (fastify) => {
    const { db, clock, market, users, balances } = fastify;
    fastify.ops.handle(
      createRiskOpsHandlers({ db, clock, market, repo: fastify.futures.repo, users, balances, loans: fastify.loans.repo }),
    );
    registerOpsRoutes(fastify, fastify.ops.complete(), {
      token: fastify.opsToken,
      translator: fastify.translator,
      idempotency: fastify.idempotency,
    });
  },
  { name: 'ops', dependencies: ['platform', 'http', 'users', 'market', 'ledger', 'futures', 'loans'] },
);
