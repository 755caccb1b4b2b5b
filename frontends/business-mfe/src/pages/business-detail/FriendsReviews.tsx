import type { BusinessDetailWithReviews, ModeratedReview } from '@trustcircle/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  api,
  InitialsAvatar,
  StarRating,
  truncate,
  useSessionUser,
  Link,
  useLocation,
} from '@trustcircle/ui';
import { FollowSuggestion, PersonName } from '@trustcircle/ui/reviews';

/** Spec §2/§9: at most 2 friends' reviews, each cut to 100 characters. */
export const FRIENDS_COUNT = 2;
const EXCERPT = 100;
const SUGGESTED = 3;

/**
 * The Friends' Reviews panel (issue 18): reviews of this business by people the viewer follows,
 * read from the server's `?following=true` (so "(Friend)" never marks a stranger). Nobody
 * followed has reviewed it: its other reviewers are suggested, since by then none of them is
 * followed. A visitor is asked to sign in.
 */
export function FriendsReviews({
  business,
  reviews,
}: {
  business: BusinessDetailWithReviews;
  reviews: ModeratedReview[];
}) {
  const { user, isLoading } = useSessionUser();
  const location = useLocation();
  const path = `/api/businesses/${business.id}/reviews?following=true&limit=${FRIENDS_COUNT}`;
  const friends = useQuery({
    queryKey: [path],
    queryFn: () => api.get<ModeratedReview[]>(path),
    enabled: Boolean(user),
  });

  if (isLoading) return null;
  if (!user)
    return (
      <>
        <p className="small text-body-secondary">
          Sign in to see what the people you follow think of {business.name}.
        </p>
        <Link
          to="/auth"
          state={{ from: `${location.pathname}${location.search}` }}
          className="btn btn-sm btn-outline-primary"
        >
          Sign in
        </Link>
      </>
    );
  if (friends.isLoading)
    return (
      <div className="placeholder-glow" aria-hidden="true">
        <span className="placeholder col-12 py-4" />
      </div>
    );
  if (friends.isError)
    return (
      <p className="small text-body-secondary mb-0" role="status">
        We couldn&apos;t load your friends&apos; reviews right now.
      </p>
    );
  const list = friends.data ?? [];
  if (list.length > 0)
    return (
      <ul className="list-unstyled mb-0 d-grid gap-3" data-testid="friends-reviews">
        {list.map((review) => (
          <li key={review.id} className="d-flex gap-2">
            <InitialsAvatar name={review.user?.name} username={review.user?.username} size={32} />
            <div className="min-w-0">
              {review.user && <PersonName person={review.user} suffix=" (Friend)" />}
              <StarRating value={review.rating} size={14} className="d-block" />
              <p className="small mb-1">{truncate(review.content, EXCERPT)}</p>
              <Link to={`/reviews/${review.id}`} className="small">
                Read review
              </Link>
            </div>
          </li>
        ))}
      </ul>
    );

  const seen = new Set<number>([user.id]);
  const reviewers = reviews
    .map((review) => review.user)
    .filter((person): person is NonNullable<typeof person> => {
      if (!person?.username || seen.has(person.id)) return false;
      seen.add(person.id);
      return true;
    })
    .slice(0, SUGGESTED);
  return (
    <>
      <p className="small text-body-secondary mb-2">
        None of the people you follow has reviewed {business.name} yet.
        {reviewers.length > 0 && ' Follow its reviewers to see what they think elsewhere:'}
      </p>
      {reviewers.length > 0 && (
        <ul className="list-unstyled mb-0" aria-label="Reviewers to follow">
          {reviewers.map((person) => (
            <FollowSuggestion key={person.id} person={person} />
          ))}
        </ul>
      )}
    </>
  );
}
