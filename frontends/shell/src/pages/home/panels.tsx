import type { Group } from '@trustcircle/contracts';
import type { ReactNode } from 'react';
import { countLabel, EmptyState, UsersIcon, Link } from '@trustcircle/ui';

/* The home page's side panels: their frame, loading / error / empty states, a group tile. */

export function Panel({
  title,
  icon,
  children,
  action,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="card border-0 shadow-sm mb-4" aria-label={title}>
      <div className="card-body">
        <div className="d-flex align-items-center justify-content-between gap-2 mb-3">
          <h2 className="h6 mb-0 d-flex align-items-center gap-2">
            {icon}
            {title}
          </h2>
          {action && <span className="text-nowrap small">{action}</span>}
        </div>
        {children}
      </div>
    </section>
  );
}

export function QuietError({ what }: { what: string }) {
  return (
    <p className="small text-body-secondary mb-0" role="status">
      We couldn&apos;t load {what} right now.
    </p>
  );
}

/**
 * What a home panel shows for its query, in the one order: a stand-in while loading, a quiet
 * error, the empty state, or the content.
 */
export function PanelBody({
  query,
  empty,
  what,
  emptyState,
  placeholder = (
    <div className="placeholder-glow">
      <span className="placeholder col-12" />
    </div>
  ),
  children,
}: {
  query: { isLoading: boolean; isError: boolean };
  empty: boolean;
  /** "We couldn't load {what} right now." */
  what: string;
  emptyState: ReactNode;
  placeholder?: ReactNode;
  children: ReactNode;
}) {
  if (query.isLoading) return placeholder;
  if (query.isError) return <QuietError what={what} />;
  if (empty) return emptyState;
  return children;
}

/** An empty panel whose way forward is joining groups. */
export function FindGroupsEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <EmptyState title={title} hint={hint}>
      <Link to="/groups" className="btn btn-sm btn-outline-primary">
        Find groups
      </Link>
    </EmptyState>
  );
}

export function GroupTile({ group, children }: { group: Group; children?: ReactNode }) {
  return (
    <li className="d-flex align-items-center gap-2 py-2">
      <span
        className={`tc-group-dot ${group.color ? '' : 'tc-tile-teal'}`}
        style={group.color ? { background: group.color } : undefined}
        aria-hidden="true"
      >
        <UsersIcon size={16} />
      </span>
      <div className="flex-grow-1 min-w-0">
        <Link
          to={`/groups/${group.id}`}
          className="fw-semibold text-truncate d-block tc-link-strong"
        >
          {group.name}
        </Link>
        <span className="small text-body-secondary">
          {countLabel(group.memberCount ?? 0, 'member')}
        </span>
      </div>
      {children}
    </li>
  );
}
