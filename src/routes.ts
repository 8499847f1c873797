/**
 * Every page the spec lists, at /pages/<area>/<page>, collected from the areas' own
 * `src/pages/<area>/routes.ts` (see `src/routing.ts`); a folder's name may differ from the URL's
 * area segment (`defineArea`'s `url`). Extra pages the spec does not list:
 * `common/forget` (password reset), `setting/notifications`, `setting/bindMobile` and
 * `setting/bindEmail`; the NFT components are pages.
 */
import type { AreaRoutes, PageRoute } from './routing';

export { type PageLoader, type PageModule, type PageRoute } from './routing';
export { TABS, type TabKey } from './paths';

// A folder declares one area, or several when its pages sit under more than one URL segment.
const areas = import.meta.glob<AreaRoutes | readonly AreaRoutes[]>('./pages/*/routes.ts', { eager: true, import: 'default' });

export const AREA_ROUTES: AreaRoutes[] = Object.values(areas).flat();

export const ROUTES: PageRoute[] = AREA_ROUTES.flatMap((a) => a.routes);
