import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  ModerationDecisionRequest,
  ModerationLogEntry,
  ModerationQueueItem,
} from '@trustcircle/contracts/moderation';
import { api, SESSION_QUERY_KEY, usePagedList, type Page } from '@trustcircle/ui';

/** Items per page: a queue item carries its reports and history, so its pages stay short. */
export const QUEUE_PAGE_SIZE = 5;
export const LOG_PAGE_SIZE = 10;

export const QUEUE_KEY = ['/api/moderation/queue'] as const;
export const LOG_KEY = ['/api/moderation/log'] as const;

/** Reviews waiting for a decision, by report weight then age, as the API orders them. */
export const useQueue = () =>
  usePagedList<ModerationQueueItem>(QUEUE_KEY, `${QUEUE_KEY[0]}?limit=${QUEUE_PAGE_SIZE}`);

/** Every decision, newest first. */
export const useLog = () =>
  usePagedList<ModerationLogEntry>(LOG_KEY, `${LOG_KEY[0]}?limit=${LOG_PAGE_SIZE}`);

/**
 * Keep or remove a queued review. The decided item leaves the loaded pages at once (the pages
 * after it keep their cursors: keyset paging does not shift); everything else that may show the
 * review or its business's scores is refetched.
 */
export function useDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      reviewId,
      decision,
    }: {
      reviewId: number;
      decision: ModerationDecisionRequest;
    }) => api.post(`/api/moderation/reviews/${reviewId}/decision`, decision),
    onSuccess: (_answer, { reviewId }) => {
      client.setQueryData<InfiniteData<Page<ModerationQueueItem>>>(QUEUE_KEY, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((item) => item.review.id !== reviewId),
              })),
            }
          : data,
      );
      void client.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] !== SESSION_QUERY_KEY[0] && queryKey[0] !== QUEUE_KEY[0],
      });
    },
  });
}
