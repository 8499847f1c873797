import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  // Browsers honour HSTS only over HTTPS (behind a TLS proxy); no includeSubDomains, which would bind an operator's other hosts.
  strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'no-referrer' },
};

/**
 * The headers helmet sets with these options, taken once by running its middleware on a stand-in
 * response. None depends on the request (no CSP nonces), so every answer can carry the same set;
 * @fastify/helmet built helmet's middleware again on every request, parsing the CSP each time
 * (~4 % of the server's CPU under the order load, more of a cheap read's).
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer (pages, assets, the API, uploads), helmet's, set before the
 * route runs. Routes that set a stricter header of their own keep it: `/uploads/<name>` answers
 * with `default-src 'none'`. No `upgrade-insecure-requests`: the app is served over plain HTTP on
 * a local network by default, and that directive would break it there.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
