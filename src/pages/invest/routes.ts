import { defineArea } from '../../routing';

/** The invest area's pages (spec §2); none is built yet, so each shows "function under development". */
export default defineArea('invest', {
  invest: { public: true },
  purchase: {},
  mine: {},
  help: { public: true },
});
