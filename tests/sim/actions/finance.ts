/**
 * Placeholder until this area's simulated users land (areas: lockming,ieo,dual).
 */
import type { AreaModule } from './area';

export const finance: AreaModule = { actions: [] };
