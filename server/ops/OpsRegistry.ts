import { opsEndpoints, type OpsPath } from '../../domain/ops/contract';
import type { OpsHandler, OpsHandlers } from './opsRoutes';

/** Some of the operator's handlers: an area's own commands. */
export type OpsHandlerMap = { [P in OpsPath]?: OpsHandler<P> };

/**
 * The operator commands each area serves: an area's plugin hands its handlers to
 * `fastify.ops.handle(…)`, as it hands its API handlers to `fastify.api.handle(…)`. The operator
 * plugin, registered after every area, mounts them under `/ops`; a command of the operator
 * contract that no area handles refuses the start.
 */
export class OpsRegistry {
  private readonly handlers: OpsHandlerMap = {};
  private mounted = false;

  /** Adds an area's handlers; a path that is not in the operator contract, handled twice, or added after mounting throws. */
  handle(handlers: OpsHandlerMap): void {
    if (this.mounted) throw new Error('operator commands are already mounted: register the area before the ops plugin');
    for (const path of Object.keys(handlers) as OpsPath[]) {
      if (!(path in opsEndpoints)) throw new Error(`${path} is not in the operator contract`);
      if (path in this.handlers) throw new Error(`operator command ${path} is handled twice`);
      (this.handlers as Record<string, unknown>)[path] = handlers[path];
    }
  }

  /** Every handler, once every area has registered; throws naming the commands nobody handles. */
  complete(): OpsHandlers {
    const missing = (Object.keys(opsEndpoints) as OpsPath[]).filter((p) => !(p in this.handlers));
    if (missing.length) throw new Error(`operator commands without a handler: ${missing.join(', ')}`);
    this.mounted = true;
    return this.handlers as OpsHandlers;
  }
}
