/**
 * The IEO operator endpoints (merged into domain/ops/contract.ts): `npm run ops -- create-project`
 * and `projects`. Times are epoch milliseconds (the CLI reads dates); every field is checked by
 * the server (server/ieo/IeoService.create) with a plain reason.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import type { IeoProject } from './types';

const text = z.union([z.string(), z.number().transform(String)]);
const int = text.pipe(
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
);

export const ieoOpsEndpoints = {
  '/ieo/projects': endpoint<IeoProject[]>()({ method: 'GET', access: 'operator', input: z.object({}) }),
  '/ieo/projects/create': endpoint<IeoProject>()({
    method: 'POST',
    access: 'operator',
    input: z.object({
      name: z.string().trim().min(1).max(80),
      token: z.string().trim().min(2).max(10),
      token_decimals: int,
      pay_currency: z.string().trim().min(1).max(16),
      price: z.string().trim().min(1).max(40),
      total: z.string().trim().min(1).max(40),
      min_amount: z.string().trim().min(1).max(40),
      max_amount: z.string().trim().min(1).max(40),
      starts_at: int,
      ends_at: int,
      lock_days: int,
      whitepaper: z.string().trim().min(1).max(300),
      website: z.string().trim().min(1).max(300),
      description: z.string().trim().min(1).max(2000),
    }),
  }),
};
