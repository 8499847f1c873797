/**
 * The API described: `GET /api/openapi.json` answers the OpenAPI 3.1 document made from the
 * contract (document.ts), and `/api/docs` is its reference page (Swagger UI, served from the
 * package's own files: nothing is fetched from elsewhere, and its CSP allows only what it ships).
 * Both are public, like the contract they describe; the per-address rate limit counts them.
 */
import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/registerEndpoints';
import { openApiDocument } from './document';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PATH = `${API_PREFIX}/docs`;

/**
 * The reference page's content security policy: its own files only, nothing from elsewhere (no
 * validator badge, no CDN). Swagger UI sets inline styles as it renders (collapsing sections,
 * highlighted examples), so styles may be inline on this page alone; scripts may not.
 */
export const DOCS_CSP = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

export const openApiPlugin = fp(
  async (fastify) => {
    // Made once: the contract is fixed for the life of the process.
    const document = openApiDocument(packageVersion());
    const text = JSON.stringify(document);
    fastify.get(OPENAPI_PATH, (_req, reply) =>
      reply.header('cache-control', 'public, max-age=300').type('application/json; charset=utf-8').send(text),
    );
    await fastify.register(swagger, { mode: 'static', specification: { document: document as never } });
    await fastify.register(swaggerUi, {
      routePrefix: DOCS_PATH,
      // The page reads the same document at /api/docs/json; no validator badge (it would call validator.swagger.io).
      uiConfig: { validatorUrl: null, docExpansion: 'none', deepLinking: true, tryItOutEnabled: false },
      staticCSP: DOCS_CSP,
      // The app's own mark in the page's bar, not the framework's.
      logo: { type: 'image/svg+xml', content: readFileSync(new URL('../../public/logo.svg', import.meta.url)) },
      theme: { title: 'Kestrel API' },
    });
  },
  { name: 'openapi', dependencies: ['platform', 'http'] },
);
