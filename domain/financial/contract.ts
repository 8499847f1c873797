/** The finance tab's endpoint: the caller's holdings in every finance product. */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { FinanceSummary } from './types';

export const financialEndpoints = defineEndpoints({
  '/financial/index': endpoint<FinanceSummary>()({ method: 'GET', access: 'user', input: z.object({}) }),
});
