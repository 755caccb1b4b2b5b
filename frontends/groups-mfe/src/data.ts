import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Group, GroupCreate, ModeratedReview } from '@trustcircle/contracts';
import {
  api,
  ApiError,
  formatErrorMessage,
  useDebouncedValue,
  useSessionUser,
  useWindowedList,
} from '@trustcircle/ui';
// No @trustcircle/ui/reviews here: the list page imports this module, and that shared module
// would be one more chunk to fetch and run before the list can render (the group page's
// review list is in pages/group-detail/reviews-data.ts).
import { BROWSE_GROUPS_PATH, MY_GROUPS_PATH } from './paths';

/** Query keys shared with the shell (its home reads the same caches). */
export const ALL_GROUPS_KEY = ['/api/groups'] as const;
export const MY_GROUPS_KEY = [MY_GROUPS_PATH] as const;
export const groupKey = (id: number) => [`/api/groups/${id}`] as const;
export const membershipKey = (id: number) => [`/api/groups/${id}/members/check`] as const;
export const groupReviewsKey = (id: number) => [`/api/groups/${id}/reviews`] as const;

/** Lists are paged (`X-Next-Cursor`, design §5); highlights read up to MAX_PAGES of them. */
export const PAGE_LIMIT = 100;
export const MAX_PAGES = 20;

export interface Paged<T> {
  items: T[];
  /** True when MAX_PAGES were read and the server still had more. */
  truncated: boolean;
}

export async function fetchAllPages<T>(
  path: string,
  options: { maxPages?: number; fetchImpl?: typeof fetch } = {},
): Promise<Paged<T>> {
  const fetchImpl = options.fetchImpl ?? ((...args) => fetch(...args));
  const maxPages = options.maxPages ?? MAX_PAGES;
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page += 1) {
    const url = new URL(path, 'http://x');
    url.searchParams.set('limit', String(PAGE_LIMIT));
    if (cursor) url.searchParams.set('cursor', cursor);
    const res = await fetchImpl(`${url.pathname}${url.search}`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    const text = await res.text().catch(() => '');
    if (!res.ok)
      throw new ApiError(res.status, formatErrorMessage(res.status, res.statusText, text));
    const value: unknown = text ? JSON.parse(text) : [];
    if (Array.isArray(value)) items.push(...(value as T[]));
    cursor = res.headers.get('X-Next-Cursor');
    if (!cursor) return { items, truncated: false };
  }
  return { items, truncated: true };
}

/** Typing in the groups search pauses this long before the lists are asked again. */
export const GROUP_SEARCH_DEBOUNCE_MS = 250;

/**
 * `/groups`' two lists, a window at a time with true counts (issue 17): All Groups leaves out
 * mine (`joined=false`), My Groups needs a session; both searched on the server (search that
 * forgives) once typing pauses.
 */
export function useGroupLists(search: string, signedIn: boolean) {
  const settled = useDebouncedValue(search.trim(), GROUP_SEARCH_DEBOUNCE_MS);
  const text = settled ? `search=${encodeURIComponent(settled)}` : '';
  const all = useWindowedList<Group>(
    [...ALL_GROUPS_KEY, 'browse', signedIn, settled],
    `${BROWSE_GROUPS_PATH}${text ? `&${text}` : ''}`,
    { keepPrevious: true },
  );
  const mine = useWindowedList<Group>(
    [...MY_GROUPS_KEY, settled],
    `${MY_GROUPS_PATH}${text ? `?${text}` : ''}`,
    { keepPrevious: true, enabled: signedIn },
  );
  return { all, mine };
}

export function useGroup(id: number | null) {
  return useQuery({
    queryKey: groupKey(id ?? 0),
    queryFn: () => api.get<Group>(`/api/groups/${id}`),
    enabled: id !== null,
  });
}

/** Membership is checked only when signed in (spec §4). */
export function useMembership(id: number | null) {
  const { user } = useSessionUser();
  return useQuery({
    queryKey: membershipKey(id ?? 0),
    queryFn: async () =>
      (await api.get<{ isMember: boolean }>(`/api/groups/${id}/members/check`)).isMember,
    enabled: id !== null && Boolean(user),
  });
}

/** The group's latest 100 reviews, newest first: what Group Highlights are figured from. */
export function useLatestGroupReviews(id: number | null) {
  return useQuery({
    queryKey: [...groupReviewsKey(id ?? 0), 'latest'],
    queryFn: () => fetchAllPages<ModeratedReview>(`/api/groups/${id}/reviews`, { maxPages: 1 }),
    enabled: id !== null,
  });
}

/** After a membership change: the group's counts, the membership and both group lists. */
function afterMembership(client: QueryClient, group: Group | undefined, isMember: boolean) {
  if (group) {
    client.setQueryData(groupKey(group.id), group);
    client.setQueryData(membershipKey(group.id), isMember);
  }
  return Promise.all([
    client.invalidateQueries({ queryKey: MY_GROUPS_KEY }),
    client.invalidateQueries({ queryKey: ALL_GROUPS_KEY, exact: true }),
    client.invalidateQueries({ queryKey: [...ALL_GROUPS_KEY, 'browse'] }),
  ]);
}

export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupCreate) => api.post<Group>('/api/groups', input),
    onSuccess: (group) => afterMembership(client, group, true),
  });
}

/** The list screens' calls: `POST /api/groups/join|leave` with `groupId` (spec §7). */
export function useListMembership() {
  const client = useQueryClient();
  const join = useMutation({
    mutationFn: (group: Group) => api.post<Group>('/api/groups/join', { groupId: group.id }),
    onSuccess: (group) => afterMembership(client, group, true),
  });
  const leave = useMutation({
    mutationFn: (group: Group) => api.post<Group>('/api/groups/leave', { groupId: group.id }),
    onSuccess: (group) => afterMembership(client, group, false),
  });
  return { join, leave };
}

/** The group page's calls: `POST /api/groups/{id}/join|leave` (spec §7). */
export function useDetailMembership(id: number) {
  const client = useQueryClient();
  const join = useMutation({
    mutationFn: () => api.post<Group>(`/api/groups/${id}/join`),
    onSuccess: (group) => afterMembership(client, group, true),
  });
  const leave = useMutation({
    mutationFn: () => api.post<Group>(`/api/groups/${id}/leave`),
    onSuccess: (group) => afterMembership(client, group, false),
  });
  return { join, leave };
}
