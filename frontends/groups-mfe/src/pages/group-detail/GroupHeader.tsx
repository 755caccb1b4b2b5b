import type { Group } from '@trustcircle/contracts';
import type { ReactNode } from 'react';
import { CalendarIcon, ChartIcon, UsersIcon } from '@trustcircle/ui';
import { GroupTile } from '../../components';
import { countLabel, groupColour } from '../../logic';

/** The group's head: colour band, tile, name, description, counts, "Est." and Join/Leave. */
export function GroupHeader({
  group,
  established,
  membershipButton,
}: {
  group: Group;
  established: string | null;
  membershipButton: ReactNode;
}) {
  return (
    <header className="card border-0 shadow-sm mb-4 overflow-hidden">
      <div className="tc-groups-hero-band" style={{ background: groupColour(group.color) }} />
      <div className="card-body p-4">
        <div className="d-flex flex-column flex-md-row gap-3 align-items-md-start">
          <GroupTile group={group} size={64} />
          <div className="flex-grow-1 min-w-0">
            <h1 className="h3 mb-1 text-break">{group.name}</h1>
            <p className="text-body-secondary mb-2">{group.description}</p>
            <ul className="list-inline small text-body-secondary mb-0 d-flex flex-wrap gap-3">
              <li className="d-inline-flex align-items-center gap-1" data-testid="member-count">
                <UsersIcon size={14} /> {countLabel(group.memberCount, 'member')}
              </li>
              <li className="d-inline-flex align-items-center gap-1" data-testid="review-count">
                <ChartIcon size={14} /> {countLabel(group.reviewCount, 'review')}
              </li>
              {established && (
                <li className="d-inline-flex align-items-center gap-1" data-testid="established">
                  <CalendarIcon size={14} /> {established}
                </li>
              )}
            </ul>
          </div>
          <div className="flex-shrink-0">{membershipButton}</div>
        </div>
      </div>
    </header>
  );
}
