/** Every benchmark, in the order (B1…B10, then the ledger); `npm run bench -- <name>` runs one alone. */
import { bridge } from './bridge';
import { calibration } from './calibration';
import { exchanges } from './exchanges';
import { ingest } from './ingest';
import { latency } from './latency';
import type { Bench } from './lib/types';
import { lighthouseBench } from './lighthouse';
import { liveScreen } from './liveScreen';
import { load } from './load';
import { scroll } from './scroll';
import { server } from './serverLoad';
import { soak } from './soak';

export const SUITE: readonly Bench[] = [
  ingest,
  bridge,
  liveScreen,
  scroll,
  latency,
  soak,
  load,
  server,
  calibration,
  lighthouseBench,
  exchanges,
];
