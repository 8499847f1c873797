import { defineArea } from '../../routing';

/** The lockming area's pages (spec §2); none is built yet, so each shows "function under development". */
export default defineArea('lockming', {
  lockming: { public: true },
  buy: {},
  order: {},
  welcome: { public: true },
});
