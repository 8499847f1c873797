import type { FastifyInstance } from 'fastify';
import { readLang, sendEnvelope } from './registerEndpoints';
import type { Translator } from './translator';

/**
 * NUL (which PostgreSQL cannot store in text, so it used to surface as a 500 from the first
 * query that met it) and every other C0 control character and DEL, except tab, line feed and
 * carriage return. One-line fields refuse those three as well (domain/api/fields.ts), so only a
 * multi-line text can carry a line break.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** True when any string in `value` (object keys included, at any depth) holds a forbidden character. */
export function hasControlChars(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (FORBIDDEN.test(item)) return true;
    } else if (Array.isArray(item)) {
      stack.push(...item);
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (FORBIDDEN.test(key)) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/**
 * Refuses control characters in the query, the body and the path parameters of every request,
 * for every route at once (the contract's endpoints, uploads, the operator API), before any
 * handler or field rule sees them: the answer is the usual validation envelope, translated.
 */
export function registerInputGuard(app: FastifyInstance, translator: Translator): void {
  app.addHook('preHandler', async (req, reply) => {
    if (!hasControlChars(req.query) && !hasControlChars(req.body) && !hasControlChars(req.params)) return;
    return sendEnvelope(reply, { type: 'error', code: 0, message: translator.forLang(readLang(req))('validation.controlChars') });
  });
}
