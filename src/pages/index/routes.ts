import { defineArea } from '../../routing';
import { prefetchHome } from './firstData';

/** The index area's pages (spec §2). */
export default defineArea(
  'index',
  {
    index: { load: () => import('./HomePage'), public: true, prefetch: prefetchHome },
  },
  { namespaces: ['home', 'market', 'auth'] },
);
