/**
 * The HTTP plugin, registered right after the platform: security headers, the per-address rate
 * limit, the input guard, closing quiet connections on close, body parsers, the error and
 * not-found handlers, and the built app at `/`. Every route an area registers afterwards passes
 * through these.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { AppOptions } from '../platform/options';
import { UPLOAD_MAX_BYTES } from '../uploads/UploadStore';
import { AppError, failureOf } from './AppError';
import { registerInputGuard } from './inputGuard';
import { closeQuietConnectionsOnClose } from './quietConnections';
import { RATE_LIMIT_PER_MINUTE, registerRateLimit, TooManyRequestsError } from './rateLimit';
import { API_PREFIX, readLang, sendEnvelope } from './registerEndpoints';
import { registerSecurityHeaders } from './securityHeaders';

export const httpPlugin = fp<AppOptions>(
  async (fastify, options) => {
    const { translator } = fastify;
    registerSecurityHeaders(fastify);
    const rateLimitNotFound = await registerRateLimit(fastify, {
      counters: fastify.counters,
      perMinute: options.rateLimitPerMinute ?? RATE_LIMIT_PER_MINUTE,
    });
    registerInputGuard(fastify, translator);
    closeQuietConnectionsOnClose(fastify);
    await fastify.register(formbody);
    await fastify.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 100 } });

    // Hostile input gets an envelope, never a stack.
    fastify.setErrorHandler((error, req, reply) => {
      const t = translator.forLang(readLang(req));
      if (error instanceof AppError) {
        return sendEnvelope(reply, failureOf(error, t));
      }
      if (error instanceof TooManyRequestsError) {
        return sendEnvelope(
          reply,
          { type: 'error', code: 0, message: t('errors.tooManyRequests', { seconds: error.seconds }), retry_after: error.seconds },
          429,
        );
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status < 500) {
        const key = status === 413 ? 'errors.payloadTooLarge' : status === 415 ? 'errors.unsupportedMediaType' : 'errors.malformedRequest';
        return sendEnvelope(reply, { type: 'error', code: 0, message: t(key) }, status);
      }
      if (isDatabaseUnavailable(error)) {
        req.log.warn({ err: (error as Error).message }, 'database unavailable');
        return sendEnvelope(reply.header('retry-after', '5'), { type: 'error', code: 0, message: t('errors.unavailable') }, 503);
      }
      req.log.error(error, 'unhandled error');
      return sendEnvelope(reply, { type: 'error', code: 0, message: t('errors.internal') }, 500);
    });

    const distDir = options.distDir;
    const hasApp = Boolean(distDir && existsSync(path.join(distDir, 'index.html')));
    if (hasApp) {
      await fastify.register(fastifyStatic, {
        root: distDir!,
        // The build writes a brotli and a gzip copy of every text file (precompress.ts): sent
        // as they are to a client that accepts them, with `Vary: Accept-Encoding` on every answer
        // (the plain file too), the original's content type, and the file itself to anyone else.
        preCompressed: true,
        setHeaders(res, filePath) {
          // Hashed assets never change; index.html must be fetched fresh to pick up a new build.
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          res.header('x-content-type-options', 'nosniff');
        },
      });
    }

    fastify.setNotFoundHandler({ preHandler: rateLimitNotFound }, (req, reply) => {
      const t = translator.forLang(readLang(req));
      if (!req.url.startsWith(`${API_PREFIX}/`) && req.method === 'GET' && hasApp) return reply.sendFile('index.html');
      return sendEnvelope(reply, { type: 'error', code: 0, message: t('errors.notFound') }, 404);
    });
  },
  { name: 'http', dependencies: ['platform'] },
);
