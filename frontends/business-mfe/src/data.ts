import { useQuery, type useQueryClient } from '@tanstack/react-query';
import type {
  BusinessDetailWithReviews,
  BusinessSummary,
  Group,
  ModeratedReview,
  TrendingBusiness,
  UploadedPhoto,
} from '@trustcircle/contracts';
import { businessReadPath } from '@trustcircle/contracts/frontends';
import {
  api,
  ApiError,
  formatErrorMessage,
  getListOrEmpty,
  SESSION_QUERY_KEY,
} from '@trustcircle/ui';

/** The signed-in user, shared with the shell (@trustcircle/ui reads the shell's query cache). */
export { useSessionUser } from '@trustcircle/ui';

/** The composed business page's cache key (design §2): its read's path. */
export const businessKey = (id: number | string) => [businessReadPath(id)];

export const useCategories = () =>
  useQuery({ queryKey: ['/api/categories'], queryFn: () => api.get<string[]>('/api/categories') });

export const useTrending = () =>
  useQuery({
    queryKey: ['/api/businesses/trending'],
    queryFn: () => api.get<TrendingBusiness[]>('/api/businesses/trending'),
  });

/** `GET /api/businesses?category=&search=` (both optional). */
export function businessesPath(filters: { category?: string | null; search?: string | null }) {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.search) params.set('search', filters.search);
  const query = params.toString();
  return `/api/businesses${query ? `?${query}` : ''}`;
}

export function useBusinesses(
  filters: { category?: string | null; search?: string | null },
  enabled = true,
) {
  const path = businessesPath(filters);
  return useQuery({
    queryKey: [path],
    queryFn: () => api.get<BusinessSummary[]>(path),
    enabled,
  });
}

export function useBusiness(id: string | undefined) {
  return useQuery({
    queryKey: businessKey(id ?? ''),
    queryFn: () => api.get<BusinessDetailWithReviews>(businessReadPath(id ?? '')),
    enabled: Boolean(id),
  });
}

export function useSimilar(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [`/api/businesses/${id}/similar`],
    queryFn: () => api.get<BusinessSummary[]>(`/api/businesses/${id}/similar`),
    enabled,
  });
}

export function useMyGroups(enabled = true) {
  return useQuery({
    queryKey: ['/api/groups/user'],
    queryFn: () => api.get<Group[]>('/api/groups/user'),
    enabled,
  });
}

export function useAllGroups(enabled = true) {
  return useQuery({
    queryKey: ['/api/groups'],
    queryFn: () => api.get<Group[]>('/api/groups'),
    enabled,
  });
}

export function useReview(id: string | undefined) {
  return useQuery({
    queryKey: [`/api/reviews/${id}`],
    queryFn: () => api.get<ModeratedReview>(`/api/reviews/${id}`),
    enabled: Boolean(id),
  });
}

/** The key of the reader's own review of a business (the wizard edits it when there is one). */
export const myReviewOfKey = (businessId: number | undefined) => [
  `/api/reviews/user?businessId=${businessId ?? ''}`,
];

/** `GET /api/reviews/user?businessId=`: the reader's review of that business, or `null`. */
export function useMyReviewOf(businessId: number | undefined) {
  return useQuery({
    queryKey: myReviewOfKey(businessId),
    queryFn: async () =>
      (await getListOrEmpty<ModeratedReview>(myReviewOfKey(businessId)[0]!))[0] ?? null,
    enabled: businessId !== undefined,
  });
}

/** After a write every list and score may have changed: refetch everything but the session. */
export function invalidateAfterWrite(client: ReturnType<typeof useQueryClient>) {
  return client.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0],
  });
}

/** `POST /api/photos` as multipart/form-data, files in the field `photos`. */
export async function uploadPhotos(files: File[]): Promise<UploadedPhoto[]> {
  const form = new FormData();
  for (const file of files) form.append('photos', file, file.name);
  const res = await fetch('/api/photos', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  const text = await res.text().catch(() => '');
  if (!res.ok) throw new ApiError(res.status, formatErrorMessage(res.status, res.statusText, text));
  return JSON.parse(text) as UploadedPhoto[];
}
