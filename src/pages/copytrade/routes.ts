import { defineArea } from '../../routing';

/** The copytrade area's pages (spec §2); none is built yet, so each shows "function under development". */
export default defineArea('copytrade', {
  copy: {},
  my: {},
  trader: { public: true },
});
