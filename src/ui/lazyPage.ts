import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageLoader } from '../routing';

/** A page chunk that has not arrived after this long fails (60 s in the router). */
export const PAGE_CHUNK_TIMEOUT_MS = 60_000;

/** A lazy page whose chunk load fails after 60 s instead of hanging. Call once per page, at module level. */
export function lazyPage(load: PageLoader): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    Promise.race([
      load(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('page chunk timeout')), PAGE_CHUNK_TIMEOUT_MS)),
    ]),
  );
}
