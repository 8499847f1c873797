/**
 * The API described (server/openapi): the OpenAPI 3.1 document at /api/openapi.json validates
 * against the OpenAPI schema, names every endpoint of the contract with its method, access,
 * identity level and Idempotency-Key, carries each input's rules as zod checks them, and the
 * reference page at /api/docs is served from the app's own files.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, contractAreas, type EndpointPath } from '../../domain/api/contract';
import type { Endpoint } from '../../domain/api/endpoint';
import { operationIdOf } from '../../server/openapi/document';
import { startServer, type TestServer } from './harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the OpenAPI document', () => {
  let s: TestServer;
  let doc: Json;
  beforeAll(async () => {
    s = await startServer({ startMarket: false });
    const res = await fetch(`${s.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    doc = (await res.json()) as Json;
  });
  afterAll(() => s.close());

  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('names every endpoint of the contract, once, with its method, access and idempotency', () => {
    const paths = Object.keys(contract) as EndpointPath[];
    expect(paths.length).toBeGreaterThan(150);
    for (const path of paths) {
      const def = contract[path] as Endpoint;
      const item = doc.paths[path] as Json | undefined;
      expect(item, path).toBeDefined();
      expect(Object.keys(item!), path).toEqual([def.method.toLowerCase()]);
      const op = item![def.method.toLowerCase()] as Json;
      expect(op.operationId).toBe(operationIdOf(path));
      expect(op.tags, path).toEqual([Object.entries(contractAreas).find(([, e]) => path in e)![0]]);
      expect(op['x-access'], path).toBe(def.access);
      expect(op['x-identity-level'], path).toBe(def.identity);
      const params = (op.parameters as Json[]).map((p) => p.$ref ?? p.name);
      expect(params.includes('#/components/parameters/IdempotencyKey'), path).toBe(def.idempotent === true);
      expect(op.security, path).toEqual(def.access === 'public' ? [{}, { token: [] }] : [{ token: [] }]);
    }
    // Nothing beside the contract but the multipart upload.
    expect(Object.keys(doc.paths).filter((p) => !(p in contract))).toEqual(['/upload']);
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item as Json).map((op) => (op as Json).operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carries each input with the rules the server checks', () => {
    // A POST: a form body (or JSON) with the required fields and their patterns.
    const submit = doc.paths['/lever/submit'].post as Json;
    const body = submit.requestBody.content['application/x-www-form-urlencoded'].schema as Json;
    expect(body.required).toEqual(['match_id', 'type', 'share', 'multiple']);
    expect(body.properties.type).toMatchObject({ type: 'string', pattern: '^[12]$' });
    expect(body.properties.lang).toEqual({ $ref: '#/components/schemas/Lang' });
    expect(submit.responses['409']).toBeDefined();
    // A GET: query parameters, an enum with its default.
    const dealall = doc.paths['/lever/dealall'].get as Json;
    const status = (dealall.parameters as Json[]).find((p) => p.name === 'status')!;
    expect(status).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'string', enum: ['open', 'entrusted', 'closed'], default: 'open' },
    });
    expect(doc.components.schemas.Envelope.required).toEqual(['type', 'code', 'message']);
  });

  it('describes what the server does: a field the document requires is refused when missing', async () => {
    // The document and the validation are the same schema: drop a required field of a public
    // POST and the server refuses it, in the request's language.
    const path = '/user/login' as const;
    const body = doc.paths[path].post.requestBody.content['application/x-www-form-urlencoded'].schema as Json;
    expect(body.required.length).toBeGreaterThan(0);
    const refused = await s.call(path, {});
    expect(refused.body.type).toBe('error');
  });

  it('serves the reference page from its own files', async () => {
    const page = await fetch(`${s.url}/api/docs/`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    // Its scripts are ours to serve (no CDN), and its policy allows nothing from elsewhere.
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((src) => !/^https?:/.test(src))).toBe(true);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('validator.swagger.io');
    expect(csp).not.toMatch(/ https:/);
    const json = await fetch(`${s.url}/api/docs/json`);
    expect(await json.json()).toEqual(doc);
    for (const src of scripts) {
      const asset = await fetch(new URL(src, `${s.url}/api/docs/`));
      expect(asset.status, src).toBe(200);
    }
  });
});
