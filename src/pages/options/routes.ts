import { defineArea } from '../../routing';

/** The seconds options pages: a pair's screen and the orders, at the spec's `transaction` URLs. */
const routes = defineArea(
  'options',
  {
    index2: { load: () => import('./OptionsPage'), public: true },
    seconds_order: { load: () => import('./SecondsOrderPage') },
  },
  { url: 'transaction', namespaces: ['trade', 'futures', 'spot', 'options', 'market', 'auth', 'alerts'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    options: typeof routes;
  }
}
