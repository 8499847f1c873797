/** The light walk of every built page (tests/e2e/walk.ts) in 繁體中文, 日本語 and 한국어: raw keys and raw placeholders. */
import { walkSuite } from './walk';

walkSuite(['hk', 'jp', 'kor'], { light: true });
