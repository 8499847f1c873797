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

export interface PageRoute<Url extends string = string, Page extends string = string> {
  /**
   * The area as the URL names it (`/pages/<area>/<page>`), which the spec fixes: the title key
   * `pages.<area>.<page>` uses it. The folder holding the page is its `AreaRoutes.area`.
   */
  area: Url;
  page: Page;
  /** `/pages/<area>/<page>`, the address the spec lists. */
  path: `/pages/${Url}/${Page}`;
  /** Needs a stored token; without one: "please log in first", then the login page. */
  auth: boolean;
  load: PageLoader | null;
  prefetch: (() => void) | null;
  /** Translation namespaces the page shows beyond the shell's; fetched with its chunk. */
  namespaces: readonly Namespace[];
}

export interface AreaRoutes<Url extends string = string, Page extends string = string> {
  /** The area's name in the code: its folder `src/pages/<area>/`. */
  area: string;
  /** The area segment of its pages' URLs; the same as `area` unless the spec names it otherwise. */
  url: Url;
  routes: PageRoute<Url, Page>[];
}

export interface AreaOptions<Url extends string = string> {
  /**
   * The area segment of the URLs when the spec's differs from the folder's name (the support
   * pages live in `support/` at `/pages/kefu/…`); several folders may share one segment.
   */
  url?: Url;
  /**
   * The translation namespaces this area's pages show, beyond the shell's (`SHELL_NAMESPACES`):
   * loaded with the page's chunk, so the first route fetches only what it shows. A test checks
   * every key a page's files use is covered.
   */
  namespaces?: readonly Namespace[];
}

/**
 * An area's pages, in the order the spec lists them. The URL segment and the page names stay in
 * the result's type, so `src/paths.ts` can refuse a path no area declares.
 */
export function defineArea<const Area extends string, const Pages extends Record<string, PageDef>, const Url extends string = Area>(
  area: Area,
  pages: Pages,
  options: AreaOptions<Url> = {},
): AreaRoutes<Url, Extract<keyof Pages, string>> {
  const url = (options.url ?? area) as Url;
  return {
    area,
    url,
    routes: Object.entries(pages).map(([page, def]) => ({
      area: url,
      page: page as Extract<keyof Pages, string>,
      path: `/pages/${url}/${page as Extract<keyof Pages, string>}` as const,
      auth: !def.public,
      load: def.load ?? null,
      prefetch: def.prefetch ?? null,
      namespaces: options.namespaces ?? [],
    })),
  };
}
