import { defineArea } from '../../routing';

/** The lockming area's pages: products by category, a purchase, the orders, the intro. */
const routes = defineArea(
  'lockming',
  {
    lockming: { load: () => import('./LockmingPage'), public: true },
    buy: { load: () => import('./BuyPage') },
    order: { load: () => import('./OrderPage') },
    welcome: { load: () => import('./WelcomePage'), public: true },
  },
  { namespaces: ['lockming', 'funds'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    lockming: typeof routes;
  }
}
