import { defineArea } from '../../routing';

/** The invest (dual investment) area's pages (spec §2, issue 12): products, a purchase with its payoff picture, positions, instructions. */
export default defineArea(
  'invest',
  {
    invest: { load: () => import('./InvestPage'), public: true },
    purchase: { load: () => import('./PurchasePage') },
    mine: { load: () => import('./MinePage') },
    help: { load: () => import('./HelpPage'), public: true },
  },
  { namespaces: ['invest', 'funds'] },
);
