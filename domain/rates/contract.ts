/** The rates area's endpoints (see domain/api/contract.ts for how areas are merged). */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import { optionalText } from '../api/fields';
import type { FiatRateInfo } from './types';

export const ratesEndpoints = defineEndpoints({
  '/wallet/getRateCurrency': endpoint<FiatRateInfo[]>()({
    method: 'GET',
    access: 'public',
    input: z.object({ id: optionalText(8) }),
  }),
});
