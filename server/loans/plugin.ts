/**
 * The loans area (docs/LOANS.md): the `/loan/*` endpoints, the engine (leader
 * only) that accrues the daily interest and liquidates loans whose LTV reaches the line at a
 * recorded market tick, and the auditor. Owns `loans` and `loan_events` (LoansRepository). Every
 * change of a loan moves a balance or writes a notification, both pushed on the private channel:
 * the app refreshes its loan lists on those (src/api/liveInvalidation.ts).
 */
import fp from 'fastify-plugin';
import { Decimal } from '../../domain/decimal';
import { createLoansAuditor } from './audit';
import { LoansEngine } from './LoansEngine';
import { createLoansHandlers } from './loansHandlers';
import { LoansRepository } from './LoansRepository';
import { LoansService } from './LoansService';

declare module 'fastify' {
  interface FastifyInstance {
    loans: { service: LoansService; engine: LoansEngine; repo: LoansRepository };
  }
}

export const loansPlugin = fp(
  async (fastify) => {
    const { db, clock, ledger, balances, market, users, notifications, audit } = fastify;
    const repo = new LoansRepository(db);
    const service = new LoansService({ db, clock, ledger, balances, market, users, notifications, repo });
    const engine = new LoansEngine({ clock, bus: fastify.bus, repo, service, market, log: fastify.log });
    fastify.decorate('loans', { service, engine, repo });
    audit.registry.register(createLoansAuditor({ repo, ledger, db }));
    // The assets page's "Loans collateral" line: each open loan's collateral, held in escrow.
    fastify.holdings.register({
      kind: 'loans',
      async holdings(userId) {
        return (await repo.openOf(userId)).map((l) => ({
          currency_id: l.currency_id,
          amount: new Decimal(l.collateral),
          place: 'escrow' as const,
        }));
      },
    });
    fastify.api.handle(createLoansHandlers(service));
    fastify.leaderWork.add({ start: () => engine.start(), stop: () => engine.stop() });
  },
  { name: 'loans', dependencies: ['platform', 'http', 'ledger', 'market', 'users', 'audit', 'notifications', 'futures', 'funds'] },
);
