/**
 * The copy-trading operator endpoints (merged into domain/ops/contract.ts): `npm run ops --
 * traders`, `approve-trader <user>`, `reject-trader <user> <reason…>` (user by id or email).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';

export interface OpsTrader {
  user_id: number;
  email: string | null;
  nickname: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  followers: number;
  applied_at: number;
  decided_at: number | null;
}

const user = z.string().trim().min(1).max(254);

export const copytradeOpsEndpoints = {
  '/copytrade/traders': endpoint<OpsTrader[]>()({
    method: 'GET',
    access: 'operator',
    input: z.object({ status: z.enum(['pending', 'approved', 'rejected', 'all']).optional().default('pending') }),
  }),
  '/copytrade/approve': endpoint<OpsTrader>()({ method: 'POST', access: 'operator', input: z.object({ user }) }),
  '/copytrade/reject': endpoint<OpsTrader>()({
    method: 'POST',
    access: 'operator',
    input: z.object({ user, reason: z.string().trim().min(1).max(200) }),
  }),
};
