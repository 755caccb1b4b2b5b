import type { Group } from '@trustcircle/contracts';
import type { ReactNode } from 'react';
import { UsersIcon, StarIcon, Link } from '@trustcircle/ui';

import { countLabel, groupColour } from './logic';

/** The colour tile of a group (spec §2; default #009688). */
export function GroupTile({ group, size = 48 }: { group: Pick<Group, 'color'>; size?: number }) {
  return (
    <span
      className="tc-groups-tile"
      style={{ background: groupColour(group.color), width: size, height: size }}
      aria-hidden="true"
    >
      <UsersIcon size={Math.round(size / 2)} />
    </span>
  );
}

export function ButtonSpinner() {
  return <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />;
}

/** Group card: colour tile, name link, 2-line description, member and review counts. */
export function GroupCard({
  group,
  basePath,
  action,
}: {
  group: Group;
  basePath: string;
  action: ReactNode;
}) {
  return (
    <article className="card h-100 border-0 shadow-sm tc-groups-card" aria-label={group.name}>
      <div className="tc-groups-card-band" style={{ background: groupColour(group.color) }} />
      <div className="card-body d-flex flex-column">
        <div className="d-flex align-items-start gap-3 mb-2">
          <GroupTile group={group} />
          <div className="min-w-0">
            <h3 className="h6 mb-1 text-break">
              <Link to={`${basePath}/${group.id}`} className="tc-groups-name-link">
                {group.name}
              </Link>
            </h3>
            <p className="small text-body-secondary mb-0 tc-groups-clamp-2">{group.description}</p>
          </div>
        </div>
        <div className="d-flex flex-wrap gap-3 small text-body-secondary mt-auto pt-2">
          <span className="d-inline-flex align-items-center gap-1">
            <UsersIcon size={14} /> {countLabel(group.memberCount, 'member')}
          </span>
          <span className="d-inline-flex align-items-center gap-1">
            <StarIcon size={14} /> {countLabel(group.reviewCount, 'review')}
          </span>
        </div>
      </div>
      <div className="card-footer bg-transparent border-0 pt-0 pb-3 px-3">{action}</div>
    </article>
  );
}
