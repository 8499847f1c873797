import { defineArea } from '../../routing';

/** The market area's pages. */
const routes = defineArea(
  'market',
  {
    market: { load: () => import('./MarketPage'), public: true },
    search: { load: () => import('./SearchPage'), public: true },
  },
  { namespaces: ['market', 'auth'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    market: typeof routes;
  }
}
