import type { Group, PublicProfile, ReviewStats } from '@trustcircle/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, fetchWindowPage } from '@trustcircle/ui';
import { useFollowStatus } from '@trustcircle/ui/reviews';

/** `/api/users/{username}…` of the profile shown. */
export const userPath = (username: string, rest = '') =>
  `/api/users/${encodeURIComponent(username)}${rest}`;

/**
 * Everything a public profile's head needs, each from its owner (docs/api.md "Social"): the
 * person (identity), follow counts (social), review figures (reviews), and the group count
 * (communities' `X-Total-Count`), which the level (spec §4) also needs.
 */
export function usePublicProfile(username: string) {
  const person = useQuery({
    queryKey: [userPath(username)],
    queryFn: () => api.get<PublicProfile>(userPath(username)),
  });
  const follow = useFollowStatus(username);
  const stats = useQuery({
    queryKey: [userPath(username, '/review-stats')],
    queryFn: () => api.get<ReviewStats>(userPath(username, '/review-stats')),
  });
  const groupCount = useQuery({
    queryKey: [userPath(username, '/groups'), 'count'],
    queryFn: async () => {
      const first = { index: 0, cursors: [null], total: null };
      const page = await fetchWindowPage<Group>(
        userPath(username, '/groups?limit=1&total=true'),
        first,
      );
      return page.total ?? page.items.length;
    },
  });
  return { person, follow, stats, groupCount };
}
