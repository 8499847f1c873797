/**
 * The real server on an ephemeral port for one test file: real HTTP, a real socket.io, a
 * fresh copy of the template database.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { inject } from 'vitest';
import type { EndpointPath, OutputOf } from '../../domain/api/contract';
import type { ApiEnvelope } from '../../domain/api/envelope';
import { opsEndpoints, opsUrl, type OpsOutputOf, type OpsPath } from '../../domain/ops/contract';
import type { ClientToServerEvents, ServerToClientEvents } from '../../domain/protocol';
import { buildApp, type App, type AppOptions } from '../../server/app';
import { systemClock, type Clock } from '../../server/clock';
import type { Db } from '../../server/db/db';
import { openTestDatabase } from './database';
import { TEST_APP_OPTIONS } from './options';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface CallOptions {
  token?: string | null;
  method?: 'GET' | 'POST';
  lang?: string;
  headers?: Record<string, string>;
  /** The client IP the request claims (X-Forwarded-For; the test app trusts it). */
  ip?: string;
}

export interface TestServer {
  url: string;
  app: App;
  db: Db;
  clock: Clock;
  dataDir: string;
  /** The operator token the server wrote to `dataDir/ops.token`. */
  opsToken: string;
  /**
   * Calls operator endpoint `path` of `domain/ops/contract.ts` (`/ops<path>`, `:id` filled from
   * `input.id`, the rest as the query of a GET or the JSON body of a POST) with the operator
   * token (or `options.token`). Typed by path like `call`: renaming an operator endpoint fails
   * the tests at compile time; the input stays loose for hostile values.
   */
  ops<P extends OpsPath>(
    path: P,
    input?: Record<string, string | number>,
    options?: { token?: string | null; headers?: Record<string, string> },
  ): Promise<{ status: number; body: ApiEnvelope<OpsOutputOf<P>> }>;
  /** Uploads `data` as the file field; returns the envelope. */
  upload(
    token: string | null,
    data: Uint8Array | string,
    options?: { filename?: string; type?: string; scene?: string },
  ): Promise<{ status: number; body: ApiEnvelope<string> }>;
  /**
   * Calls endpoint `path` of the contract (`/api<path>`, form-urlencoded, POST unless told) and
   * returns the envelope, typed by the contract's answer, and the HTTP status. Typed by path, so
   * renaming an endpoint fails the tests at compile time; the parameters stay loose, since tests
   * send hostile input on purpose.
   */
  call<P extends EndpointPath>(
    path: P,
    params?: Record<string, string | string[]>,
    options?: CallOptions,
  ): Promise<{ status: number; body: ApiEnvelope<OutputOf<P>> }>;
  /** Like `call`, for any path: unknown paths and routes outside the contract. */
  raw<T = unknown>(
    path: string,
    params?: Record<string, string | string[]>,
    options?: CallOptions,
  ): Promise<{ status: number; body: ApiEnvelope<T> }>;
  /** A connected socket.io client. */
  socket(): Promise<ClientSocket>;
  /** The newest code the outbox holds for `to`. */
  lastCode(to: string): Promise<string>;
  /** Registers and logs in a fresh email account, from its own client IP. */
  signUp(email?: string, password?: string): Promise<{ email: string; password: string; token: string; ip: string }>;
  /** Binds a fresh phone number to the account (through the real code flow). */
  bindMobile(token: string, ip: string): Promise<{ area_code: string; mobile: string }>;
  close(): Promise<void>;
}

let counter = 0;

