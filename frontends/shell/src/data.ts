import type {
  Group,
  ModeratedReview,
  ReviewSummary,
  TrendingBusiness,
} from '@trustcircle/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchWindowPage, getListOrEmpty, usePagedList } from '@trustcircle/ui';
import { useSession } from './session';

/** A list that may not exist yet (404 → empty); only fetched when signed in if `private`. */
function useList<T>(path: string, options: { private?: boolean } = {}) {
  const { user } = useSession();
  return useQuery({
    queryKey: [path],
    queryFn: () => getListOrEmpty<T>(path),
    enabled: options.private ? Boolean(user) : true,
  });
}

/** The signed-in home's reads (pages/Home.tsx starts them as its code arrives). */
export const MY_GROUPS_PATH = '/api/groups/user';
export const FEED_PATH = '/api/reviews/feed';
export const TRENDING_PATH = '/api/businesses/trending';
export const CATEGORIES_PATH = '/api/categories';

export const useMyGroups = () => useList<Group>(MY_GROUPS_PATH, { private: true });
export const useAllGroups = () => useList<Group>('/api/groups');
/** The home feed: my groups' (spec §7) unless another path (a scope, a limit) is asked for. */
export const useFeed = (path = FEED_PATH) => useList<ModeratedReview>(path, { private: true });
/** The author's reviews (held and removed ones included, each with `moderation`). */
export const MY_REVIEWS_KEY = ['/api/reviews/user'];

/**
 * The profile's counts (and so its level), from the services rather than from lists the
 * screens page: reviews counts the member's reviews and their helpful votes
 * (`/api/reviews/user/summary`), communities their groups (`X-Total-Count`). Under the lists'
 * keys, so whatever refreshes a list refreshes its count.
 */
export function useProfileCounts() {
  const { user } = useSession();
  const reviews = useQuery({
    queryKey: [...MY_REVIEWS_KEY, 'summary'],
    queryFn: () => api.get<ReviewSummary>('/api/reviews/user/summary'),
    enabled: Boolean(user),
  });
  const groups = useQuery({
    queryKey: ['/api/groups/user', 'count'],
    queryFn: async () => {
      const first = { index: 0, cursors: [null], total: null };
      const page = await fetchWindowPage<Group>('/api/groups/user?limit=1&total=true', first);
      return page.total ?? page.items.length;
    },
    enabled: Boolean(user),
  });
  return { reviews, groups };
}
/** Reviews a page of /my-reviews holds: with photos, a few screens. */
export const MY_REVIEWS_PAGE = 20;
/** /my-reviews a page at a time with the API's cursors (issue 17: no screen of every review). */
export const MY_REVIEWS_PAGED_KEY = [...MY_REVIEWS_KEY, 'paged'];
export const useMyReviewPages = () =>
  usePagedList<ModeratedReview>(
    MY_REVIEWS_PAGED_KEY,
    `${MY_REVIEWS_KEY[0]!}?limit=${MY_REVIEWS_PAGE}`,
  );
export const useTrending = () => useList<TrendingBusiness>(TRENDING_PATH);
export const useCategories = () => useList<string>(CATEGORIES_PATH);

export function useJoinGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (group: Group) => api.post('/api/groups/join', { groupId: group.id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/groups/user'] }),
  });
}

export function useLeaveGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (group: Group) => api.post('/api/groups/leave', { groupId: group.id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/groups/user'] }),
  });
}
