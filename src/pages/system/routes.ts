import { defineArea } from '../../routing';

/** The system area's pages (spec §2); none is built yet, so each shows "function under development". */
export default defineArea('system', {
  'preview-image': { public: true },
  'choose-location': {},
  'open-location': {},
});
