import { useInfiniteQuery } from '@tanstack/react-query';
import { getPage, type Page } from './api';

/**
 * A paged list read page by page ("Load more"), each page's cursor from `X-Next-Cursor`
 * (design §5). `key` names the list in the query cache; `path` carries its `limit` and filters.
 */
export function usePagedList<T>(key: readonly unknown[], path: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => getPage<T>(path, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<T>) => last.nextCursor,
    enabled,
  });
}

/** What "Load more" needs of an infinite query. */
export interface PagedQuery {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * Under a paged list: "Load more" while the server has another page; once it has not, the
 * visible end (`endText`, e.g. "No more reviews") when given, so a reader knows it is all.
 */
export function LoadMore({ query, endText }: { query: PagedQuery; endText?: string }) {
  if (!query.hasNextPage) {
    return endText ? (
      <p className="text-center text-body-secondary small mt-3 mb-0 tc-list-end" role="status">
        {endText}
      </p>
    ) : null;
  }
  return (
    <div className="text-center mt-3">
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}
