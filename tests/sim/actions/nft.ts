/**
 * Placeholder until this area's simulated users land (areas: nft).
 */
import type { AreaModule } from './area';

export const nft: AreaModule = { actions: [] };
