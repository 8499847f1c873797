import { defineArea } from '../../routing';

/**
 * The OTC area's pages (spec §2, issue 15 part 1): the adverts by side and fiat (`?side=buy|sell`,
 * `?fiat=`), one order (`order?id=`), my orders.
 */
export default defineArea(
  'otc',
  {
    otc: { load: () => import('./OtcPage'), public: true },
    order: { load: () => import('./OrderPage') },
    orders: { load: () => import('./OrdersPage') },
  },
  { namespaces: ['otc'] },
);
