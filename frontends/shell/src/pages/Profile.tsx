import { useState } from 'react';
import { countLabel, EmptyState, levelFromScore, profileScore, Link } from '@trustcircle/ui';
import { useMyGroups, useProfileCounts } from '../data';
import { displayName, useSession } from '../session';
import { MyGroupsTab } from './profile/MyGroupsTab';
import { OwnProfileActions, ProfileHeader } from './profile/ProfileHeader';
import { ProfileReviewsTab } from './profile/ProfileReviewsTab';
import { ProfileTabs } from './profile/ProfileTabs';
import { ProfileSettingsForm } from './profile/ProfileSettingsForm';

const TABS = [
  { key: 'reviews', label: 'Reviews' },
  { key: 'communities', label: 'Communities' },
  { key: 'settings', label: 'Settings' },
] as const;
type ProfileTab = (typeof TABS)[number]['key'];

/** Spec §2 /profile: head with level, About and achievements, tabs Reviews / Communities / Settings. */
export function ProfilePage() {
  const { user } = useSession();
  const counts = useProfileCounts();
  const groups = useMyGroups();
  const [tab, setTab] = useState<ProfileTab>('reviews');
  if (!user) return null;
  const myGroups = groups.data ?? [];
  // Counted by the services: the lists are paged, so their lengths stop at a page.
  const summary = counts.reviews.data;
  const reviewCount = summary?.reviewCount ?? 0;
  const helpful = summary?.helpfulCount ?? 0;
  const groupCount = counts.groups.data ?? myGroups.length;
  const level = levelFromScore(profileScore(reviewCount, groupCount, helpful));
  const wroteNone = summary !== undefined && summary.reviewCount + summary.hiddenCount === 0;

  return (
    <div className="container-xl py-4">
      <ProfileHeader
        person={{ ...user, name: displayName(user), email: user.email, joinedAt: user.createdAt }}
        level={level}
        figures={[countLabel(reviewCount, 'review')]}
      >
        <OwnProfileActions user={user} />
      </ProfileHeader>

      <div className="row g-4">
        <div className="col-12 col-lg-4">
          <section className="card border-0 shadow-sm" aria-labelledby="summary-title">
            <div className="card-body p-4">
              <h2 id="summary-title" className="h6">
                About
              </h2>
              <p className={user.bio ? '' : 'text-body-secondary'} data-testid="profile-bio">
                {user.bio || 'No bio yet.'}
              </p>
              <h3 className="h6 mt-3">Achievements</h3>
              <div className="d-flex flex-wrap gap-2 mb-3">
                {reviewCount >= 5 && <span className="badge text-bg-warning">Top Reviewer</span>}
                <span
                  className={`badge ${user.isVerified ? 'text-bg-success' : 'text-bg-secondary'}`}
                >
                  {user.isVerified ? 'Verified User' : 'Not Verified'}
                </span>
                {myGroups.length > 0 && <span className="badge tc-badge-soft">Community</span>}
              </div>
              <dl className="row text-center g-0 mb-3">
                <div className="col">
                  <dt className="small text-body-secondary fw-normal">Reviews</dt>
                  <dd className="h5 mb-0" data-testid="profile-review-count">
                    {reviewCount}
                  </dd>
                </div>
                <div className="col">
                  <dt className="small text-body-secondary fw-normal">Groups</dt>
                  <dd className="h5 mb-0">{groupCount}</dd>
                </div>
                <div className="col">
                  <dt className="small text-body-secondary fw-normal">Helpful</dt>
                  <dd className="h5 mb-0" data-testid="profile-helpful-count">
                    {helpful}
                  </dd>
                </div>
              </dl>
              <button
                type="button"
                className="btn btn-outline-primary w-100 mb-3"
                onClick={() => setTab('settings')}
              >
                Edit Profile
              </button>
              <h3 className="h6">My Communities</h3>
              {myGroups.length === 0 ? (
                <p className="small text-body-secondary mb-0">
                  You haven&apos;t joined any groups yet
                </p>
              ) : (
                <>
                  <ul className="list-unstyled mb-2">
                    {myGroups.slice(0, 3).map((g) => (
                      <li key={g.id}>
                        <Link to={`/groups/${g.id}`}>{g.name}</Link>
                      </li>
                    ))}
                  </ul>
                  <Link to="/groups" className="small">
                    View all {groupCount} communities
                  </Link>
                </>
              )}
            </div>
          </section>
        </div>
        <div className="col-12 col-lg-8">
          <ProfileTabs<ProfileTab> tabs={TABS} active={tab} onChange={setTab}>
            {tab === 'reviews' &&
              (counts.reviews.isError ? (
                <p className="text-body-secondary mb-0">
                  We couldn&apos;t load your reviews right now.
                </p>
              ) : wroteNone ? (
                <EmptyState
                  title="You haven't written any reviews yet"
                  hint="Share an experience with your communities."
                >
                  <Link to="/write-review" className="btn btn-sm btn-primary">
                    Write a Review
                  </Link>
                </EmptyState>
              ) : (
                <ProfileReviewsTab />
              ))}
            {tab === 'communities' && <MyGroupsTab myGroups={myGroups} />}
            {tab === 'settings' && <ProfileSettingsForm user={user} />}
          </ProfileTabs>
        </div>
      </div>
    </div>
  );
}
