import { defineArea } from '../../routing';

/** The index area's pages (spec §2). */
export default defineArea(
  'index',
  {
    index: { load: () => import('./HomePage'), public: true },
  },
  { namespaces: ['home', 'market', 'auth'] },
);
