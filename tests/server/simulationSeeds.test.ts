/** The second half of the short simulation's seeds (tests/server/simulationRuns.ts), beside the first. */
import { seedRuns } from './simulationRuns';

seedRuns(1, 2);
