/**
 * The audit area (issue 10, docs/AUDIT.md): the registry settling areas add their auditors to,
 * and the price record they check deciding prices against. Registered before the trading areas.
 */
import fp from 'fastify-plugin';
import { PriceRecord } from './PriceRecord';
import { AuditRegistry } from './registry';

declare module 'fastify' {
  interface FastifyInstance {
    audit: { registry: AuditRegistry; prices: PriceRecord };
  }
}

export const auditPlugin = fp(
  async (fastify) => {
    fastify.decorate('audit', { registry: new AuditRegistry(), prices: new PriceRecord(fastify.market) });
  },
  { name: 'audit', dependencies: ['market'] },
);
