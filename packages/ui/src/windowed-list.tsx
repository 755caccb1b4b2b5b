import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { getPage, prefetchRead, takePrefetchedRead } from './api';
import { countLabel, formatCount } from './helpers';
import { LoadMore } from './paged';

/** `X-Total-Count` (contracts' TOTAL_COUNT_HEADER): the list's size, on a first page asked with `?total=true`. */
const TOTAL_HEADER = 'X-Total-Count';

/** Items a windowed list fetches at a time; two pages (48) are the most a screen holds. */
export const WINDOW_PAGE_SIZE = 24;
export const WINDOW_PAGES = 2;

/** Where a page sits in the list: its number and the cursors of it and every page before. */
interface WindowParam {
  index: number;
  cursors: (string | null)[];
  total: number | null;
}

export interface WindowPage<T> extends WindowParam {
  items: T[];
  nextCursor: string | null;
}

/** `path` with `limit` and `total=true` (the server counts on a first page only). */
function pagedPath(path: string, pageSize: number): string {
  const url = new URL(path, 'http://x');
  url.searchParams.set('limit', String(pageSize));
  url.searchParams.set('total', 'true');
  return `${url.pathname}${url.search}`;
}

/**
 * Starts the first page of `useWindowedList(…, path)` now, for a page about to open whose code
 * is still on its way (a route's `preload`): the list takes the answer (prefetchRead).
 */
export function prefetchWindow(path: string, pageSize = WINDOW_PAGE_SIZE): void {
  prefetchRead(pagedPath(path, pageSize));
}

/** One page, and the list's size: from the answer when it counted, else carried along. */
export async function fetchWindowPage<T>(
  path: string,
  param: WindowParam,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): Promise<WindowPage<T>> {
  let counted: number | null = null;
  const page = await getPage<T>(path, param.cursors[param.index], async (input, init) => {
    // A first page started ahead (prefetchWindow) is taken once instead of asked again.
    const res = await (takePrefetchedRead(String(input)) ?? fetchImpl(input, init));
    const header = res.headers.get(TOTAL_HEADER);
    if (header !== null && /^\d+$/.test(header)) counted = Number(header);
    return res;
  });
  return { ...param, ...page, total: counted ?? param.total };
}

/**
 * A long list read a page at a time that never holds more than `windowPages` pages (issue 17:
 * no screen renders more than about 50 items): "Load more" adds the next page and lets the
 * first go, "Show earlier" brings it back (TanStack's `maxPages`, each page knowing the cursors
 * before it). `total` is the server's count (`?total=true`), `firstIndex` the position of the
 * first item shown, so a screen can say "25–72 of 250".
 */
export function useWindowedList<T>(
  key: readonly unknown[],
  path: string,
  {
    pageSize = WINDOW_PAGE_SIZE,
    windowPages = WINDOW_PAGES,
    enabled = true,
    knownTotal,
    keepPrevious = false,
  }: {
    pageSize?: number;
    windowPages?: number;
    enabled?: boolean;
    /** The size when the list's server does not count but another answer did (a group's reviewCount). */
    knownTotal?: number;
    /** While another list loads (a new search), keep showing this one instead of a spinner. */
    keepPrevious?: boolean;
  } = {},
) {
  const url = pagedPath(path, pageSize);
  const query = useInfiniteQuery({
    queryKey: [...key, 'window', pageSize],
    queryFn: ({ pageParam }) => fetchWindowPage<T>(url, pageParam),
    initialPageParam: { index: 0, cursors: [null], total: null } as WindowParam,
    getNextPageParam: (last: WindowPage<T>): WindowParam | undefined =>
      last.nextCursor
        ? { index: last.index + 1, cursors: [...last.cursors, last.nextCursor], total: last.total }
        : undefined,
    getPreviousPageParam: (first: WindowPage<T>): WindowParam | undefined =>
      first.index > 0
        ? {
            index: first.index - 1,
            cursors: first.cursors.slice(0, first.index),
            total: first.total,
          }
        : undefined,
    maxPages: windowPages,
    enabled,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
  const pages = (query.data as InfiniteData<WindowPage<T>> | undefined)?.pages ?? [];
  const items = pages.flatMap((page) => page.items);
  const firstIndex = (pages[0]?.index ?? 0) * pageSize;
  return {
    ...query,
    items,
    firstIndex,
    total: pages[0]?.total ?? knownTotal ?? null,
    hasNextPage: query.hasNextPage,
    hasPreviousPage: query.hasPreviousPage,
  };
}
export type WindowedList<T> = ReturnType<typeof useWindowedList<T>>;

/** What the window's controls read of `useWindowedList`. */
type WindowState = Pick<
  WindowedList<unknown>,
  | 'items'
  | 'firstIndex'
  | 'total'
  | 'hasNextPage'
  | 'hasPreviousPage'
  | 'isFetchingPreviousPage'
  | 'fetchPreviousPage'
  | 'isLoading'
  | 'isError'
  | 'error'
  | 'isFetchingNextPage'
  | 'fetchNextPage'
>;

/** "Show earlier …" above a window that does not start at the first item. */
export function ShowEarlier({ list, noun }: { list: WindowState; noun: string }) {
  if (!list.hasPreviousPage) return null;
  return (
    <div className="text-center mb-3">
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={list.isFetchingPreviousPage}
        onClick={() => void list.fetchPreviousPage()}
      >
        {list.isFetchingPreviousPage ? 'Loading…' : `Show earlier ${noun}`}
      </button>
    </div>
  );
}

/**
 * Under a window: which items are shown of how many ("Showing 25–72 of 250 businesses"), then
 * "Load more", or at the end a line saying it is all ("End of the list: 250 businesses").
 */
export function WindowFooter({
  list,
  singular,
  plural,
}: {
  list: WindowState;
  singular: string;
  plural?: string;
}) {
  if (list.isLoading || list.isError || list.items.length === 0) return null;
  const first = list.firstIndex + 1;
  const last = list.firstIndex + list.items.length;
  const all = list.total ?? last;
  const whole = countLabel(all, singular, plural);
  return (
    <div className="tc-window-footer">
      {list.hasNextPage || list.hasPreviousPage ? (
        <p className="text-center text-body-secondary small mt-3 mb-0" data-testid="window-range">
          Showing {formatCount(first)}–{formatCount(last)} of {whole}
        </p>
      ) : null}
      <LoadMore query={list} endText={`End of the list: ${whole}`} />
    </div>
  );
}
