import { defineArea } from '../../routing';

/** The ieo area's pages (spec §2); none is built yet, so each shows "function under development". */
export default defineArea('ieo', {
  ieo: { public: true },
  subscribe: {},
  order: {},
});
