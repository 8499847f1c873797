import type { OpsHandler } from '../ops/opsRoutes';
import { runAudit, type AuditRun } from './runAudit';

/** `npm run audit`: every area's auditor recomputes its settlements from the recorded prices (with `after`, those since). */
export function createAuditOpsHandlers(run: AuditRun): {
  '/audit': OpsHandler<'/audit'>;
} {
  return { '/audit': async (input) => runAudit(run, input.after ?? null) };
}
