import { defineArea } from '../../routing';

/**
 * The transaction area's pages (spec §2): the trade hub, a pair's futures screen and history,
 * its spot (coins) screen and orders, and its seconds options screen and orders.
 */
export default defineArea(
  'transaction',
  {
    index: { load: () => import('./IndexPage'), public: true },
    index2: { load: () => import('./options/OptionsPage'), public: true },
    contract: { load: () => import('./ContractPage'), public: true },
    contract_order: { load: () => import('./ContractOrderPage') },
    currency: { load: () => import('./spot/SpotPage'), public: true },
    currency_order: { load: () => import('./spot/SpotOrderPage') },
    seconds_order: { load: () => import('./options/SecondsOrderPage') },
  },
  { namespaces: ['trade', 'futures', 'spot', 'options', 'market', 'auth', 'alerts'] },
);
