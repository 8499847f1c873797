import { defineArea } from '../../routing';

/** The lockming area's pages (spec §2, issue 12): products by category, a purchase, the orders, the intro. */
export default defineArea(
  'lockming',
  {
    lockming: { load: () => import('./LockmingPage'), public: true },
    buy: { load: () => import('./BuyPage') },
    order: { load: () => import('./OrderPage') },
    welcome: { load: () => import('./WelcomePage'), public: true },
  },
  { namespaces: ['lockming', 'funds'] },
);