export async function startServer(options: Partial<AppOptions> = {}): Promise<TestServer> {
  // A database given in `options` is another node's (tests/server/cluster.test.ts): shared, not owned.
  const { db, dispose } = options.db ? { db: options.db, dispose: async () => undefined } : await openTestDatabase(inject('templatePath'));
  const clock = options.clock ?? systemClock;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kestrel-server-'));
  const app = await buildApp({ ...TEST_APP_OPTIONS, db, clock, dataDir, ...options });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`;
  const sockets: ClientSocket[] = [];

  const raw: TestServer['raw'] = async (path, params = {}, opts = {}) => {
    const method = opts.method ?? 'POST';
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
    if (opts.lang) form.set('lang', opts.lang);
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = opts.token;
    if (opts.ip) headers['x-forwarded-for'] = opts.ip;
    const res = await fetch(`${url}/api${path}${method === 'GET' ? `?${form}` : ''}`, {
      method,
      headers: method === 'GET' ? headers : { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: method === 'GET' ? undefined : form,
    });
    return { status: res.status, body: (await res.json()) as never };
  };

  const opsToken = (await readFile(path.join(dataDir, 'ops.token'), 'utf8')).trim();

  const server: TestServer = {
    url,
    app,
    db,
    clock,
    dataDir,
    opsToken,
    call: (path, params, opts) => raw(path, params, opts),
    raw,
    async ops(opsPath, input = {}, opts = {}) {
      const { method } = opsEndpoints[opsPath];
      const { url: route, rest } = opsUrl(opsPath, input);
      const token = opts.token === undefined ? opsToken : opts.token;
      const headers: Record<string, string> = { ...opts.headers };
      if (token) headers['x-ops-token'] = token;
      const query = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)]));
      const post = method === 'POST' && Object.keys(rest).length > 0;
      if (post) headers['content-type'] = 'application/json';
      const res = await fetch(`${url}${route}${method === 'GET' && Object.keys(rest).length ? `?${query}` : ''}`, {
        method,
        headers,
        body: post ? JSON.stringify(rest) : undefined,
      });
      return { status: res.status, body: (await res.json()) as never };
    },
    async upload(token, data, opts = {}) {
      const form = new FormData();
      if (opts.scene) form.append('scene', opts.scene);
      form.append(
        'file',
        new Blob([typeof data === 'string' ? data : Buffer.from(data)], { type: opts.type ?? 'image/jpeg' }),
        opts.filename ?? 'photo.jpg',
      );
      const res = await fetch(`${url}/api/upload`, { method: 'POST', headers: token ? { authorization: token } : {}, body: form });
      return { status: res.status, body: (await res.json()) as never };
    },
    async socket() {
      const socket: ClientSocket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    },
    async lastCode(to) {
      const res = await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const list = (await res.json()) as { code: string }[];
      if (!list[0]) throw new Error(`no code sent to ${to}`);
      return list[0].code;
    },
    async signUp(email = `user${process.pid}x${++counter}@example.com`, password = 'secret123') {
      const ip = `10.${(counter >> 8) & 255}.${counter & 255}.${(process.pid & 127) + 1}`;
      const sent = await server.call('/sms_mail', { user_string: email, scene: 'register' }, { ip });
      if (sent.body.type !== 'ok') throw new Error(`sms_mail: ${String(sent.body.message)}`);
      const code = await server.lastCode(email);
      const reg = await server.call('/user/register', { type: 'email', user_string: email, code, password, re_password: password }, { ip });
      if (reg.body.type !== 'ok') throw new Error(`register: ${String(reg.body.message)}`);
      // Registering signs the new user in: its answer is the session token, as login's is.
      return { email, password, token: reg.body.message, ip };
    },
    async bindMobile(token, ip) {
      const mobile = `7${String(Date.now() % 1e6).padStart(6, '0')}${String(++counter).padStart(3, '0')}`;
      const sent = await server.call('/sms_send', { area_code: '44', mobile, scene: 'bind' }, { ip });
      if (sent.body.type !== 'ok') throw new Error(`sms_send: ${String(sent.body.message)}`);
      const bound = await server.call(
        '/safe/mobile',
        { area_code: '44', mobile, code: await server.lastCode(`+44${mobile}`) },
        { token, ip },
      );
      if (bound.body.type !== 'ok') throw new Error(`safe/mobile: ${String(bound.body.message)}`);
      return { area_code: '44', mobile };
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await app.close();
      await dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Resolves with the first `m` message matching `predicate`, or rejects after `timeoutMs`. */
export function nextMessage<T>(socket: ClientSocket, predicate: (m: never) => boolean, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('m', onMessage);
      reject(new Error('no matching message'));
    }, timeoutMs);
    const onMessage = (m: unknown) => {
      if (!predicate(m as never)) return;
      clearTimeout(timer);
      socket.off('m', onMessage);
      resolve(m as T);
    };
    socket.on('m', onMessage);
  });
}
