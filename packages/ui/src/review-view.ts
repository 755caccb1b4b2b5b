/**
 * How a list of reviews is shown (issue 17): sort, star filter, "with photos" and a community,
 * kept in the URL's search parameters so a link shares the view (`?sort=newest&stars=4,5&photos=1
 * &group=3`). The business page, the group page and the profile read and write it alike. Pure:
 * parsing is forgiving (an unknown value reads as the default), and defaults stay out of the URL.
 */
import type { ReviewSort } from '@trustcircle/contracts';

/** Most relevant first, as review sites do (docs/api.md: helpful votes, verified authors, recency). */
export const DEFAULT_SORT: ReviewSort = 'relevant';

export const SORT_LABELS: Record<ReviewSort, string> = {
  relevant: 'Most relevant',
  newest: 'Newest',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
};
/** The order of the sort menu: every sort the API knows (SORT_LABELS names each one). */
export const SORT_ORDER = Object.keys(SORT_LABELS) as ReviewSort[];

export interface ReviewView {
  sort: ReviewSort;
  /** Star ratings to keep, ascending; empty keeps all. */
  stars: number[];
  withPhotos: boolean;
  groupId: number | null;
}

export const DEFAULT_VIEW: ReviewView = {
  sort: DEFAULT_SORT,
  stars: [],
  withPhotos: false,
  groupId: null,
};

/** The URL's parameters a review view uses. */
export const REVIEW_VIEW_PARAMS = ['sort', 'stars', 'photos', 'group'] as const;

const isSort = (value: string | null): value is ReviewSort =>
  (SORT_ORDER as string[]).includes(value ?? '');

export function readReviewView(params: URLSearchParams): ReviewView {
  const sort = params.get('sort');
  const stars = [...new Set((params.get('stars') ?? '').split(',').map(Number))]
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 5)
    .sort();
  const group = Number(params.get('group'));
  return {
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    stars,
    withPhotos: params.get('photos') === '1',
    groupId: Number.isInteger(group) && group > 0 ? group : null,
  };
}

/** `params` with the view written in (defaults left out); other parameters are kept. */
export function writeReviewView(params: URLSearchParams, view: ReviewView): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of REVIEW_VIEW_PARAMS) next.delete(key);
  if (view.sort !== DEFAULT_SORT) next.set('sort', view.sort);
  if (view.stars.length) next.set('stars', view.stars.join(','));
  if (view.withPhotos) next.set('photos', '1');
  if (view.groupId !== null) next.set('group', String(view.groupId));
  return next;
}

export const isFiltered = (view: ReviewView) =>
  view.stars.length > 0 || view.withPhotos || view.groupId !== null;

/** The same order, every review. */
export const withoutFilters = (view: ReviewView): ReviewView => ({
  ...view,
  stars: [],
  withPhotos: false,
  groupId: null,
});

/** `path?…` asking the API (ReviewListQuerySchema, docs/api.md) for one page of the view. */
export function reviewViewPath(path: string, view: ReviewView, limit: number): string {
  const params = new URLSearchParams({ sort: view.sort, limit: String(limit) });
  if (view.stars.length) params.set('stars', view.stars.join(','));
  if (view.withPhotos) params.set('withPhotos', 'true');
  if (view.groupId !== null) params.set('groupId', String(view.groupId));
  return `${path}?${params.toString()}`;
}
