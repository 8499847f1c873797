import { defineArea } from '../../routing';

/** The transaction area's pages (spec §2); none is built yet, so each shows "function under development". */
export default defineArea(
  'transaction',
  {
    index: { public: true },
    index2: { public: true },
    contract: { public: true },
    contract_order: { load: () => import('./ContractOrderPage') },
    currency: { public: true },
    currency_order: {},
    seconds_order: {},
  },
  { namespaces: ['futures'] },
);
