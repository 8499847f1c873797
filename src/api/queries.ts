/**
 * Server state through TanStack Query: `apiQuery` and `apiPages` build the options of one
 * contract endpoint (key, fetcher, freshness) for `useQuery` / `useInfiniteQuery`; `usePages`
 * is a paged list as `PagedView` shows it; `useInvalidate` marks query groups stale after a
 * mutation.
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { EndpointPath, InputOf } from '../../domain/api/contract';
import type { Page } from '../../domain/api/envelope';
import { identityView, type IdentityView } from '../../domain/identity';
import { freshnessOf } from './queryClient';
import { invalidateGroups, queryKeys, RECORDS_PAGE_SIZE, type FilterOf, type ItemOf, type PagedPath, type QueryGroup } from './queryKeys';
import { call } from './request';

export interface ApiQueryOptions {
  /** Never toast a failure (the page shows it its own way, or does without). */
  silent?: boolean;
}

/**
 * The query of endpoint `path` with `input`: `useQuery(apiQuery('/wallet/list'))`. A failure
 * toasts (the API rule) unless an answer is already on screen (a background refetch) or
 * `silent` is set.
 */
export function apiQuery<P extends EndpointPath>(path: P, input?: InputOf<P>, { silent = false }: ApiQueryOptions = {}) {
  const queryKey = queryKeys.call(path, input);
  return queryOptions({
    queryKey,
    queryFn: ({ client }) => call(path, input, { silent: silent || client.getQueryData(queryKey) !== undefined }),
    ...freshnessOf(path),
  });
}

/** Rows of loaded pages in order, each once (a row inserted meanwhile shifts the next page by one). */
export function uniqueRows<T extends { id: number }>(pages: readonly Page<T>[]): T[] {
  const seen = new Set<number>();
  const rows: T[] = [];
  for (const page of pages) {
    for (const row of page.data) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

/**
 * The pages of list endpoint `path` with `filter`, `pageSize` rows each, from page 1: the API
 * answers `{data, page, limit, total}`, and there is a next page while fewer than `total` rows
 * are loaded.
 */
export function apiPages<P extends PagedPath>(path: P, filter: FilterOf<P>, pageSize = RECORDS_PAGE_SIZE) {
  const queryKey = queryKeys.pages(path, filter, pageSize);
  return infiniteQueryOptions({
    queryKey,
    queryFn: async ({ client, pageParam }) => {
      // A refetch of pages already shown stays quiet; a first load or a next page toasts.
      const shown = (client.getQueryData(queryKey) as InfiniteData<unknown> | undefined)?.pages.length ?? 0;
      const input = { ...filter, page: String(pageParam), limit: String(pageSize) } as InputOf<P>;
      // `PagedPath` guarantees the answer is a page of `ItemOf<P>`.
      return (await call(path, input, { silent: pageParam <= shown })) as unknown as Page<ItemOf<P>>;
    },
    initialPageParam: 1,
    getNextPageParam: (last, all, lastPage) =>
      last.data.length > 0 && uniqueRows(all).length < Number(last.total) ? lastPage + 1 : undefined,
    ...freshnessOf(path),
  });
}

export interface PagedList<T> {
  items: T[];
  total: number;
  /** Pages loaded; 0 until the first answer. */
  loadedPage: number;
  status: 'loading' | 'idle' | 'error';
  hasMore: boolean;
  /** Appends the next page (or retries the one that failed). */
  loadMore: () => void;
  /** Loads the shown pages again. */
  reload: () => void;
  /** Changes loaded rows in the cache (an optimistic "read" mark, say). */
  update: (change: (items: T[]) => T[]) => void;
}

/** A paged list of endpoint `path` for `PagedView`; the cache keeps it, invalidation refreshes it. */
export function usePages<P extends PagedPath>(path: P, filter: FilterOf<P>, pageSize = RECORDS_PAGE_SIZE): PagedList<ItemOf<P>> {
  const client = useQueryClient();
  const options = apiPages(path, filter, pageSize);
  const { data, hasNextPage, isFetching, isError, isFetchNextPageError, fetchNextPage, refetch } = useInfiniteQuery(options);
  const items = useMemo(() => uniqueRows(data?.pages ?? []), [data]);

  const loadMore = useCallback(() => {
    if (isFetching) return;
    if (!data) void refetch();
    else if (hasNextPage) void fetchNextPage();
  }, [isFetching, data, hasNextPage, refetch, fetchNextPage]);
  const reload = useCallback(() => void refetch(), [refetch]);

  const update = (change: (items: ItemOf<P>[]) => ItemOf<P>[]) =>
    client.setQueryData(options.queryKey, (old) =>
      old ? { ...old, pages: old.pages.map((page) => ({ ...page, data: change(page.data) })) } : old,
    );

  return {
    items,
    total: Number(data?.pages.at(-1)?.total ?? 0),
    loadedPage: data?.pages.length ?? 0,
    status: isFetching ? 'loading' : isFetchNextPageError || (isError && !data) ? 'error' : 'idle',
    hasMore: Boolean(data) && hasNextPage,
    loadMore,
    reload,
    update,
  };
}

/** Marks query groups stale after a mutation: `void invalidate('balances', 'transfers')`. */
export function useInvalidate(): (...groups: QueryGroup[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback((...groups: QueryGroup[]) => invalidateGroups(client, groups), [client]);
}

/**
 * The user's identity verification, the one source every page reads it from (the Me page, the
 * verification page, the withdraw banner); undefined until it has loaded.
 */
export function useIdentityView(): IdentityView | undefined {
  const state = useQuery(apiQuery('/real/state'));
  return state.data ? identityView(state.data) : undefined;
}
