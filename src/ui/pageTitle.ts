import type { TFunction } from 'i18next';
import type { PageRoute } from '../routing';
import { isTranslationKey } from '../i18n';

/** The nav-bar title of a route, from `pages.<area>.<page>` (a test checks every route has one). */
export function pageTitle(t: TFunction, route: Pick<PageRoute, 'area' | 'page'>): string {
  const key = `pages.${route.area}.${route.page}`;
  return isTranslationKey(key) ? t(key) : route.page;
}
