/**
 * Placeholder until this area's simulated users land (areas: copytrade).
 */
import type { AreaModule } from './area';

export const copytrade: AreaModule = { actions: [] };
