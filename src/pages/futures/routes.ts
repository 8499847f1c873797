import { defineArea } from '../../routing';

/**
 * The futures pages: a pair's contract screen and its history, at the spec's `transaction` URLs
 * (the trade hub, spot and seconds options share that segment from their own folders).
 */
const routes = defineArea(
  'futures',
  {
    contract: { load: () => import('./ContractPage'), public: true },
    contract_order: { load: () => import('./ContractOrderPage') },
  },
  { url: 'transaction', namespaces: ['trade', 'futures', 'spot', 'options', 'market', 'auth', 'alerts'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    futures: typeof routes;
  }
}
