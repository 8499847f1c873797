import { defineArea } from '../../routing';

/** The price alerts area: the list of the user's alerts and this device's push switch. */
const routes = defineArea('alerts', { index: { load: () => import('./AlertsPage') } }, { namespaces: ['alerts'] });
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    alerts: typeof routes;
  }
}
