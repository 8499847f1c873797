/**
 * The light walk of every built page (tests/e2e/walk.ts) in ไทย and 日本語, the two of the five
 * languages a new user's review read that the full walks (en, zh, vi) do not: raw keys and raw
 * placeholders, and the layout measured (the page's width, text past the edge, text clipped),
 * no pictures. The other four languages' placeholders are held by
 * tests/unit/placeholders.test.ts against English, key by key; a walk of each would cost five
 * minutes of the suite for what that test already proves.
 */
import { walkSuite } from './walk';

walkSuite(['th', 'jp'], { light: true });
