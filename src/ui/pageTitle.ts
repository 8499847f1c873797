import type { TFunction } from 'i18next';
import type { PageRoute } from '../routing';

/** The nav-bar title of a route, from `pages.<area>.<page>` (a test checks every route has one). */
export function pageTitle(t: TFunction, route: Pick<PageRoute, 'area' | 'page'>): string {
  return t(`pages.${route.area}.${route.page}` as never);
}
