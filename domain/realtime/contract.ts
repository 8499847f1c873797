/** The realtime area's endpoints (see domain/api/contract.ts for how areas are merged). */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { PrivateSnapshot } from '../protocol';

export const realtimeEndpoints = defineEndpoints({
  /** The private channel's snapshot, for a resync after a gap in its `seq` (docs/PROTOCOL.md). */
  '/user/channel/snapshot': endpoint<PrivateSnapshot>()({ method: 'GET', access: 'user', input: z.object({}) }),
});
