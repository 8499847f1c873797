/**
 * How simulated users and the simulated operator reach the server: real HTTP to the world's
 * current address, form-encoded like the app, with an optional `Idempotency-Key` and an optional
 * abort part-way (a phone losing the network mid-request). Nothing here throws for an answer the
 * server gives; a lost connection is an answer of status 0.
 */
import type { ApiEnvelope } from '../../domain/api/envelope';
import { opsEndpoints, opsUrl, type OpsPath } from '../../domain/ops/contract';
import type { World } from './world';

export interface Answer<T = unknown> {
  /** HTTP status; 0 when no answer arrived (aborted, connection cut). */
  status: number;
  body: ApiEnvelope<T> | null;
  /** Why no answer arrived. */
  lost?: string;
}

export interface SendOptions {
  token?: string;
  ip?: string;
  method?: 'GET' | 'POST';
  lang?: string;
  /** Sent as `Idempotency-Key`. */
  key?: string;
  /** Aborts the request after this many milliseconds of real time (0: right after sending). */
  abortAfterMs?: number;
}

export function isOk<T>(answer: Answer<T>): answer is Answer<T> & { body: { type: 'ok'; message: T } } {
  return answer.body?.type === 'ok';
}

export class Http {
  constructor(private readonly world: World) {}

  async call<T = unknown>(path: string, params: Record<string, string> = {}, options: SendOptions = {}): Promise<Answer<T>> {
    const method = options.method ?? 'POST';
    const form = new URLSearchParams(params);
    if (options.lang) form.set('lang', options.lang);
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = options.token;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    if (options.key) headers['idempotency-key'] = options.key;
    if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
    const url = `${this.world.url}/api${path}${method === 'GET' ? `?${form}` : ''}`;
    return this.send<T>(url, { method, headers, body: method === 'GET' ? undefined : form }, options.abortAfterMs);
  }

  /** An operator call of `domain/ops/contract.ts` (`:id` from `input.id`). */
  async ops<T = unknown>(opsPath: OpsPath, input: Record<string, string | number> = {}): Promise<Answer<T>> {
    const { method } = opsEndpoints[opsPath];
    const { url: route, rest } = opsUrl(opsPath, input);
    const headers: Record<string, string> = { 'x-ops-token': this.world.opsToken };
    const hasBody = method === 'POST' && Object.keys(rest).length > 0;
    if (hasBody) headers['content-type'] = 'application/json';
    const query = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)]));
    const url = `${this.world.url}${route}${method === 'GET' && Object.keys(rest).length ? `?${query}` : ''}`;
    return this.send<T>(url, { method, headers, body: hasBody ? JSON.stringify(rest) : undefined });
  }

  /** A multipart upload of `data` as the file field. */
  async upload(token: string, data: Uint8Array, scene: string, ip?: string): Promise<Answer<string>> {
    const form = new FormData();
    form.append('scene', scene);
    form.append('file', new Blob([Buffer.from(data)], { type: 'image/jpeg' }), 'photo.jpg');
    const headers: Record<string, string> = { authorization: token };
    if (ip) headers['x-forwarded-for'] = ip;
    return this.send<string>(`${this.world.url}/api/upload`, { method: 'POST', headers, body: form });
  }

  private async send<T>(url: string, init: RequestInit, abortAfterMs?: number): Promise<Answer<T>> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | null = null;
    if (abortAfterMs !== undefined) timer = setTimeout(() => controller.abort(), abortAfterMs);
    try {
      const res = await fetch(url, { ...init, signal: controller.signal });
      const text = await res.text();
      let body: ApiEnvelope<T> | null = null;
      try {
        body = JSON.parse(text) as ApiEnvelope<T>;
      } catch {
        body = null;
      }
      return { status: res.status, body };
    } catch (error) {
      return { status: 0, body: null, lost: error instanceof Error ? error.name : String(error) };
    } finally {
      if (timer) clearTimeout(timer);
    }
  }
}
