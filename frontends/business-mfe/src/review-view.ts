/**
 * How the business page shows its reviews (issue 17), kept in the URL's search parameters so a
 * link shares the view: `?tab=reviews&sort=newest&stars=4,5&photos=1&group=3`. Pure: parsing is
 * forgiving (an unknown value reads as the default), and the defaults are left out of the URL.
 */
import { REVIEW_SORTS, type ReviewSort } from '@trustcircle/contracts/reviews';

export const BUSINESS_TABS = ['overview', 'reviews', 'communities', 'similar'] as const;
export type BusinessTab = (typeof BUSINESS_TABS)[number];

/** Reviews per page: a few screens, never the whole history at once. */
export const REVIEWS_PAGE_SIZE = 20;

/** Most relevant first, as review sites do (docs/api.md: helpful votes, verified authors, recency). */
export const DEFAULT_SORT: ReviewSort = 'relevant';

export const SORT_LABELS: Record<ReviewSort, string> = {
  relevant: 'Most relevant',
  newest: 'Newest',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
};
/** The order of the sort menu. */
export const SORT_ORDER: ReviewSort[] = ['relevant', 'newest', 'highest', 'lowest'];

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

const isSort = (value: string | null): value is ReviewSort =>
  (REVIEW_SORTS as readonly string[]).includes(value ?? '');

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

/** The tab to show: the URL's, else Reviews when the URL holds a review view, else Overview. */
export function readTab(params: URLSearchParams): BusinessTab {
  const tab = params.get('tab');
  if ((BUSINESS_TABS as readonly string[]).includes(tab ?? '')) return tab as BusinessTab;
  return ['sort', 'stars', 'photos', 'group'].some((key) => params.has(key))
    ? 'reviews'
    : 'overview';
}

/** The URL's parameters for a tab and view; defaults are left out (`/business/3` is Overview). */
export function viewParams(tab: BusinessTab, view: ReviewView): URLSearchParams {
  const params = new URLSearchParams();
  if (tab !== 'overview') params.set('tab', tab);
  if (tab !== 'reviews') return params;
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  if (view.stars.length) params.set('stars', view.stars.join(','));
  if (view.withPhotos) params.set('photos', '1');
  if (view.groupId !== null) params.set('group', String(view.groupId));
  return params;
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

/** `GET /api/businesses/{id}/reviews` with the view as the API's query (docs/api.md). */
export function reviewsPath(businessId: number, view: ReviewView): string {
  const params = new URLSearchParams({ sort: view.sort, limit: String(REVIEWS_PAGE_SIZE) });
  if (view.stars.length) params.set('stars', view.stars.join(','));
  if (view.withPhotos) params.set('withPhotos', 'true');
  if (view.groupId !== null) params.set('groupId', String(view.groupId));
  return `/api/businesses/${businessId}/reviews?${params.toString()}`;
}
