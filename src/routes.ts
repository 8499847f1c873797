/**
 * Every page of spec §2 at /pages/<area>/<page>, collected from the areas' own
 * `src/pages/<area>/routes.ts` (see `src/routing.ts`). Extra pages the spec does not list:
 * `common/forget` (password reset), `setting/notifications`, `setting/bindMobile` and
 * `setting/bindEmail`; the NFT components are pages.
 */
import type { AreaRoutes, PageRoute } from './routing';

export { TABS, type PageLoader, type PageModule, type PageRoute, type TabKey } from './routing';

const areas = import.meta.glob<AreaRoutes>('./pages/*/routes.ts', { eager: true, import: 'default' });

export const AREA_ROUTES: AreaRoutes[] = Object.values(areas);

export const ROUTES: PageRoute[] = AREA_ROUTES.flatMap((a) => a.routes);
