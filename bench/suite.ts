/** Every benchmark, in the order; `npm run bench -- <name>` runs one alone. */
import { calibration } from './calibration';
import { exchanges } from './exchanges';
import type { Bench } from './lib/types';
import { liveScreen } from './liveScreen';
import { soak } from './soak';

export const SUITE: readonly Bench[] = [calibration, liveScreen, soak, exchanges];
