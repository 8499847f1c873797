import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointPath, InputOf, OutputOf } from '../../domain/api/contract';
import type { Page } from '../../domain/api/envelope';
import { call } from '../api/request';

/** Endpoints that answer one page of a list. */
export type PagedPath = { [P in EndpointPath]: OutputOf<P> extends Page<{ id: number }> ? P : never }[EndpointPath];
/** One row of paged endpoint `P`. */
export type ItemOf<P extends PagedPath> = OutputOf<P> extends Page<infer T extends { id: number }> ? T : never;
/** The filters of paged endpoint `P`: its input without `page` and `limit`. */
export type FilterOf<P extends PagedPath> = Omit<InputOf<P>, 'page' | 'limit'>;

/** Rows per page of record lists. */
export const RECORDS_PAGE_SIZE = 20;

export interface PagedList<T> {
  items: T[];
  total: number;
  /** The last page loaded; 0 until the first answer. */
  loadedPage: number;
  status: 'loading' | 'idle' | 'error';
  hasMore: boolean;
  /** Appends the next page (or retries the one that failed). */
  loadMore: () => void;
  /** Loads page 1 again and replaces the list with it. */
  reload: () => void;
  /** Changes loaded rows in place (an optimistic "read" mark, say). */
  update: (change: (items: T[]) => T[]) => void;
}

interface ListState<T> {
  items: T[];
  total: number;
  loadedPage: number;
  status: PagedList<T>['status'];
}

function emptyState<T>(): ListState<T> {
  return { items: [], total: 0, loadedPage: 0, status: 'loading' };
}

/**
 * A paged list of endpoint `path`: loads page 1, appends the next on `loadMore`, and starts
 * over when `filter`, `limit` or the language change (answers are localised). Answers to an
 * older filter are dropped.
 */
export function usePagedList<P extends PagedPath>(path: P, filter: FilterOf<P>, limit = RECORDS_PAGE_SIZE): PagedList<ItemOf<P>> {
  const { i18n } = useTranslation();
  const key = JSON.stringify({ filter, limit, lang: i18n.language });
  const [state, setState] = useState<ListState<ItemOf<P>>>(emptyState);
  /** Bumped on every reset, so answers to an earlier list are ignored. */
  const generation = useRef(0);
  const busy = useRef(false);

  const fetchPage = useCallback(
    async (page: number) => {
      const gen = generation.current;
      busy.current = true;
      setState((s) => ({ ...s, status: 'loading' }));
      const { filter: f, limit: size } = JSON.parse(key) as { filter: FilterOf<P>; limit: number };
      try {
        const input = { ...f, page: String(page), limit: String(size) } as InputOf<P>;
        // The contract types each path's answer; `PagedPath` guarantees it is a page of `ItemOf<P>`.
        const answer = (await call(path, input)) as unknown as Page<ItemOf<P>>;
        if (gen !== generation.current) return;
        setState((s) => {
          if (page === 1) return { items: answer.data, total: answer.total, loadedPage: 1, status: 'idle' };
          const seen = new Set(s.items.map((item) => item.id));
          return {
            items: [...s.items, ...answer.data.filter((item) => !seen.has(item.id))],
            total: answer.total,
            loadedPage: page,
            status: 'idle',
          };
        });
      } catch {
        if (gen === generation.current) setState((s) => ({ ...s, status: 'error' }));
      } finally {
        if (gen === generation.current) busy.current = false;
      }
    },
    [path, key],
  );

  /** Page 1 again, keeping what is shown until it answers (`clear` empties the list first). */
  const restart = useCallback(
    (clear: boolean) => {
      generation.current += 1;
      busy.current = false;
      if (clear) setState(emptyState());
      void fetchPage(1);
    },
    [fetchPage],
  );

  useEffect(() => {
    restart(true);
    return () => {
      generation.current += 1;
    };
  }, [restart]);

  const reload = useCallback(() => restart(false), [restart]);

  const { loadedPage } = state;
  const loadMore = useCallback(() => {
    if (busy.current) return;
    void fetchPage(loadedPage + 1);
  }, [fetchPage, loadedPage]);

  const update = useCallback((change: (items: ItemOf<P>[]) => ItemOf<P>[]) => setState((s) => ({ ...s, items: change(s.items) })), []);

  const hasMore = loadedPage > 0 && state.items.length < state.total;
  return { ...state, hasMore, loadMore, reload, update };
}
