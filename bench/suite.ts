/** Every benchmark, in the order; `npm run bench -- <name>` runs one alone. */
import { calibration } from './calibration';
import { exchanges } from './exchanges';
import { latency } from './latency';
import type { Bench } from './lib/types';
import { scroll } from './scroll';

export const SUITE: readonly Bench[] = [scroll, latency, calibration, exchanges];
