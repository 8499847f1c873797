/** The walk of every built page (tests/e2e/walk.ts) in English, with the loading states; 中文 and Tiếng Việt walk beside it. */
import { walkSuite } from './walk';

walkSuite(['en'], { skeletons: true });
