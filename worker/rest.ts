/**
 * The worker's REST reads: a GET of a contract endpoint, its input and answer typed by the
 * contract (`InputOf` / `OutputOf`). Only the contract's types are imported: the worker carries
 * neither zod nor the endpoint table, so the caller names a GET endpoint and this sends its input
 * as the query, the way the app's client does (empty values left out).
 */
import type { EndpointPath, InputOf, OutputOf } from '../domain/api/contract';
import type { ApiEnvelope } from '../domain/api/envelope';

export interface RestOptions {
  /** The server's origin; '' for the worker's own. */
  origin?: string;
  /** The caller's language, sent as `lang` as on every call of the app. */
  lang?: string;
  headers?: Record<string, string>;
}

/** GETs `/api<path>` with `input` as the query and resolves with the whole envelope, typed by the contract. */
export async function restEnvelope<P extends EndpointPath>(
  path: P,
  input: InputOf<P>,
  { origin = '', lang, headers }: RestOptions = {},
): Promise<ApiEnvelope<OutputOf<P>>> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...(input as Record<string, unknown>), lang })) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const search = query.toString() ? `?${query.toString()}` : '';
  const res = await fetch(`${origin}/api${path}${search}`, headers ? { headers } : undefined);
  return (await res.json()) as ApiEnvelope<OutputOf<P>>;
}

/** GETs `/api<path>` and resolves with its answer; rejects with the envelope's message when it is not `ok`. */
export async function restGet<P extends EndpointPath>(path: P, input: InputOf<P>, options?: RestOptions): Promise<OutputOf<P>> {
  const envelope = await restEnvelope(path, input, options);
  if (envelope.type !== 'ok') throw new Error(String(envelope.message));
  return envelope.message;
}
