/**
 * The audit area (docs/AUDIT.md): the registry settling areas add their auditors to,
 * and the price record they check deciding prices against, and the operator's `audit` command that runs them all.
 * Registered before the trading areas.
 */
import fp from 'fastify-plugin';
import { createAuditOpsHandlers } from './auditOpsHandlers';
import { PriceRecord } from './PriceRecord';
import { AuditRegistry } from './registry';

declare module 'fastify' {
  interface FastifyInstance {
    audit: { registry: AuditRegistry; prices: PriceRecord };
  }
}

export const auditPlugin = fp(
  async (fastify) => {
    const audit = { registry: new AuditRegistry(), prices: new PriceRecord(fastify.market) };
    fastify.decorate('audit', audit);
    fastify.ops.handle(createAuditOpsHandlers({ ...audit, db: fastify.db, ledger: fastify.ledger, clock: fastify.clock }));
  },
  { name: 'audit', dependencies: ['platform', 'ledger', 'market'] },
);
