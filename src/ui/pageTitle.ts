import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { PageRoute } from '../routing';
import { isTranslationKey } from '../i18n';
import { siteState } from '../state/site';

/** The nav-bar title of a route, from `pages.<area>.<page>` (a test checks every route has one). */
export function pageTitle(t: TFunction, route: Pick<PageRoute, 'area' | 'page'>): string {
  const key = `pages.${route.area}.${route.page}`;
  return isTranslationKey(key) ? t(key) : route.page;
}

/**
 * The document title while a route shows: "<page> · <site>" (what a screen reader announces on
 * navigation, and the browser's tab and history say), the site's own name when `title` is empty.
 */
export function useDocumentTitle(title: string): void {
  const { site_name } = useSnapshot(siteState);
  useEffect(() => {
    document.title = title ? `${title} · ${site_name}` : site_name;
  }, [title, site_name]);
}
