/**
 * Placeholder until this area's simulated users land (areas: loans).
 */
import type { AreaModule } from './area';

export const loans: AreaModule = { actions: [] };
