import { defineArea } from '../../routing';

/**
 * Copy trading. At the spec's `copytrade` URLs: my copies, my traders, becoming a trader. At its
 * `follow` URLs: the traders, a trader, the follow form, the trader agreement.
 */
const routes = [
  defineArea(
    'copytrade',
    {
      copy: { load: () => import('./CopyPage') },
      my: { load: () => import('./MyPage') },
      trader: { load: () => import('./BecomeTraderPage'), public: true },
    },
    { namespaces: ['copytrade'] },
  ),
  defineArea(
    'copytrade',
    {
      index: { load: () => import('./TradersPage'), public: true },
      follow: { load: () => import('./FollowPage') },
      trader: { load: () => import('./TraderProfilePage'), public: true },
      agreement_en: { load: () => import('./AgreementEnPage'), public: true },
      agreement_zh: { load: () => import('./AgreementZhPage'), public: true },
    },
    { url: 'follow', namespaces: ['copytrade'] },
  ),
] as const;
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    copytrade: typeof routes;
  }
}
