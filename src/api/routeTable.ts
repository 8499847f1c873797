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

/** A kind of call as src/api/routes.ts writes it: `GET public`, `POST user idempotent`. */
export function kindOf(info: RouteInfo): string {
  return `${info.method} ${info.access}${info.idempotent ? ' idempotent' : ''}`;
}

/** The route table from the paths of each kind of call (space-separated), as src/api/routes.ts holds it. */
export function routesByKind<P extends string>(byKind: Record<string, string>): Record<P, RouteInfo> {
  const table: Record<string, RouteInfo> = {};
  for (const [kind, paths] of Object.entries(byKind)) {
    const [method, access, idempotent] = kind.split(' ') as [RouteInfo['method'], Access, string | undefined];
    for (const p of paths.split(' ')) table[p] = { method, access, idempotent: idempotent === 'idempotent' };
  }
  return table as Record<P, RouteInfo>;
}
