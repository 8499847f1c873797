import type { Clock } from '../clock';
import type { OpsHandler } from '../ops/opsRoutes';
import type { PriceRecord } from './PriceRecord';
import type { AuditRegistry } from './registry';
import { runAudit } from './runAudit';

/** `npm run audit`: every area's auditor recomputes its settlements from the recorded prices. */
export function createAuditOpsHandlers(deps: { registry: AuditRegistry; prices: PriceRecord; clock: Clock }): {
  '/audit': OpsHandler<'/audit'>;
} {
  return { '/audit': async () => runAudit(deps.registry, { prices: deps.prices }, deps.clock) };
}
