import { defineArea } from '../../routing';

/**
 * The OTC area's pages: the adverts by side and fiat (`?side=buy|sell`,
 * `?fiat=`), one order (`order?id=`), my orders.
 */
const routes = defineArea(
  'otc',
  {
    otc: { load: () => import('./OtcPage'), public: true },
    order: { load: () => import('./OrderPage') },
    orders: { load: () => import('./OrdersPage') },
  },
  { namespaces: ['otc'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    otc: typeof routes;
  }
}
