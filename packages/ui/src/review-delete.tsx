import type { ModeratedReview } from '@trustcircle/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { api, SESSION_QUERY_KEY, useToast, apiMessage } from '@trustcircle/ui';

/**
 * `DELETE /api/reviews/{id}`: on success the review leaves every cached list at once (feed,
 * business, group, the author's own), then everything but the session is refetched, since
 * scores and counts moved too.
 */
export function useDeleteReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (review: Pick<ModeratedReview, 'id'>) => api.delete(`/api/reviews/${review.id}`),
    onSuccess: (_answer, review) => {
      // Only reviews go: a group or business of the same id stays in its list.
      const keep = (item: unknown) => {
        const value = item as { id?: unknown; rating?: unknown; userId?: unknown } | null;
        return !(value?.id === review.id && 'rating' in value && 'userId' in value);
      };
      client.setQueriesData<unknown>({}, (data: unknown) => {
        if (Array.isArray(data)) return data.every(keep) ? data : data.filter(keep);
        const value = data as { reviews?: unknown[]; pages?: Array<{ items?: unknown[] }> } | null;
        if (Array.isArray(value?.reviews)) return { ...value, reviews: value.reviews.filter(keep) };
        if (Array.isArray(value?.pages)) {
          return {
            ...value,
            pages: value.pages.map((page) =>
              Array.isArray(page.items) ? { ...page, items: page.items.filter(keep) } : page,
            ),
          };
        }
        return data;
      });
      void client.invalidateQueries({
        predicate: (query) =>
          query.queryKey[0] !== SESSION_QUERY_KEY[0] &&
          query.queryKey[0] !== `/api/reviews/${review.id}`,
      });
    },
  });
}

/**
 * The confirmation before a review is deleted: a modal `<dialog>` (focus stays inside, Escape
 * cancels), which says that it cannot be undone.
 */
export function ConfirmDeleteDialog({
  businessName,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  businessName: string;
  pending: boolean;
  error?: string | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
  }, []);
  return (
    <dialog
      ref={ref}
      className="tc-confirm"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
    >
      <h2 id={titleId} className="h5 mb-2">
        Delete your review?
      </h2>
      <p className="mb-3 text-body-secondary">
        Your review of {businessName} will be removed for good, with its photos and helpful votes.
        This can&apos;t be undone.
      </p>
      {error && (
        <p className="text-danger small" role="alert">
          {error}
        </p>
      )}
      <div className="d-flex justify-content-end gap-2">
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={onCancel}
          disabled={pending}
          autoFocus
        >
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={pending}>
          {pending ? 'Deleting…' : 'Delete review'}
        </button>
      </div>
    </dialog>
  );
}

/**
 * Deleting one's own review from a list or page: `request(review)` asks for confirmation,
 * `dialog` is rendered by the caller; after the delete a toast says so and `onDeleted` runs.
 */
export function useReviewDeletion(onDeleted?: (review: ModeratedReview) => void): {
  request(review: ModeratedReview): void;
  dialog: ReactNode;
} {
  const [target, setTarget] = useState<ModeratedReview | null>(null);
  const remove = useDeleteReview();
  const toast = useToast();
  const request = (review: ModeratedReview) => {
    remove.reset();
    setTarget(review);
  };
  const confirm = () => {
    if (!target) return;
    remove.mutate(target, {
      onSuccess: () => {
        setTarget(null);
        toast({ title: 'Review deleted', description: 'Your review has been removed.' });
        onDeleted?.(target);
      },
    });
  };
  const dialog = target ? (
    <ConfirmDeleteDialog
      businessName={target.businessName || `Business #${target.businessId}`}
      pending={remove.isPending}
      error={remove.isError ? apiMessage(remove.error) : null}
      onConfirm={confirm}
      onCancel={() => setTarget(null)}
    />
  ) : null;
  return { request, dialog };
}
