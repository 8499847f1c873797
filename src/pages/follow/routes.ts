import { defineArea } from '../../routing';

/** The follow area's pages (spec §2, issue 13): the traders, a trader, the follow form, the trader agreement. */
export default defineArea(
  'follow',
  {
    index: { load: () => import('./IndexPage'), public: true },
    follow: { load: () => import('./FollowPage') },
    trader: { load: () => import('./TraderPage'), public: true },
    agreement_en: { load: () => import('./AgreementEnPage'), public: true },
    agreement_zh: { load: () => import('./AgreementZhPage'), public: true },
  },
  { namespaces: ['copytrade'] },
);
