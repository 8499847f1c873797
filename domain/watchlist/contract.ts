/**
 * The watchlist area's endpoints: the account's starred pairs. Adding a pair
 * already starred and removing one that is not both answer ok and change nothing, so a double
 * tap or a retry is harmless. The list is newest first, as the app shows it.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import { positiveIntParam } from '../api/fields';
import type { WatchlistEntry } from './types';

const pairInput = z.object({ match_id: positiveIntParam('validation.pairRequired') });

export const watchlistEndpoints = defineEndpoints({
  /** Stars a pair (unknown pair: `errors.symbolUnknown`; a full list: `errors.watchlistFull`). */
  '/optional/add': endpoint<WatchlistEntry[]>()({ method: 'POST', access: 'user', input: pairInput }),
  /** Unstars a pair. */
  '/optional/del': endpoint<WatchlistEntry[]>()({ method: 'POST', access: 'user', input: pairInput }),
  /** The starred pairs, newest first. */
  '/optional/list': endpoint<WatchlistEntry[]>()({ method: 'GET', access: 'user', input: z.object({}) }),
});
