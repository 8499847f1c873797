import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the app, checked against the built app (docs/ARCHITECTURE.md
 * "Hardening"): Vite's module scripts and CSS files come from the app's own origin; the market
 * worker is a same-origin file (`blob:` allowed for workers made from a blob URL); the socket is
 * same-origin WebSocket (`ws:`/`wss:` for browsers whose `'self'` does not cover WebSocket yet);
 * previews of a picked photo are `blob:` URLs and small icons may be `data:` URLs. Nothing may
 * frame the app, post a form elsewhere or load a plugin.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Security headers on every answer (pages, assets, the API, uploads) with @fastify/helmet.
 * Routes that set a stricter header of their own keep it: `/uploads/<name>` answers with
 * `default-src 'none'`. No `upgrade-insecure-requests`: the app is served over plain HTTP on a
 * local network by default, and that directive would break it there.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    // Browsers honour HSTS only over HTTPS (behind a TLS proxy); no includeSubDomains, which would bind an operator's other hosts.
    strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
}
