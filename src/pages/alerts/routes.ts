import { defineArea } from '../../routing';

/** The price alerts area (issue 17 item 3): the list of the user's alerts and this device's push switch. */
export default defineArea('alerts', { index: { load: () => import('./AlertsPage') } }, { namespaces: ['alerts'] });
