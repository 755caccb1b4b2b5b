import type { ModeratedReview } from '@trustcircle/contracts';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  api,
  apiMessage,
  CheckBadgeIcon,
  EmptyState,
  LoadMore,
  moderationNotice,
  type Page,
  Spinner,
  TextareaField,
  useToast,
  Link,
} from '@trustcircle/ui';
import { REVIEW_LINK_COPIED, ReviewCard, useReviewDeletion } from '@trustcircle/ui/reviews';
import { MY_REVIEWS_PAGED_KEY, useMyReviewPages } from '../data';
import { useSession } from '../session';

type Moderation = NonNullable<ModeratedReview['moderation']>;

/** The author's one appeal of a hold or removal (docs/api.md); the answer is the new state. */
function useAppeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: number; message: string }) =>
      api.post<{ moderation: Moderation }>(`/api/reviews/${id}/appeal`, { message }),
    onSuccess: ({ moderation }, { id }) =>
      client.setQueryData<InfiniteData<Page<ModeratedReview>>>(MY_REVIEWS_PAGED_KEY, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((review) =>
                  review.id === id ? { ...review, moderation } : review,
                ),
              })),
            }
          : data,
      ),
  });
}

function AppealForm({ review, onCancel }: { review: ModeratedReview; onCancel(): void }) {
  const [message, setMessage] = useState('');
  const appeal = useAppeal();
  const toast = useToast();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    appeal.mutate(
      { id: review.id, message: message.trim() },
      {
        onSuccess: () =>
          toast({
            title: 'Appeal sent',
            description: 'A moderator will look at your review again.',
            variant: 'success',
          }),
      },
    );
  };
  return (
    <form className="mt-2" onSubmit={submit} noValidate>
      <TextareaField
        label="Message to the moderators (optional)"
        value={message}
        onChange={setMessage}
        maxLength={1000}
        error={appeal.isError ? apiMessage(appeal.error) : null}
      />
      <div className="d-flex flex-wrap gap-2 mt-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={appeal.isPending}>
          Send appeal
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** What the author sees under a held or removed review: why, and the appeal (once). */
function ModerationNote({ review }: { review: ModeratedReview }) {
  const [appealing, setAppealing] = useState(false);
  const moderation = review.moderation;
  const notice = moderationNotice(moderation?.status);
  if (!moderation || !notice) return null;
  return (
    <section
      className={`tc-moderation-note tc-moderation-note-${moderation.status} mt-3`}
      aria-label={notice}
    >
      <p className="fw-semibold mb-1">{notice}</p>
      {moderation.status === 'held' ? (
        <p className="small mb-0">
          Members reported this review, so it is hidden from others and left out of scores until a
          moderator has looked at it.
        </p>
      ) : (
        <p className="small mb-0">
          It is no longer shown to others.
          {moderation.reason && (
            <>
              {' '}
              <span className="fw-semibold">Moderator&apos;s reason:</span> {moderation.reason}
            </>
          )}
        </p>
      )}
      {moderation.canAppeal ? (
        appealing ? (
          <AppealForm review={review} onCancel={() => setAppealing(false)} />
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary mt-2"
            onClick={() => setAppealing(true)}
          >
            Appeal
          </button>
        )
      ) : (
        moderation.appealed && (
          <p className="small mt-2 mb-0 d-flex align-items-start gap-1">
            <CheckBadgeIcon size={16} />
            <span>
              <span className="fw-semibold">Appeal sent.</span> A moderator will look at it again.
            </span>
          </p>
        )
      )}
    </section>
  );
}

export function MyReviewsPage() {
  const reviews = useMyReviewPages();
  const { user } = useSession();
  const toast = useToast();
  const deletion = useReviewDeletion();
  const list = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="container py-4 tc-narrow">
      {deletion.dialog}
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
        <div>
          <h1 className="h3 mb-1">My Reviews</h1>
          <p className="text-body-secondary mb-0">
            Everything you have shared with your communities.
          </p>
        </div>
        <Link to="/write-review" className="btn btn-primary">
          Write a Review
        </Link>
      </div>
      {reviews.isLoading ? (
        <Spinner />
      ) : reviews.isError ? (
        <p className="text-body-secondary" role="status">
          We couldn&apos;t load your reviews right now.
        </p>
      ) : list.length === 0 ? (
        <div className="card border-0 shadow-sm">
          <EmptyState
            title="You haven't written any reviews yet"
            hint="Your reviews help your communities choose with confidence."
          />
        </div>
      ) : (
        <ul className="list-unstyled d-grid gap-3 mb-0">
          {list.map((review) => (
            <li key={review.id}>
              <ReviewCard
                review={review}
                currentUserId={user?.id}
                footer={<ModerationNote review={review} />}
                onDelete={deletion.request}
                onCopied={() => toast(REVIEW_LINK_COPIED)}
              />
            </li>
          ))}
        </ul>
      )}
      {list.length > 0 && <LoadMore query={reviews} endText="No more reviews" />}
    </div>
  );
}
