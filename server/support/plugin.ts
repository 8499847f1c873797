/**
 * Customer service (docs/community/SUPPORT.md): the `/support/*` endpoints, the
 * operator's `tickets`/`reply`, and the private channel's `support` kind. Owns `support_messages`
 * and `support_reads` (SupportRepository).
 */
import fp from 'fastify-plugin';
import type { AppOptions } from '../platform/options';
import { SupportRepository } from './SupportRepository';
import { SupportService } from './SupportService';
import { createSupportHandlers, createSupportOpsHandlers } from './supportHandlers';

declare module 'fastify' {
  interface FastifyInstance {
    support: SupportService;
  }
}

export const supportPlugin = fp<AppOptions>(
  async (fastify) => {
    const { db, clock, users, hub, uploads } = fastify;
    const support = new SupportService({ repo: new SupportRepository(db), uploads, users, hub, clock });
    fastify.decorate('support', support);
    fastify.hub.provideSnapshot('support', (userId) => support.snapshot(userId));
    fastify.api.handle(createSupportHandlers(support));
    fastify.ops.handle(createSupportOpsHandlers(support));
  },
  { name: 'support', dependencies: ['platform', 'http', 'users', 'uploads', 'realtime'] },
);
