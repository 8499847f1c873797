/** Every benchmark, in the order; `npm run bench -- <name>` runs one alone. */
import { calibration } from './calibration';
import { exchanges } from './exchanges';
import { ingest } from './ingest';
import type { Bench } from './lib/types';

export const SUITE: readonly Bench[] = [ingest, calibration, exchanges];
