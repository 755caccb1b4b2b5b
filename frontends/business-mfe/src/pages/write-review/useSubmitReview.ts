import type { BusinessSummary, ModeratedReview, Review } from '@trustcircle/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, useFailureToast, useToast, useNavigate } from '@trustcircle/ui';
import { invalidateAfterWrite, uploadPhotos } from '../../data';
import type { Draft } from './ContentStep';
import type { Photo } from './PhotoPicker';

export interface Submission {
  business: BusinessSummary | null;
  draft: Draft;
  groupIds: number[];
  /** New files to upload first. */
  photos: Photo[];
  /** The edited review's photos that stay (already uploaded). */
  kept: string[];
}

/**
 * The wizard's last step: a new review is posted (then home, spec §2); the reader's existing
 * review of the business is changed with `PATCH` instead (then its own page, showing "Edited").
 */
export function useSubmitReview(editing: ModeratedReview | null) {
  const navigate = useNavigate();
  const notify = useToast();
  const failed = useFailureToast();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ business, draft, groupIds, photos, kept }: Submission) => {
      const uploaded = photos.length ? await uploadPhotos(photos.map((p) => p.file)) : [];
      const urls = uploaded.map((photo) => photo.url);
      if (editing) {
        return api.patch<Review>(`/api/reviews/${editing.id}`, {
          ...draft,
          groupIds,
          photos: [...kept, ...urls],
        });
      }
      return api.post<Review>('/api/reviews', {
        businessId: business?.id,
        ...draft,
        groupIds,
        photos: urls,
      });
    },
    onSuccess: (review) => {
      notify(
        editing
          ? { title: 'Review updated', description: 'Your changes are saved.', variant: 'success' }
          : {
              title: 'Review submitted successfully',
              description: 'Thank you for sharing your experience!',
              variant: 'success',
            },
      );
      void invalidateAfterWrite(client);
      navigate(editing ? `/reviews/${review.id}` : '/');
    },
    onError: failed(editing ? 'Failed to update review' : 'Failed to submit review'),
  });
}
