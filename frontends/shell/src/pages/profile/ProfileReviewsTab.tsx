import type { ModeratedReview } from '@trustcircle/contracts';
import { useWindowedList } from '@trustcircle/ui';
import {
  PagedReviews,
  ReviewFilters,
  reviewViewPath,
  useReviewViewParams,
  withoutFilters,
} from '@trustcircle/ui/reviews';
import { MY_REVIEWS_KEY, MY_REVIEWS_PAGE } from '../../data';

/**
 * A profile's Reviews tab (issue 17): the author's reviews with the business page's sort and
 * star/photo controls, the view in the URL (`/profile?sort=lowest&stars=1`), 20 a page with
 * the API's cursors, Load more, and a visible end; two pages at most on screen
 * (`useWindowedList`). One's own from `GET /api/reviews/user` (held ones included); anyone's
 * (`path`: `/api/users/{username}/reviews`, issue 18) only what others may read.
 */
export function ProfileReviewsTab({
  path: listPath = MY_REVIEWS_KEY[0]!,
  whose = 'your',
}: {
  path?: string;
  /** "We couldn't load {whose} reviews right now." */
  whose?: string;
}) {
  const [urlView, setView] = useReviewViewParams();
  // Every review here is the one author's: no community filter.
  const view = { ...urlView, groupId: null };
  const path = reviewViewPath(listPath, view, MY_REVIEWS_PAGE);
  const reviews = useWindowedList<ModeratedReview>([listPath, 'profile', view], path, {
    pageSize: MY_REVIEWS_PAGE,
  });
  return (
    <>
      <ReviewFilters view={view} onChange={setView} />
      <PagedReviews
        list={reviews}
        onClear={() => setView(withoutFilters(view))}
        loadingLabel={`Loading ${whose} reviews…`}
        errorText={`We couldn't load ${whose} reviews right now.`}
      />
    </>
  );
}
