import { defineArea } from '../../routing';

/** The financial area's pages (spec §2); none is built yet, so each shows "function under development". */
export default defineArea('financial', {
  index: { public: true },
});
