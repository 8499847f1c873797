/**
 * The API's OpenAPI 3.1 document, made from the contract (domain/api/contract.ts) at start: every
 * endpoint with its method, who may call it, the identity level it needs, whether it takes an
 * `Idempotency-Key`, and its input as JSON Schema written by zod (`z.toJSONSchema`, the input side:
 * patterns, lengths, enums, required fields and defaults as the server checks them). The answers
 * are described by their envelope; the shape of `message` is a TypeScript type of the contract
 * (named in each operation's description), not a schema, since the contract types it at compile time only.
 *
 * Nothing here is written by hand per endpoint: an endpoint added to an area's contract is in
 * the document on the next start, and tests/server/openapi.test.ts fails if one is missing or the
 * document stops validating against the OpenAPI 3.1 schema.
 */
import { z } from 'zod';
import { contract, contractAreas, type EndpointPath } from '../../domain/api/contract';
import type { Endpoint } from '../../domain/api/endpoint';
import { ANSWER_LOST_CODE, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../domain/api/envelope';
import { LANGS } from '../../domain/i18n';
import { UPLOAD_MAX_BYTES, UPLOAD_SCENES } from '../uploads/UploadStore';
import { IDEMPOTENCY_KEY_RE, IDEMPOTENCY_TTL_MS } from '../http/idempotency';
import { API_PREFIX } from '../http/registerEndpoints';

/** A JSON object of the document (the OpenAPI types are not worth a dependency: the test validates it). */
type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/${name}` });

/** Each path's area (`/lever/submit` → `futures`): the operation's tag. */
const AREA_OF = new Map<string, string>(
  Object.entries(contractAreas).flatMap(([area, endpoints]) => Object.keys(endpoints).map((path) => [path, area] as const)),
);

/** `/lever/submit` → `leverSubmit`: unique because paths are. */
export function operationIdOf(path: string): string {
  return path
    .split(/[/_-]/)
    .filter(Boolean)
    .map((part, i) => (i === 0 ? part : part[0]!.toUpperCase() + part.slice(1)))
    .join('');
}

/** An input's JSON Schema as the caller writes it (before defaults and transforms). */
export function inputSchema(input: z.ZodType): Json {
  const schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete schema.$schema;
  return schema;
}

function operation(path: EndpointPath, def: Endpoint): Json {
  const schema = inputSchema(def.input);
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  const access =
    def.access === 'public'
      ? 'Anyone may call it; a signed-in caller is recognised.'
      : 'Needs a signed-in user (`Authorization`); else type 999.';
  const lines = [
    access,
    def.identity ? `Needs identity level ${def.identity} (real-name verification); else type 998.` : '',
    def.idempotent
      ? 'Moves money: send an `Idempotency-Key`; a retry with the same key answers the first result and has no second effect.'
      : '',
    `Answers the envelope; \`message\` is \`OutputOf<'${path}'>\` of domain/api/contract.ts.`,
  ].filter(Boolean);
  const op: Json = {
    operationId: operationIdOf(path),
    tags: [AREA_OF.get(path)!],
    description: lines.join('\n\n'),
    'x-access': def.access,
    ...(def.identity ? { 'x-identity-level': def.identity } : {}),
    ...(def.idempotent ? { 'x-idempotent': true } : {}),
    security: def.access === 'public' ? [{}, { token: [] }] : [{ token: [] }],
    parameters: [
      ref('parameters/AcceptLanguage'),
      ...(def.idempotent ? [ref('parameters/IdempotencyKey')] : []),
      ...(def.method === 'GET'
        ? [
            ref('parameters/Lang'),
            ...Object.entries(properties).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s })),
          ]
        : []),
    ],
    responses: {
      '200': ref('responses/Envelope'),
      '400': ref('responses/Malformed'),
      ...(def.idempotent ? { '409': ref('responses/InProgress') } : {}),
      '429': ref('responses/TooManyRequests'),
      '503': ref('responses/Unavailable'),
    },
  };
  if (def.method === 'POST') {
    const body = { ...schema, properties: { ...properties, lang: ref('schemas/Lang') } };
    op.requestBody = {
      required: required.size > 0,
      content: { 'application/x-www-form-urlencoded': { schema: body }, 'application/json': { schema: body } },
    };
  }
  return op;
}

