import { defineArea } from '../../routing';

/** The system area's pages: image preview, location picker, a place on a drawn map card. */
const routes = defineArea(
  'system',
  {
    'preview-image': { load: () => import('./PreviewImagePage'), public: true },
    'choose-location': { load: () => import('./ChooseLocationPage') },
    'open-location': { load: () => import('./OpenLocationPage') },
  },
  { namespaces: ['system'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    system: typeof routes;
  }
}
