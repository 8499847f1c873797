import { defineArea } from '../../routing';

/** The follow area's pages (spec §2); none is built yet, so each shows "function under development". */
export default defineArea('follow', {
  index: { public: true },
  follow: {},
  trader: { public: true },
  agreement_en: { public: true },
  agreement_zh: { public: true },
});
