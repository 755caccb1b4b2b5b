import type { ModeratedReview, ReviewReply } from '@trustcircle/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import {
  TextareaField,
  api,
  SESSION_QUERY_KEY,
  RelativeDate,
  apiMessage,
  longDate,
  useSessionUser,
  useToast,
} from '@trustcircle/ui';

/** The most a reply may say (the API's limit). */
export const REPLY_MAX_LENGTH = 2000;

/**
 * Which business the page is about and whether the reader owns it: a business's page and a
 * review's page provide it, so their review cards offer its owners the reply form. Elsewhere
 * (feeds, profiles) replies are shown, never written.
 */
export const ReplyOwnerContext = createContext<{ businessId: number; isOwner: boolean } | null>(
  null,
);

/** "Owner": who speaks for a business, wherever their name is shown beside it. */
export function OwnerBadge() {
  return <span className="badge tc-owner-badge">Owner</span>;
}

/** Writes, edits or deletes the reply to a review; every view that may show it is refetched. */
function useReplyChange(reviewId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: 'write' | 'edit'; body: string } | { kind: 'delete' }) => {
      const path = `/api/reviews/${reviewId}/reply`;
      if (change.kind === 'delete') return api.delete(path);
      return change.kind === 'write'
        ? api.post<ReviewReply>(path, { body: change.body })
        : api.patch<ReviewReply>(path, { body: change.body });
    },
    onSuccess: () =>
      client.invalidateQueries({
        predicate: ({ queryKey }) => queryKey[0] !== SESSION_QUERY_KEY[0],
      }),
  });
}

function ReplyForm({
  initial,
  label,
  pending,
  error,
  onSave,
  onCancel,
}: {
  initial: string;
  label: string;
  pending: boolean;
  error: string | null;
  onSave(body: string): void;
  onCancel(): void;
}) {
  const [body, setBody] = useState(initial);
  return (
    <form
      className="tc-reply-form mt-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(body);
      }}
    >
      <TextareaField
        label={label}
        value={body}
        onChange={setBody}
        maxLength={REPLY_MAX_LENGTH}
        error={error}
        hint={`Your reply is public and shown under the review. ${body.length}/${REPLY_MAX_LENGTH}`}
      />
      <div className="d-flex gap-2 mt-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={pending || !body.trim()}>
          {pending ? 'Saving…' : 'Post reply'}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ReplyView({
  review,
  reply,
  children,
}: {
  review: ModeratedReview;
  reply: ReviewReply;
  children?: ReactNode;
}) {
  const edited = longDate(reply.editedAt);
  return (
    <section
      className="tc-reply mt-3"
      aria-label={`Reply from ${review.businessName || 'the business'}`}
    >
      <div className="d-flex flex-wrap align-items-center gap-1 small">
        <span className="fw-semibold">{reply.owner.name || reply.owner.username}</span>
        <OwnerBadge />
        <span className="text-body-secondary">
          replied <RelativeDate value={reply.createdAt} />
          {edited && ` · Edited ${edited}`}
        </span>
      </div>
      {children ?? <p className="mb-0 mt-1 small tc-reply-body">{reply.body}</p>}
    </section>
  );
}

/** An owner's view: the reply form while there is none, edit and delete on their own reply. */
function OwnerReply({ review }: { review: ModeratedReview }) {
  const { user } = useSessionUser();
  const toast = useToast();
  const change = useReplyChange(review.id);
  const [editing, setEditing] = useState(false);
  const reply = review.reply ?? null;
  const error = change.isError ? apiMessage(change.error) : null;
  const save = (kind: 'write' | 'edit') => (body: string) =>
    change.mutate(
      { kind, body },
      {
        onSuccess: () => {
          setEditing(false);
          toast({
            title: kind === 'write' ? 'Reply posted' : 'Reply updated',
            description: 'The reviewer can see your reply under their review.',
            variant: 'success',
          });
        },
      },
    );

  if (!reply) {
    // Held and removed reviews take no reply (the API answers 404).
    if (review.moderation && review.moderation.status !== 'published') return null;
    return editing ? (
      <ReplyForm
        initial=""
        label={`Reply as ${review.businessName || 'the business'}`}
        pending={change.isPending}
        error={error}
        onSave={save('write')}
        onCancel={() => setEditing(false)}
      />
    ) : (
      <button
        type="button"
        className="btn btn-sm btn-outline-primary mt-2"
        onClick={() => setEditing(true)}
      >
        Reply to this review
      </button>
    );
  }
  const mine = user != null && reply.owner.id === user.id;
  if (!mine) return <ReplyView review={review} reply={reply} />;
  return (
    <ReplyView review={review} reply={reply}>
      {editing ? (
        <ReplyForm
          initial={reply.body}
          label="Edit your reply"
          pending={change.isPending}
          error={error}
          onSave={save('edit')}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <p className="mb-0 mt-1 small tc-reply-body">{reply.body}</p>
          <div className="d-flex gap-3 mt-1">
            <button
              type="button"
              className="btn btn-sm btn-link p-0"
              onClick={() => setEditing(true)}
            >
              Edit reply
            </button>
            <button
              type="button"
              className="btn btn-sm btn-link p-0 text-danger"
              disabled={change.isPending}
              onClick={() => {
                if (!window.confirm('Delete your reply? The review stays as it is.')) return;
                change.mutate(
                  { kind: 'delete' },
                  { onSuccess: () => toast({ title: 'Reply deleted', variant: 'success' }) },
                );
              }}
            >
              Delete reply
            </button>
          </div>
        </>
      )}
    </ReplyView>
  );
}

/**
 * The business's reply under a review; on the business's own pages (ReplyOwnerContext) its
 * owners also get the form to write one, or to edit or delete their own.
 */
export function ReviewReplySection({ review }: { review: ModeratedReview }) {
  const owner = useContext(ReplyOwnerContext);
  if (owner?.isOwner && owner.businessId === review.businessId) {
    return <OwnerReply review={review} />;
  }
  return review.reply ? <ReplyView review={review} reply={review.reply} /> : null;
}
