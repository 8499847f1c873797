import type { Access, Endpoint } from '../../domain/api/contract';

/** What the app needs to call an endpoint: its method, who may call it, and whether it takes an Idempotency-Key. */
export interface RouteInfo {
  method: 'GET' | 'POST';
  access: Access;
  idempotent: boolean;
}

/** The route table of a contract (scripts/gen-routes.ts writes src/api/routes.ts with it; a unit test compares). */
export function routesOf(contract: Record<string, Endpoint>): Record<string, RouteInfo> {
  return Object.fromEntries(
    Object.entries(contract).map(([p, e]) => [p, { method: e.method, access: e.access, idempotent: e.idempotent === true }]),
  );
}
