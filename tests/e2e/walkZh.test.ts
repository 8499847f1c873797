/** The walk of every built page (tests/e2e/walk.ts) in 中文, beside the other languages' files. */
import { walkSuite } from './walk';

walkSuite(['zh']);
