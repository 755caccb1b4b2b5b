import { useState } from 'react';
import {
  ApiError,
  EmptyState,
  levelFromScore,
  profileScore,
  Spinner,
  useSessionUser,
  Link,
  useParams,
} from '@trustcircle/ui';
import { FollowButton } from '@trustcircle/ui/reviews';
import { ProfileHeader } from './profile/ProfileHeader';
import { ProfileReviewsTab } from './profile/ProfileReviewsTab';
import { ProfileTabs } from './profile/ProfileTabs';
import { usePublicProfile, userPath } from './user-profile/data';
import { GroupsTab } from './user-profile/GroupsTab';
import { PeopleTab } from './user-profile/PeopleTab';

const TABS = [
  { key: 'reviews', label: 'Reviews' },
  { key: 'groups', label: 'Groups' },
  { key: 'followers', label: 'Followers' },
  { key: 'following', label: 'Following' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/**
 * `/users/{username}` (issue 18): anyone's public profile, laid out like one's own /profile
 * (its head, a figures card, tabs), with Follow / Unfollow instead of the owner's actions.
 */
export function UserProfilePage() {
  const { username = '' } = useParams();
  const { user } = useSessionUser();
  const { person, follow, stats, groupCount } = usePublicProfile(username);
  const [tab, setTab] = useState<Tab>('reviews');

  if (person.isLoading) return <Spinner label="Loading the profile…" />;
  if (!person.data) {
    const missing = person.error instanceof ApiError && person.error.status === 404;
    return (
      <div className="container py-5">
        <EmptyState
          title={missing ? 'User not found' : "We couldn't load this profile right now."}
          hint={missing ? 'No member has this username.' : undefined}
        >
          <Link to="/" className="btn btn-sm btn-outline-primary">
            Go home
          </Link>
        </EmptyState>
      </div>
    );
  }
  const profile = person.data;
  const reviewCount = stats.data?.reviewCount ?? 0;
  const helpful = stats.data?.helpfulVotes ?? 0;
  const groups = groupCount.data ?? 0;
  const level = levelFromScore(profileScore(reviewCount, groups, helpful));
  const mine = user?.id === profile.id;
  const figures = [
    { label: 'Reviews', value: stats.data?.reviewCount, testId: 'reviews' },
    { label: 'Helpful votes', value: stats.data?.helpfulVotes, testId: 'helpful' },
    { label: 'Followers', value: follow.data?.followerCount, testId: 'followers' },
    { label: 'Following', value: follow.data?.followingCount, testId: 'following' },
  ];

  return (
    <div className="container-xl py-4">
      <ProfileHeader person={profile} level={level} figures={[]}>
        {mine ? (
          <Link to="/profile" className="btn btn-outline-primary">
            Edit your profile
          </Link>
        ) : (
          follow.data && (
            <FollowButton
              key={String(follow.data.isFollowing)}
              username={profile.username}
              isFollowing={follow.data.isFollowing}
            />
          )
        )}
      </ProfileHeader>

      <div className="row g-4">
        <div className="col-12 col-lg-4">
          <section className="card border-0 shadow-sm" aria-labelledby="figures-title">
            <div className="card-body p-4">
              <h2 id="figures-title" className="h6">
                In numbers
              </h2>
              <dl className="row text-center g-2 mb-0">
                {figures.map((figure) => (
                  <div key={figure.label} className="col-6 col-md-3 col-lg-6">
                    <dt className="small text-body-secondary fw-normal">{figure.label}</dt>
                    <dd className="h5 mb-0" data-testid={`profile-${figure.testId}`}>
                      {figure.value ?? '–'}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          </section>
        </div>
        <div className="col-12 col-lg-8">
          <ProfileTabs<Tab> tabs={TABS} active={tab} onChange={setTab}>
            {tab === 'reviews' && stats.data?.reviewCount === 0 && (
              <EmptyState title="No reviews yet" />
            )}
            {tab === 'reviews' && stats.data?.reviewCount !== 0 && (
              <ProfileReviewsTab
                path={userPath(profile.username, '/reviews')}
                whose={`${profile.name || profile.username}'s`}
              />
            )}
            {tab === 'groups' && <GroupsTab username={profile.username} />}
            {tab === 'followers' && (
              <PeopleTab
                username={profile.username}
                list="followers"
                emptyTitle="No followers yet"
              />
            )}
            {tab === 'following' && (
              <PeopleTab
                username={profile.username}
                list="following"
                emptyTitle="Not following anyone yet"
              />
            )}
          </ProfileTabs>
        </div>
      </div>
    </div>
  );
}
