/**
 * How the business page shows its reviews (issue 17): its tab and the review view (packages/ui
 * review-view: sort and filters) in the URL, `?tab=reviews&sort=newest&stars=4,5&photos=1&group=3`.
 */
import {
  DEFAULT_VIEW,
  REVIEW_VIEW_PARAMS,
  reviewViewPath,
  writeReviewView,
  type ReviewView,
} from '@trustcircle/ui/reviews';

export {
  DEFAULT_VIEW,
  isFiltered,
  readReviewView,
  withoutFilters,
  type ReviewView,
} from '@trustcircle/ui/reviews';

export const BUSINESS_TABS = ['overview', 'reviews', 'communities', 'similar'] as const;
export type BusinessTab = (typeof BUSINESS_TABS)[number];

/** Reviews per page: a few screens, never the whole history at once. */
export const REVIEWS_PAGE_SIZE = 20;

/** The tab to show: the URL's, else Reviews when the URL holds a review view, else Overview. */
export function readTab(params: URLSearchParams): BusinessTab {
  const tab = params.get('tab');
  if ((BUSINESS_TABS as readonly string[]).includes(tab ?? '')) return tab as BusinessTab;
  return REVIEW_VIEW_PARAMS.some((key) => params.has(key)) ? 'reviews' : 'overview';
}

/** The URL's parameters for a tab and view; defaults are left out (`/business/3` is Overview). */
export function viewParams(tab: BusinessTab, view: ReviewView): URLSearchParams {
  const params = new URLSearchParams();
  if (tab !== 'overview') params.set('tab', tab);
  if (tab !== 'reviews') return params;
  return writeReviewView(params, view);
}

/** `GET /api/businesses/{id}/reviews` with the view as the API's query (docs/api.md). */
export const reviewsPath = (businessId: number, view: ReviewView = DEFAULT_VIEW): string =>
  reviewViewPath(`/api/businesses/${businessId}/reviews`, view, REVIEWS_PAGE_SIZE);
