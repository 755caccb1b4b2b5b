import type { HelpfulVoteResponse, ModeratedReview } from '@trustcircle/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReviewCard } from './review-card';
import { useReviewDeletion } from './review-delete';
import {
  useLocation,
  useNavigate,
  api,
  useFailureToast,
  useSessionUser,
  useToast,
} from '@trustcircle/ui';

/**
 * Sets the reader's helpful vote (`PUT`) or takes it back (`DELETE`) as the button showed it:
 * both are idempotent, so a retried request never reverses the vote it meant, as the spec's
 * toggle would. The server's answer replaces the count and the voted state of that review
 * wherever it sits in the query cache (feed, lists, detail, one review).
 */
export function useHelpfulVote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (review: ModeratedReview) => {
      const path = `/api/reviews/${review.id}/helpful`;
      return review.hasVoted
        ? api.delete<HelpfulVoteResponse>(path)
        : api.put<HelpfulVoteResponse>(path);
    },
    onSuccess: (answer, review) => {
      const patch = <R extends ModeratedReview>(r: R): R =>
        r.id === review.id
          ? { ...r, helpfulCount: answer.helpfulCount, hasVoted: answer.voted }
          : r;
      const isReview = (item: unknown): item is ModeratedReview =>
        Boolean(item) && typeof item === 'object' && 'rating' in (item as object);
      client.setQueriesData<unknown>({}, (data: unknown) => {
        if (Array.isArray(data)) {
          return data.some((item) => isReview(item) && item.id === review.id)
            ? (data as ModeratedReview[]).map(patch)
            : data;
        }
        if (data && typeof data === 'object') {
          const value = data as { reviews?: ModeratedReview[]; pages?: Array<{ items?: unknown }> };
          if (Array.isArray(value.reviews)) return { ...value, reviews: value.reviews.map(patch) };
          // A paged list (useInfiniteQuery): the review may sit in any loaded page.
          if (Array.isArray(value.pages)) {
            return {
              ...value,
              pages: value.pages.map((page) =>
                Array.isArray(page.items) &&
                page.items.some((item) => isReview(item) && item.id === review.id)
                  ? { ...page, items: (page.items as ModeratedReview[]).map(patch) }
                  : page,
              ),
            };
          }
          if (isReview(data) && data.id === review.id) return patch(data);
        }
        return data;
      });
    },
  });
}

/** What a review card's "Copy link" tells. */
export const REVIEW_LINK_COPIED = {
  title: 'Link copied',
  description: 'The review link is on your clipboard.',
};

/**
 * Review cards with helpful votes (spec §4): a signed-in reader toggles through the server,
 * the button is disabled while its vote is pending, one's own reviews have none, and a
 * visitor is sent to /auth (and back).
 */
export function ReviewList<R extends ModeratedReview>({
  reviews,
  onDeleted,
}: {
  reviews: R[];
  /** After the reader deleted their own review from this list (e.g. leave its page). */
  onDeleted?(review: ModeratedReview): void;
}) {
  const { user } = useSessionUser();
  const deletion = useReviewDeletion(onDeleted);
  const vote = useHelpfulVote();
  const toast = useToast();
  const failed = useFailureToast();
  const navigate = useNavigate();
  const location = useLocation();

  const onHelpful = (review: ModeratedReview) => {
    if (!user) {
      navigate('/auth', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    vote.mutate(review, {
      onError: failed('Could not record your vote'),
    });
  };

  return (
    <>
      {deletion.dialog}
      <ul className="list-unstyled d-grid gap-3 mb-0">
        {reviews.map((review) => (
          <li key={review.id}>
            <ReviewCard
              review={review}
              currentUserId={user?.id}
              onHelpful={user && review.userId === user.id ? undefined : onHelpful}
              helpfulPending={vote.isPending && vote.variables?.id === review.id}
              onCopied={() => toast(REVIEW_LINK_COPIED)}
              onDelete={deletion.request}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
