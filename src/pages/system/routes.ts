import { defineArea } from '../../routing';

/** The system area's pages (spec §2): image preview, location picker, a place on a drawn map card. */
export default defineArea(
  'system',
  {
    'preview-image': { load: () => import('./PreviewImagePage'), public: true },
    'choose-location': { load: () => import('./ChooseLocationPage') },
    'open-location': { load: () => import('./OpenLocationPage') },
  },
  { namespaces: ['system'] },
);
