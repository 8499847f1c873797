import { defineArea } from '../../routing';

/** The finance tab: the user's holdings in every finance product. */
const routes = defineArea('financial', { index: { load: () => import('./IndexPage'), public: true } }, { namespaces: ['financial'] });
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    financial: typeof routes;
  }
}
