import type { Group } from '@trustcircle/contracts';
import { InfoIcon, ShareIcon } from '@trustcircle/ui';
import { countLabel } from '../../logic';

/** The About tab: description, what sharing with the group means, facts, Share. */
export function AboutTab({
  group,
  established,
  share,
}: {
  group: Group;
  established: string | null;
  share(): void;
}) {
  return (
    <div className="card border-0 shadow-sm">
      <div className="card-body p-4">
        <h2 className="h5">About {group.name}</h2>
        <p>{group.description}</p>
        <div className="alert alert-light border d-flex gap-2 small" role="note">
          <InfoIcon />
          <span>
            Reviews shared with this group are visible to its members and shape the group&apos;s own
            trust score for each business.
          </span>
        </div>
        <dl className="row small mb-3">
          {established && (
            <>
              <dt className="col-sm-4">Established</dt>
              <dd className="col-sm-8">{established.replace(/^Est\. /, '')}</dd>
            </>
          )}
          {group.creator && (
            <>
              <dt className="col-sm-4">Created by</dt>
              <dd className="col-sm-8">{group.creator.name || group.creator.username}</dd>
            </>
          )}
          <dt className="col-sm-4">Members</dt>
          <dd className="col-sm-8">{countLabel(group.memberCount, 'member')}</dd>
        </dl>
        <button type="button" className="btn btn-outline-primary" onClick={share}>
          <ShareIcon /> <span className="ms-1">Share</span>
        </button>
      </div>
    </div>
  );
}
