import { useLocation, useNavigate } from 'react-router-dom';
import { errorText, ReviewCard, type Review } from '@trustcircle/ui';
import { useHelpfulVote, useSessionUser, type FullReview } from '../data';
import { useNotify } from '../toast';

/**
 * Review cards with helpful votes (spec §4): signed-in readers toggle through the server,
 * the button is disabled while its vote is pending; visitors are sent to /auth.
 */
export function ReviewList({ reviews }: { reviews: FullReview[] }) {
  const { user } = useSessionUser();
  const vote = useHelpfulVote();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();

  const onHelpful = (review: Review) => {
    if (!user) {
      navigate('/auth', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    vote.mutate(review, {
      onError: (error) =>
        notify({
          title: 'Could not record your vote',
          description: errorText(error),
          variant: 'destructive',
        }),
    });
  };

  return (
    <ul className="list-unstyled d-grid gap-3 mb-0">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard
            review={review}
            currentUserId={user?.id}
            onHelpful={user && review.userId === user.id ? undefined : onHelpful}
            helpfulPending={vote.isPending && vote.variables?.id === review.id}
            onCopied={() =>
              notify({ title: 'Link copied', description: 'The review link is on your clipboard.' })
            }
          />
        </li>
      ))}
    </ul>
  );
}
