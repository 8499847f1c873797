/**
 * Placeholder until this area's simulated users land (areas: otc).
 */
import type { AreaModule } from './area';

export const otc: AreaModule = { actions: [] };
