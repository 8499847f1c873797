import { defineArea } from '../../routing';

/** The transaction area's pages (spec §2): the trade hub and the pair's futures screen; the rest show "function under development". */
export default defineArea(
  'transaction',
  {
    index: { load: () => import('./IndexPage'), public: true },
    index2: { public: true },
    contract: { load: () => import('./ContractPage'), public: true },
    contract_order: { load: () => import('./ContractOrderPage') },
    currency: { public: true },
    currency_order: {},
    seconds_order: {},
  },
  { namespaces: ['trade', 'futures', 'market', 'auth'] },
);
