import { ApiError, ModeratorsOnly, Spinner } from '@trustcircle/ui';

/** What the moderation lists need of an infinite query. */
interface PagedQuery {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/**
 * While a moderation list loads or when it failed: the spinner, "Only moderators can do that"
 * for the API's 403 (the role was taken away meanwhile), or a quiet line; `null` once loaded.
 */
export function ListFallback({ query, what }: { query: PagedQuery; what: string }) {
  if (query.isLoading) return <Spinner label={`Loading ${what}…`} />;
  if (!query.isError) return null;
  if (query.error instanceof ApiError && query.error.status === 403) return <ModeratorsOnly />;
  return (
    <p className="text-body-secondary" role="status">
      We couldn&apos;t load {what} right now.
    </p>
  );
}

/** "Load more" under a paged list while the server has another page (`X-Next-Cursor`). */
export function LoadMore({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
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
