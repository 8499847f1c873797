import { defineArea } from '../../routing';

/** The invest (dual investment) area's pages: products, a purchase with its payoff picture, positions, instructions. */
const routes = defineArea(
  'invest',
  {
    invest: { load: () => import('./InvestPage'), public: true },
    purchase: { load: () => import('./PurchasePage') },
    mine: { load: () => import('./MinePage') },
    help: { load: () => import('./HelpPage'), public: true },
  },
  { namespaces: ['invest', 'funds'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    invest: typeof routes;
  }
}
