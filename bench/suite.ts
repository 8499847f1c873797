/** Every benchmark, in the order; `npm run bench -- <name>` runs one alone. */
import { calibration } from './calibration';
import { exchanges } from './exchanges';
import type { Bench } from './lib/types';
import { load } from './load';
import { server } from './serverLoad';

export const SUITE: readonly Bench[] = [load, server, calibration, exchanges];
