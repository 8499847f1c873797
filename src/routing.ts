/**
 * The shape of the page table. Each area declares its own pages in `src/pages/<area>/routes.ts`
 * with `defineArea`; `src/routes.ts` collects them, so adding an area adds a folder and edits
 * nothing central. This module imports no page, so anything may import it.
 */
import type { ComponentType } from 'react';
import type { Namespace } from '../domain/i18n';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** One page of an area: its lazy module (none yet: "function under development") and whether it needs login. */
export interface PageDef {
  load?: PageLoader;
  /** Anyone may open it; every other page needs a stored token. */
  public?: true;
  /** Starts the reads the page shows first, beside its chunk (the chunk would start them only once it has run). */
  prefetch?: () => void;
}

export interface PageRoute {
  area: string;
  page: string;
  /** `/pages/<area>/<page>` (spec §2). */
  path: string;
  /** Needs a stored token; without one: "please log in first", then the login page. */
  auth: boolean;
  load: PageLoader | null;
  prefetch: (() => void) | null;
  /** Translation namespaces the page shows beyond the shell's; fetched with its chunk. */
  namespaces: readonly Namespace[];
}

export interface AreaRoutes {
  area: string;
  routes: PageRoute[];
}

export interface AreaOptions {
  /**
   * The translation namespaces this area's pages show, beyond the shell's (`SHELL_NAMESPACES`):
   * loaded with the page's chunk, so the first route fetches only what it shows. A test checks
   * every key a page's files use is covered.
   */
  namespaces?: readonly Namespace[];
}

/** An area's pages, in the order the spec lists them. */
export function defineArea(area: string, pages: Record<string, PageDef>, options: AreaOptions = {}): AreaRoutes {
  return {
    area,
    routes: Object.entries(pages).map(([page, def]) => ({
      area,
      page,
      path: `/pages/${area}/${page}`,
      auth: !def.public,
      load: def.load ?? null,
      prefetch: def.prefetch ?? null,
      namespaces: options.namespaces ?? [],
    })),
  };
}

/** The bottom tab bar, in spec order. */
export const TABS = [
  { key: 'home', path: '/pages/index/index' },
  { key: 'market', path: '/pages/market/market' },
  { key: 'trade', path: '/pages/transaction/index' },
  { key: 'finance', path: '/pages/financial/index' },
  { key: 'assets', path: '/pages/fund/assets' },
] as const;
export type TabKey = (typeof TABS)[number]['key'];
