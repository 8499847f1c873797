/** The uploads area: stored images (`fastify.uploads`), `POST /api/upload` and `GET /uploads/<name>`. */
import path from 'node:path';
import fp from 'fastify-plugin';
import { FolderStorage } from './FileStorage';
import type { AppOptions } from '../platform/options';
import { registerUploadRoutes } from './uploadRoutes';
import { UploadStore } from './UploadStore';

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadStore;
  }
}

export const uploadsPlugin = fp<AppOptions>(
  async (fastify, options) => {
    const files = await FolderStorage.open(options.uploadsDir ?? path.join(options.dataDir, 'uploads'));
    const uploads = await UploadStore.open(fastify.db, fastify.clock, files, fastify.secrets);
    fastify.decorate('uploads', uploads);
    registerUploadRoutes(fastify, {
      uploads,
      auth: fastify.sessions,
      translator: fastify.translator,
      limiter: fastify.limits.uploads,
      ops: fastify.opsToken,
    });
  },
  { name: 'uploads', dependencies: ['platform', 'http', 'auth'] },
);
