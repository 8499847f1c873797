import { defineArea } from '../../routing';

/** The IEO area's pages (spec §2, issue 12): the projects by phase (with a project's details, `?detail=`), a subscription, my subscriptions. */
export default defineArea(
  'ieo',
  {
    ieo: { load: () => import('./IeoPage'), public: true },
    subscribe: { load: () => import('./SubscribePage') },
    order: { load: () => import('./OrderPage') },
  },
  { namespaces: ['ieo'] },
);
