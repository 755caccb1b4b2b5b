import { QueryClient } from '@tanstack/react-query';
import { api } from '@trustcircle/ui';

/**
 * Spec §4 client data behaviour: no refetch on an interval or on window focus, data never
 * stale, no automatic retries for queries or mutations. The default query function reads
 * the query key as the path: `useQuery({ queryKey: ['/api/groups'] })`.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
        queryFn: ({ queryKey }) => api.get(String(queryKey[0])),
      },
      mutations: { retry: false },
    },
  });
}
