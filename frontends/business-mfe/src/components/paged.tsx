import { ApiError, ModeratorsOnly, Spinner, type PagedQuery } from '@trustcircle/ui';

export { LoadMore } from '@trustcircle/ui';

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
