import { defineArea } from '../../routing';

/** The finance tab (spec §2, issue 12 item 4): the user's holdings in every finance product. */
export default defineArea('financial', { index: { load: () => import('./IndexPage'), public: true } }, { namespaces: ['financial'] });
