/** The market area's endpoints (see domain/api/contract.ts for how areas are merged). */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import { requiredText, timestampParam } from '../api/fields';
import type { TopicSnapshot } from '../protocol';
import { KLINE_PERIODS } from './periods';
import type { Currency, Kline, MarketPair, Ticker } from './types';

export const marketEndpoints = defineEndpoints({
  '/currency/quotation_new': endpoint<Ticker[]>()({
    method: 'GET',
    access: 'public',
    input: z.object({}),
  }),
  '/currency/new_timeshar': endpoint<Kline[]>()({
    method: 'GET',
    access: 'public',
    input: z.object({
      symbol: requiredText('validation.symbolRequired', 32),
      period: z.enum(KLINE_PERIODS, { error: 'validation.periodInvalid' }),
      from: timestampParam().optional(),
      to: timestampParam().optional(),
    }),
  }),
  '/currency/list': endpoint<{ currencies: Currency[]; pairs: MarketPair[] }>()({
    method: 'GET',
    access: 'public',
    input: z.object({}),
  }),
  '/market/snapshot': endpoint<TopicSnapshot>()({
    method: 'GET',
    access: 'public',
    input: z.object({ topic: requiredText('validation.topicInvalid', 64) }),
  }),
});
