import { defineArea } from '../../routing';

/** The copytrade area's pages (spec §2, issue 13): my copies, my traders, becoming a trader. */
export default defineArea(
  'copytrade',
  {
    copy: { load: () => import('./CopyPage') },
    my: { load: () => import('./MyPage') },
    trader: { load: () => import('./TraderPage'), public: true },
  },
  { namespaces: ['copytrade'] },
);
