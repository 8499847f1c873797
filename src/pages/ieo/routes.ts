import { defineArea } from '../../routing';

/** The IEO area's pages: the projects by phase (with a project's details, `?detail=`), a subscription, my subscriptions. */
const routes = defineArea(
  'ieo',
  {
    ieo: { load: () => import('./IeoPage'), public: true },
    subscribe: { load: () => import('./SubscribePage') },
    order: { load: () => import('./OrderPage') },
  },
  { namespaces: ['ieo'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    ieo: typeof routes;
  }
}
