import type { Group } from '@trustcircle/contracts';
import { useState } from 'react';
import {
  AlertIcon,
  ArrowLeftIcon,
  joinGroupToasts,
  PenIcon,
  Spinner,
  useSessionUser,
  useToast,
  Link,
  useLocation,
  useNavigate,
  useParams,
} from '@trustcircle/ui';
import { ButtonSpinner } from '../components';
import { AboutTab } from './group-detail/AboutTab';
import { GroupHeader } from './group-detail/GroupHeader';
import { Highlights } from './group-detail/Highlights';
import { MembersTab } from './group-detail/MembersTab';
import { ReviewsTab } from './group-detail/ReviewsTab';
import { useDetailMembership, useGroup, useLatestGroupReviews, useMembership } from '../data';
import { establishedLabel, parseGroupId } from '../logic';
import { Tabs } from '../Tabs';

type Tab = 'reviews' | 'members' | 'about';
const TABS: Array<{ key: Tab; label: string }> = [
  { key: 'reviews', label: 'Reviews' },
  { key: 'members', label: 'Members' },
  { key: 'about', label: 'About' },
];

export function GroupNotFound({ basePath }: { basePath: string }) {
  return (
    <div className="container py-5">
      <div className="card border-0 shadow-sm mx-auto text-center p-4 p-md-5 tc-groups-notfound">
        <div className="tc-empty-icon mx-auto mb-3">
          <AlertIcon size={28} />
        </div>
        <h1 className="h4">Group Not Found</h1>
        <p className="text-body-secondary mb-4">
          The group you&apos;re looking for doesn&apos;t exist or you don&apos;t have permission to
          view it.
        </p>
        <div>
          <Link to={basePath} className="btn btn-primary">
            <ArrowLeftIcon /> <span className="ms-1">Back to Groups</span>
          </Link>
        </div>
      </div>
    </div>
  );
}

/** `/groups/{id}` (spec §2, §4, §6, §8). */
export function GroupDetailPage({ basePath }: { basePath: string }) {
  const params = useParams();
  const id = parseGroupId(params.id);
  const groupQuery = useGroup(id);
  if (id === null || groupQuery.isError) return <GroupNotFound basePath={basePath} />;
  if (groupQuery.isLoading || !groupQuery.data) return <Spinner label="Loading the group…" />;
  return <GroupDetail group={groupQuery.data} basePath={basePath} />;
}

function GroupDetail({ group, basePath }: { group: Group; basePath: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const { user, isLoading: sessionLoading } = useSessionUser();
  const membership = useMembership(group.id);
  const latest = useLatestGroupReviews(group.id);
  const { join, leave } = useDetailMembership(group.id);
  const [tab, setTab] = useState<Tab>('reviews');

  const isMember = Boolean(user) && membership.data === true;
  const membershipLoading = sessionLoading || (Boolean(user) && membership.isLoading);

  const onJoin = () => {
    if (!user) {
      navigate('/auth', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    join.mutate(undefined, {
      onSuccess: joinGroupToasts(toast, group.name).onSuccess,
      onError: (error) =>
        toast({
          title: 'Error',
          description: `Failed to join group: ${error.message}`,
          variant: 'destructive',
        }),
    });
  };
  const onLeave = () =>
    leave.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Left group successfully',
          description: `You've left ${group.name}`,
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: `Failed to leave group: ${error.message}`,
          variant: 'destructive',
        }),
    });

  const share = async () => {
    const url = `${window.location.origin}${basePath}/${group.id}`;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'The group link is on your clipboard.' });
    } catch {
      toast({ title: 'Share this group', description: url });
    }
  };

  const membershipButton = membershipLoading ? (
    <button type="button" className="btn btn-outline-secondary" disabled>
      <ButtonSpinner /> Loading
    </button>
  ) : isMember ? (
    <button
      type="button"
      className="btn btn-outline-secondary"
      onClick={onLeave}
      disabled={leave.isPending}
    >
      {leave.isPending && <ButtonSpinner />}
      Leave Group
    </button>
  ) : (
    <button type="button" className="btn btn-primary" onClick={onJoin} disabled={join.isPending}>
      {join.isPending && <ButtonSpinner />}
      Join Group
    </button>
  );

  const writeButton = (
    <Link to="/write-review" className="btn btn-primary">
      <PenIcon size={16} /> <span className="ms-1">Write a Review</span>
    </Link>
  );

  const established = establishedLabel(group.createdAt);

  return (
    <div className="container py-4 py-md-5 tc-groups">
      <nav aria-label="Breadcrumb" className="mb-3">
        <Link to={basePath} className="small d-inline-flex align-items-center gap-1">
          <ArrowLeftIcon size={14} /> All groups
        </Link>
      </nav>

      <GroupHeader group={group} established={established} membershipButton={membershipButton} />

      <div className="row g-4">
        <div className="col-lg-8">
          <Tabs id="tc-group" label="Group sections" tabs={TABS} selected={tab} onSelect={setTab}>
            {tab === 'reviews' && (
              <ReviewsTab group={group} isMember={isMember} writeButton={writeButton} />
            )}
            {tab === 'members' && (
              <MembersTab
                group={group}
                isMember={isMember}
                membershipLoading={membershipLoading}
                onJoin={onJoin}
                joinPending={join.isPending}
              />
            )}
            {tab === 'about' && <AboutTab group={group} established={established} share={share} />}
          </Tabs>
        </div>

        <aside className="col-lg-4" aria-label="Group Highlights">
          <Highlights
            loading={latest.isLoading}
            reviews={latest.data?.items ?? []}
            truncated={latest.data?.truncated ?? false}
          >
            {isMember ? (
              writeButton
            ) : (
              <p className="small text-body-secondary mb-0">
                Members can share their reviews with this group.
              </p>
            )}
          </Highlights>
        </aside>
      </div>
    </div>
  );
}
