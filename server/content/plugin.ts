/** The content area: site settings, news, help pages. */
import fp from 'fastify-plugin';
import { ContentRepository } from './ContentRepository';
import { createContentHandlers } from './contentHandlers';

export const contentPlugin = fp(
  async (fastify) => {
    fastify.api.handle(createContentHandlers(new ContentRepository(fastify.db)));
  },
  { name: 'content', dependencies: ['platform'] },
);
