/**
 * What an endpoint is. Each area declares its endpoints in `domain/<area>/contract.ts` with
 * `defineEndpoints`, keyed by path (the path is written once, as the key); `domain/api/contract.ts`
 * merges the areas and refuses a path declared twice.
 */
import type { z } from 'zod';

/**
 * Who may call an endpoint: anyone, only a signed-in user (else type 999), or only the operator
 * (the `/ops` API of `domain/ops/contract.ts`, by token; never merged into the user API).
 */
export type Access = 'public' | 'user' | 'operator';

export interface Endpoint<I extends z.ZodType = z.ZodType, O = unknown, A extends Access = Access> {
  method: 'GET' | 'POST';
  access: A;
  /** Identity level the caller must have; checked before anything else is read (type 998). */
  identity?: 1 | 2;
  /**
   * The call moves money: it honours an `Idempotency-Key` header (a retry with the same key
   * answers the first result and has no second effect), and the app sends one per submit.
   */
  idempotent?: true;
  input: I;
  /** Phantom: the answer's type, never read at run time. */
  output?: O;
}

/** An endpoint answering `O`: `endpoint<O>()({ method, access, input })`. */
export function endpoint<O>() {
  return <I extends z.ZodType, A extends Access>(def: Omit<Endpoint<I, O, A>, 'output'>): Endpoint<I, O, A> => def;
}

/** An area's endpoints, keyed by path (`/user/login`, relative to `/api`). */
export type Endpoints = Record<`/${string}`, Endpoint>;

export function defineEndpoints<const E extends Endpoints>(endpoints: E): E {
  return endpoints;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** Merges the areas' endpoints; throws at start when two areas declare the same path. */
export function mergeEndpoints<const A extends readonly Endpoints[]>(...areas: A): UnionToIntersection<A[number]> {
  const merged: Record<string, Endpoint> = {};
  for (const area of areas) {
    for (const [path, def] of Object.entries(area)) {
      if (path in merged) throw new Error(`endpoint ${path} is declared twice`);
      merged[path] = def;
    }
  }
  return merged as UnionToIntersection<A[number]>;
}

/** Merges areas given by name (`{ futures: futuresEndpoints, … }`); the same checks as `mergeEndpoints`. */
export function mergeAreas<const R extends Record<string, Endpoints>>(areas: R): UnionToIntersection<R[keyof R]> {
  return mergeEndpoints(...Object.values(areas)) as UnionToIntersection<R[keyof R]>;
}
