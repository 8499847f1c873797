import { statusFilter as statusOf, type OpsHandler } from '../ops/opsRoutes';
import type { Identities } from './Identities';

/** The operator's review of identity submissions (`npm run ops identities | approve-identity | reject-identity`). */
export function createIdentityOpsHandlers(identities: Identities): {
  '/identities': OpsHandler<'/identities'>;
  '/identities/:id/approve': OpsHandler<'/identities/:id/approve'>;
  '/identities/:id/reject': OpsHandler<'/identities/:id/reject'>;
} {
  return {
    '/identities': async ({ status }) => identities.list(statusOf(status)),
    '/identities/:id/approve': async ({ id }) => identities.decide(id, { approve: true }),
    '/identities/:id/reject': async ({ id, reason }) => identities.decide(id, { approve: false, reason }),
  };
}
