import { defineArea } from '../../routing';

/** The kefu area (spec §2, issue 16 part 2): the customer-service conversation (signed in). */
export default defineArea('kefu', { index: { load: () => import('./SupportPage') } }, { namespaces: ['support', 'upload'] });
