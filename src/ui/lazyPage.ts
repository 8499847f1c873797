import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageLoader } from '../routes';

/** A page chunk that has not arrived after this long fails (spec §9: 60 s in the router). */
export const PAGE_CHUNK_TIMEOUT_MS = 60_000;

const cache = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

/** A lazy page whose chunk load fails after 60 s instead of hanging; one component per loader. */
export function lazyPage(load: PageLoader): LazyExoticComponent<ComponentType> {
  let page = cache.get(load);
  if (!page) {
    page = lazy(() =>
      Promise.race([
        load(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('page chunk timeout')), PAGE_CHUNK_TIMEOUT_MS)),
      ]),
    );
    cache.set(load, page);
  }
  return page;
}
