import { defineArea } from '../../routing';

/** The market area's pages (spec §2). */
export default defineArea(
  'market',
  {
    market: { load: () => import('./MarketPage'), public: true },
    search: { load: () => import('./SearchPage'), public: true },
  },
  { namespaces: ['market', 'auth'] },
);