/** `POST /api/upload`: multipart, outside the contract (server/uploads/uploadRoutes.ts). */
function uploadOperation(): Json {
  return {
    operationId: 'upload',
    tags: ['uploads'],
    description: `One picture (JPEG, PNG, WebP or GIF, at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB), checked by decoding it. \`message\` is the file's URL.`,
    'x-access': 'user',
    security: [{ token: [] }],
    parameters: [ref('parameters/AcceptLanguage')],
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: { type: 'string', contentMediaType: 'application/octet-stream' },
              scene: { type: 'string', enum: [...UPLOAD_SCENES] },
            },
            required: ['file'],
          },
        },
      },
    },
    responses: { '200': ref('responses/Envelope'), '400': ref('responses/Malformed'), '429': ref('responses/TooManyRequests') },
  };
}

const envelope = (description: string) => ({ description, content: { 'application/json': { schema: ref('schemas/Envelope') } } });

function components(): Json {
  return {
    securitySchemes: {
      token: {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description: 'The token `/user/login` answers, as it is or as `Bearer <token>`.',
      },
    },
    parameters: {
      AcceptLanguage: {
        name: 'Accept-Language',
        in: 'header',
        required: false,
        description: 'The language of messages when `lang` is not sent; English otherwise.',
        schema: { type: 'string' },
      },
      Lang: {
        name: 'lang',
        in: 'query',
        required: false,
        description: 'The language of messages (every call takes it, GET in the query, POST in the body).',
        schema: ref('schemas/Lang'),
      },
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: `Names one attempt of a money call, per user, for ${IDEMPOTENCY_TTL_MS / 3600_000} h. A retry with the same key answers the first result byte for byte; a retry while the first is still running waits for it, else answers 409.`,
        schema: { type: 'string', pattern: IDEMPOTENCY_KEY_RE.source },
      },
    },
    schemas: {
      Lang: { type: 'string', enum: [...LANGS] },
      Envelope: {
        description: [
          'Every answer. Success: `type` "ok", `code` 1, `message` the answer. Failure: `message` is a text in the request\'s language;',
          '`type` "error" for a business refusal (HTTP 200) or a malformed request (4xx); 999 when the session is missing, expired or revoked',
          `(the client signs out); 998 when an identity level is missing. \`code\` ${ANSWER_LOST_CODE} means a money call whose answer was lost`,
          'may have taken effect: the records show the outcome. `retry_after` (seconds) comes with a refusal that only means "not yet".',
          `Paged lists answer \`{data, page, limit, total}\` (limit ${PAGE_SIZE_DEFAULT} by default, at most ${PAGE_SIZE_MAX}).`,
        ].join(' '),
        type: 'object',
        properties: {
          type: {
            oneOf: [
              { type: 'string', enum: ['ok', 'error'] },
              { type: 'integer', enum: [999, 998] },
            ],
          },
          code: { type: 'integer', enum: [0, 1, ANSWER_LOST_CODE] },
          message: {},
          retry_after: { type: 'integer', minimum: 1 },
        },
        required: ['type', 'code', 'message'],
      },
    },
    responses: {
      Envelope: envelope('The envelope: success or a business refusal (see the Envelope schema).'),
      Malformed: envelope('A body that could not be read, an invalid Idempotency-Key, too large (413) or of the wrong type (415).'),
      InProgress: envelope('The first request with this Idempotency-Key is still running.'),
      TooManyRequests: {
        ...envelope('Too many requests from this address; `retry_after` says when to try again.'),
        headers: { 'retry-after': { schema: { type: 'integer' } } },
      },
      Unavailable: envelope('The database is unavailable; try again shortly.'),
    },
  };
}

/** The whole document; `version` is the package's. */
export function openApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const path of Object.keys(contract).sort() as EndpointPath[]) {
    const def = contract[path] as Endpoint;
    paths[path] = { [def.method.toLowerCase()]: operation(path, def) };
  }
  paths['/upload'] = { post: uploadOperation() };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kestrel API',
      version,
      description: [
        'The HTTP API of the Kestrel app, generated from its contract (domain/api/contract.ts).',
        'Market data and private updates come over socket.io, described in docs/PROTOCOL.md.',
        'Amounts and prices are decimal strings; the server never takes a user id, an amount it',
        'can work out, or a price from the client.',
      ].join(' '),
    },
    servers: [{ url: API_PREFIX }],
    tags: [...Object.keys(contractAreas), 'uploads'].sort().map((name) => ({ name })),
    paths,
    components: components(),
  };
}
