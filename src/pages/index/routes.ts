import { defineArea } from '../../routing';
import { prefetchHome } from './firstData';

/** The index area's pages. */
const routes = defineArea(
  'index',
  {
    index: { load: () => import('./HomePage'), public: true, prefetch: prefetchHome },
  },
  { namespaces: ['home', 'market', 'auth'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    index: typeof routes;
  }
}
