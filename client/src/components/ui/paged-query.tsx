import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useUrlListState, type ListParams, type UrlListState } from '@/lib/url-list-state';
import type { Page } from '@/types/api';
import { ErrorMessage } from './error-message';
import { LoadingSpinner } from './loading-spinner';
import { EmptyList, useStepBackWhenEmpty } from './paged-list';

export interface Paging {
  /** The page shown, from 0. */
  page: number;
  pageSize: number;
  /** Shows another page (from 0): a new history entry, unless `replace`. */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** The list request's limit and skip for that page. */
  params: { limit: number; skip: number };
}

const NO_FILTERS: ListParams = {};

/** The paging of a list whose URL state (`?page=`, filters) is `list`'s. */
export function useListPaging(list: Pick<UrlListState<ListParams>, 'page' | 'setPage'>, pageSize: number): Paging {
  const { page, setPage } = list;
  return useMemo(
    () => ({
      page: page - 1,
      pageSize,
      setPage: (next, options) => setPage(next + 1, options),
      params: { limit: pageSize, skip: (page - 1) * pageSize },
    }),
    [page, setPage, pageSize],
  );
}

/** Which page of a server-paged list without filters is shown (`?page=` in the URL), and what to ask the server for it. */
export function usePaging(pageSize: number): Paging {
  return useListPaging(useUrlListState(NO_FILTERS), pageSize);
}

/** What a paged list needs of its query (a react-query result of a Page). */
export type PageQuery<T> = Pick<UseQueryResult<Page<T>>, 'data' | 'error' | 'isError' | 'isFetching' | 'isPlaceholderData' | 'refetch'>;

export interface PagedQueryProps<T> {
  query: PageQuery<T>;
  paging: Paging;
  /** Said when the list cannot be loaded (a network failure says so instead). */
  loadFailed: string;
  /** Said when there is nothing to list. */
  empty: ReactNode;
  /** A way on from the empty list (a link). */
  emptyAction?: ReactNode;
  /** Above the list, its error and its empty line (e.g. a filter); not while the first page loads. */
  toolbar?: ReactNode;
  /** The page, once it has items. */
  children: (page: Page<T>) => ReactNode;
}

/**
 * The states every paged list goes through: the error with Try again, the
 * spinner until the first page comes, the empty line, then the page. A later
 * page that has become empty (its last item gone, or a link or reload past the
 * end) gives way to the last page.
 */
export function PagedQuery<T>({ query, paging, loadFailed, empty, emptyAction, toolbar, children }: PagedQueryProps<T>) {
  useStepBackWhenEmpty(paging, query.data, query.isPlaceholderData);

  let content: ReactNode;
  if (query.isError) {
    content = <ErrorMessage onRetry={() => void query.refetch()}>{errorMessage(query.error, loadFailed)}</ErrorMessage>;
  } else if (!query.data || (query.data.items.length === 0 && paging.page > 0)) {
    // Loading, or stepping back from an emptied later page.
    return <LoadingSpinner />;
  } else if (query.data.total === 0) {
    content = <EmptyList action={emptyAction}>{empty}</EmptyList>;
  } else {
    content = children(query.data);
  }
  return (
    <>
      {toolbar}
      {content}
    </>
  );
}
