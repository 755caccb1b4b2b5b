import type { Group } from '@trustcircle/contracts';
import { UsersIcon } from '@trustcircle/ui';
import { ButtonSpinner } from '../../components';
import { countLabel } from '../../logic';

/** The Members tab: the count and, for a visitor or non-member, Join Group. */
export function MembersTab({
  group,
  isMember,
  membershipLoading,
  onJoin,
  joinPending,
}: {
  group: Group;
  isMember: boolean;
  membershipLoading: boolean;
  onJoin(): void;
  joinPending: boolean;
}) {
  return (
    <div className="card border-0 shadow-sm">
      <div className="card-body p-4 text-center">
        <div className="tc-empty-icon mx-auto mb-3">
          <UsersIcon size={28} />
        </div>
        <h2 className="h5 mb-1">{countLabel(group.memberCount, 'member')}</h2>
        <p className="text-body-secondary mb-3">
          {isMember
            ? 'You are a member of this group. Reviews you share with it help every member decide.'
            : 'Join this group to share reviews with its members and read the ones they trust.'}
        </p>
        {!isMember && !membershipLoading && (
          <button type="button" className="btn btn-primary" onClick={onJoin} disabled={joinPending}>
            {joinPending && <ButtonSpinner />}
            Join Group
          </button>
        )}
      </div>
    </div>
  );
}
