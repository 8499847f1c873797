import type { FastifyInstance } from 'fastify';
import { API_PREFIX, readLang, readToken, sendEnvelope, type Authenticator } from '../http/registerEndpoints';
import { AppError, sessionError } from '../http/AppError';
import type { RateLimiter } from '../http/RateLimiter';
import type { Translator } from '../http/translator';
import type { OpsToken } from '../ops/OpsToken';
import { decodeImage } from './decodeImage';
import { UPLOAD_MAX_BYTES, UPLOAD_SCENES, type UploadScene, type UploadStore } from './UploadStore';

/**
 * `POST /api/upload` (multipart, one file field; the message is the file's URL) and
 * `GET /uploads/<name>`. Requires @fastify/multipart to be registered.
 */
export function registerUploadRoutes(
  app: FastifyInstance,
  deps: { uploads: UploadStore; auth: Authenticator; translator: Translator; limiter: RateLimiter; ops: OpsToken },
): void {
  const { uploads, auth, translator, limiter } = deps;

  app.post(`${API_PREFIX}/upload`, async (req, reply) => {
    const token = readToken(req.headers.authorization);
    const user = token ? await auth.authenticate(token) : null;
    if (!user) throw sessionError(token ? 'errors.sessionExpired' : 'errors.notLoggedIn');
    if ((await limiter.hit(`user:${user.id}`)) > 0) throw new AppError('errors.tooManyUploads');
    if (!req.isMultipart()) throw new AppError('errors.fileRequired');

    let data: Buffer | null = null;
    let scene: UploadScene = 'image';
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (data) throw new AppError('errors.oneFileOnly');
          data = await part.toBuffer();
        } else if (part.fieldname === 'scene') {
          const value = String(part.value);
          if (!(UPLOAD_SCENES as readonly string[]).includes(value)) throw new AppError('errors.uploadSceneInvalid');
          scene = value as UploadScene;
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code ?? '';
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('errors.fileTooLarge', { mb: UPLOAD_MAX_BYTES / 1024 / 1024 });
      if (code.startsWith('FST_')) throw new AppError('errors.fileRequired');
      throw error;
    }
    if (!data || data.length === 0) throw new AppError('errors.fileRequired');
    const image = await decodeImage(data);
    if (!image.ok) throw new AppError(image.key, image.params);
    const row = await uploads.save(user.id, image.ext, data, scene);
    return sendEnvelope(reply, { type: 'ok', code: 1, message: uploads.urlFor(row) });
  });

  app.get<{ Params: { name: string }; Querystring: { exp?: string; sig?: string } }>('/uploads/:name', async (req, reply) => {
    const row = await uploads.byName(req.params.name);
    const allowed = row && (row.is_public || uploads.verify(row.name, req.query.exp, req.query.sig) || deps.ops.matches(req));
    if (!row || !allowed) {
      // The same answer for "missing" and "not yours": a name reveals nothing.
      return sendEnvelope(reply, { type: 'error', code: 0, message: translator.forLang(readLang(req))('errors.notFound') }, 404);
    }
    return reply
      .header('content-type', row.mime)
      .header('content-length', row.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('content-disposition', 'inline')
      .header('cache-control', row.is_public ? 'public, max-age=31536000, immutable' : 'private, max-age=300')
      .send(uploads.read(row.name));
  });
}
