import { defineArea } from '../../routing';

/** The spot (coins) pages: a pair's screen and the orders, at the spec's `transaction` URLs. */
const routes = defineArea(
  'spot',
  {
    currency: { load: () => import('./SpotPage'), public: true },
    currency_order: { load: () => import('./SpotOrderPage') },
  },
  { url: 'transaction', namespaces: ['trade', 'futures', 'spot', 'options', 'market', 'auth', 'alerts'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    spot: typeof routes;
  }
}
