import { useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  BusinessOwnership,
  Claim,
  ClaimDecisionRequest,
  ClaimQueueItem,
} from '@trustcircle/contracts';
import { api, SESSION_QUERY_KEY, usePagedList, type Page } from '@trustcircle/ui';

/** Issue 18: a business's owners and the reader's claim; the moderators' claims queue. */
export const ownershipKey = (businessId: number) => [`/api/businesses/${businessId}/owners`];
export const CLAIMS_KEY = ['/api/moderation/claims'] as const;
export const CLAIMS_PAGE_SIZE = 10;

/** Who owns the business, and whether the reader does or has claimed it (per session). */
export function useOwnership(businessId: number | undefined, signedIn: boolean) {
  return useQuery({
    queryKey: [...ownershipKey(businessId ?? 0), signedIn],
    queryFn: () => api.get<BusinessOwnership>(`/api/businesses/${businessId}/owners`),
    enabled: businessId !== undefined,
  });
}

export function useClaim(businessId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      api.post<Claim>(`/api/businesses/${businessId}/claims`, { message }),
    onSuccess: () => client.invalidateQueries({ queryKey: ownershipKey(businessId) }),
  });
}

/** Claims waiting for a decision, oldest first. */
export const useClaimsQueue = () =>
  usePagedList<ClaimQueueItem>(CLAIMS_KEY, `${CLAIMS_KEY[0]}?limit=${CLAIMS_PAGE_SIZE}`);

/** Approve or reject a claim: it leaves the loaded pages at once; the rest is refetched. */
export function useClaimDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, decision }: { claimId: number; decision: ClaimDecisionRequest }) =>
      api.post<Claim>(`/api/moderation/claims/${claimId}/decision`, decision),
    onSuccess: (_answer, { claimId }) => {
      client.setQueryData<InfiniteData<Page<ClaimQueueItem>>>(CLAIMS_KEY, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((item) => item.id !== claimId),
              })),
            }
          : data,
      );
      void client.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] !== SESSION_QUERY_KEY[0] && queryKey[0] !== CLAIMS_KEY[0],
      });
    },
  });
}
