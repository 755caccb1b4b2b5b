import type { FollowStatus, PersonSummary } from '@trustcircle/contracts';
import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  Link,
  useLocation,
  api,
  InitialsAvatar,
  VerifiedBadge,
  useFailureToast,
  useSessionUser,
  profilePath,
} from '@trustcircle/ui';

/* People (issue 18): a member's profile link, a row in a list of people, the follow button. */

/** The query key of `GET /api/users/{username}/follow` (usernames are case-insensitive). */
export const followKey = (username: string) => ['/api/users', username.toLowerCase(), 'follow'];

export function useFollowStatus(username: string) {
  return useQuery({
    queryKey: followKey(username),
    queryFn: () => api.get<FollowStatus>(`/api/users/${encodeURIComponent(username)}/follow`),
  });
}

/**
 * Lists whose content depends on whom I follow: the feeds and a business's friends' reviews
 * (not "People to follow": a row must not vanish under the pointer that followed it).
 */
const showsFollowed = (query: Query) => {
  const first = query.queryKey[0];
  return (
    typeof first === 'string' &&
    (first.startsWith('/api/reviews/feed') || first.includes('following=true'))
  );
};

/**
 * Follow / Unfollow. A visitor gets a link to sign in (and back here after); one's own profile
 * no button. `isFollowing` is what the page knows; after a click the server's answer rules.
 */
export function FollowButton({
  username,
  isFollowing,
  size,
  name,
}: {
  username: string;
  isFollowing: boolean;
  size?: 'sm';
  /** Who, for the accessible name in a list of people ("Follow Dana Scully"). */
  name?: string;
}) {
  const { user, isLoading } = useSessionUser();
  const client = useQueryClient();
  const failed = useFailureToast();
  const location = useLocation();
  const [answer, setAnswer] = useState<boolean | null>(null);
  const following = answer ?? isFollowing;
  const path = `/api/users/${encodeURIComponent(username)}/follow`;
  const toggle = useMutation({
    mutationFn: () => (following ? api.delete<FollowStatus>(path) : api.post<FollowStatus>(path)),
    onSuccess: (status) => {
      setAnswer(status.isFollowing);
      client.setQueryData(followKey(username), status);
      void client.invalidateQueries({ predicate: showsFollowed, refetchType: 'active' });
    },
    onError: failed(following ? 'Could not unfollow' : 'Could not follow'),
  });
  const sizing = size === 'sm' ? ' btn-sm' : '';
  const label = (verb: string) => (name ? `${verb} ${name}` : undefined);
  if (isLoading) return null;
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    return (
      <Link
        to="/auth"
        state={{ from }}
        className={`btn btn-primary${sizing}`}
        aria-label={label('Sign in to follow')}
      >
        Follow
      </Link>
    );
  }
  if (user.username.toLowerCase() === username.toLowerCase()) return null;
  return (
    <button
      type="button"
      className={`btn${sizing} ${following ? 'btn-outline-secondary' : 'btn-primary'}`}
      disabled={toggle.isPending}
      aria-label={label(following ? 'Unfollow' : 'Follow')}
      onClick={() => toggle.mutate()}
    >
      {following ? 'Unfollow' : 'Follow'}
    </button>
  );
}

/** A member's name linking to their profile (a review's author, a notification's actor). */
export function PersonName({
  person,
  className = 'fw-semibold tc-link-strong',
  suffix,
}: {
  person: Pick<PersonSummary, 'name' | 'username'>;
  className?: string;
  suffix?: string;
}) {
  const shown = `${person.name || person.username}${suffix ?? ''}`;
  return person.username ? (
    <Link to={profilePath(person.username)} className={className}>
      {shown}
    </Link>
  ) : (
    <span className={className}>{shown}</span>
  );
}

/**
 * One person in a list (followers, following, people to follow): avatar, name, a detail (their
 * @username unless another is given) and an action.
 */
export function PersonRow({
  person,
  detail,
  children,
}: {
  person: PersonSummary & { verifiedAt?: string | null };
  detail?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="d-flex align-items-center gap-2 py-2 tc-person-row">
      <InitialsAvatar name={person.name} username={person.username} size={40} />
      <div className="flex-grow-1 min-w-0">
        <div className="d-flex align-items-center gap-1 min-w-0">
          <PersonName person={person} className="fw-semibold tc-link-strong text-truncate" />
          {person.isVerified && <VerifiedBadge since={person.verifiedAt} />}
        </div>
        <div className="small text-body-secondary text-truncate">
          {detail ?? `@${person.username}`}
        </div>
      </div>
      {children}
    </li>
  );
}

/** Someone to follow (the home's suggestions, a business's reviewers): their row and the button. */
export function FollowSuggestion({
  person,
  detail,
}: {
  person: PersonSummary;
  detail?: ReactNode;
}) {
  return (
    <PersonRow person={person} detail={detail}>
      <FollowButton username={person.username} name={person.name} isFollowing={false} size="sm" />
    </PersonRow>
  );
}
