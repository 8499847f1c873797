import { defineArea } from '../../routing';

/** The trade tab's hub (favorites, futures, coins, options lists), at the spec's `transaction/index`. */
const routes = defineArea(
  'trade',
  { index: { load: () => import('./IndexPage'), public: true } },
  { url: 'transaction', namespaces: ['trade', 'futures', 'spot', 'options', 'market', 'auth', 'alerts'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    trade: typeof routes;
  }
}
