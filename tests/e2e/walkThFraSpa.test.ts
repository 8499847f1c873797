/** The light walk of every built page (tests/e2e/walk.ts) in ไทย, Français and Español: raw keys and raw placeholders. */
import { walkSuite } from './walk';

walkSuite(['th', 'fra', 'spa'], { light: true });
