import type { HandlerMap } from '../http/context';
import type { OpsHandler } from '../ops/opsRoutes';
import type { IeoService } from './IeoService';

/** The `/project*` endpoints (domain/ieo/contract.ts). The subscription runs its effect in `ctx.tx` (idempotency keys). */
export function createIeoHandlers(ieo: IeoService): HandlerMap {
  return {
    '/project': async (input, ctx) => ieo.projects(ctx.user?.id ?? null, input.phase),
    '/project/detail': async (input, ctx) => ieo.project(ctx.user?.id ?? null, input.id),
    '/project/order': async (input, ctx) => ieo.subscribe(ctx.user.id, input, ctx.tx),
    '/user/project/order': async (input, ctx) => ieo.orders(ctx.user.id, { page: input.page, limit: input.limit }),
  };
}

/** The operator's IEO endpoints (domain/ieo/ops.ts): `create-project` and `projects`. */
export function createIeoOpsHandlers(ieo: IeoService): {
  '/ieo/projects': OpsHandler<'/ieo/projects'>;
  '/ieo/projects/create': OpsHandler<'/ieo/projects/create'>;
} {
  return {
    '/ieo/projects': async () => ieo.projects(null),
    '/ieo/projects/create': async (input) => ieo.create(input),
  };
}
