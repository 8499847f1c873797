/**
 * Every page of spec §2 at /pages/<area>/<page>. A page without a loader shows the honest
 * "function under development" screen until its issue lands.
 */
import type { ComponentType } from 'react';
import { AREAS, PUBLIC_PAGES } from './pageTable';

export { TABS, type TabKey } from './pageTable';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface PageRoute {
  area: string;
  page: string;
  path: string;
  /** Needs a stored token; without one: "please log in first", then the login page. */
  auth: boolean;
  load: PageLoader | null;
}

/** Pages built so far. */
const LOADERS: Record<string, PageLoader> = {
  'common/login': () => import('./pages/common/LoginPage'),
  'common/register': () => import('./pages/common/RegisterPage'),
  'common/forget': () => import('./pages/common/ForgetPage'),
  'common/area': () => import('./pages/common/AreaPage'),
  'common/article': () => import('./pages/common/ArticlePage'),
  'index/index': () => import('./pages/index/HomePage'),
  'market/market': () => import('./pages/market/MarketPage'),
  'market/search': () => import('./pages/market/SearchPage'),
};

export const ROUTES: PageRoute[] = Object.entries(AREAS).flatMap(([area, pages]) =>
  pages.map((page) => {
    const id = `${area}/${page}`;
    return { area, page, path: `/pages/${id}`, auth: !PUBLIC_PAGES.has(id), load: LOADERS[id] ?? null };
  }),
);

export const HOME_PATH = '/pages/index/index';
