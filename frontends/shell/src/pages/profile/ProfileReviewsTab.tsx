import type { ModeratedReview } from '@trustcircle/contracts';
import {
  PagedReviews,
  ReviewFilters,
  reviewViewPath,
  useReviewViewParams,
  useWindowedList,
  withoutFilters,
} from '@trustcircle/ui';
import { MY_REVIEWS_KEY, MY_REVIEWS_PAGE } from '../../data';

/**
 * The profile's Reviews tab (issue 17): the author's reviews with the business page's sort and
 * star/photo controls, the view in the URL (`/profile?sort=lowest&stars=1`), 20 a page from
 * `GET /api/reviews/user` with its cursors, Load more, and a visible end; two pages at most on
 * screen (`useWindowedList`).
 */
export function ProfileReviewsTab() {
  const [urlView, setView] = useReviewViewParams();
  // Every review here is the reader's own: no community filter.
  const view = { ...urlView, groupId: null };
  const path = reviewViewPath(MY_REVIEWS_KEY[0]!, view, MY_REVIEWS_PAGE);
  const reviews = useWindowedList<ModeratedReview>([...MY_REVIEWS_KEY, 'profile', view], path, {
    pageSize: MY_REVIEWS_PAGE,
  });
  return (
    <>
      <ReviewFilters view={view} onChange={setView} />
      <PagedReviews
        list={reviews}
        onClear={() => setView(withoutFilters(view))}
        loadingLabel="Loading your reviews…"
        errorText="We couldn't load your reviews right now."
      />
    </>
  );
}
