/** The walk of every built page (tests/e2e/walk.ts) in Tiếng Việt, beside the other languages' files. */
import { walkSuite } from './walk';

walkSuite(['vi']);
