import type { BusinessSummary, Group, PersonSummary } from '@trustcircle/contracts';
import {
  countLabel,
  InitialsAvatar,
  isRated,
  NotYetRated,
  StarRating,
  UsersIcon,
  VerifiedBadge,
  Link,
} from '@trustcircle/ui';

/** One row of the search page's lists: what tells a result apart at a glance. */

export function BusinessResult({ business }: { business: BusinessSummary }) {
  return (
    <article className="tc-result" aria-label={business.name}>
      <div className="min-w-0 flex-grow-1">
        <h3 className="h6 mb-1 tc-result-name">
          <Link to={`/business/${business.id}`} className="tc-link-strong">
            {business.name}
          </Link>
        </h3>
        <div className="small text-body-secondary text-truncate">
          {business.category}
          {business.description ? ` · ${business.description}` : ''}
        </div>
      </div>
      <div className="tc-result-side small text-end">
        {isRated(business.reviewCount) ? (
          <>
            <div className="d-flex align-items-center justify-content-end gap-1">
              <StarRating value={business.globalTrustScore} size={13} />
              <span className="fw-semibold">{business.globalTrustScore.toFixed(1)}</span>
            </div>
            <div className="text-body-secondary">{countLabel(business.reviewCount, 'review')}</div>
          </>
        ) : (
          <NotYetRated />
        )}
      </div>
    </article>
  );
}

export function GroupResult({ group }: { group: Group }) {
  return (
    <article className="tc-result" aria-label={group.name}>
      <span
        className="tc-result-tile"
        style={{ background: group.color || '#009688' }}
        aria-hidden="true"
      >
        <UsersIcon size={18} />
      </span>
      <div className="min-w-0 flex-grow-1">
        <h3 className="h6 mb-1 tc-result-name">
          <Link to={`/groups/${group.id}`} className="tc-link-strong">
            {group.name}
          </Link>
        </h3>
        <div className="small text-body-secondary text-truncate">{group.description}</div>
      </div>
      <div className="tc-result-side small text-body-secondary text-end">
        <div>{countLabel(group.memberCount, 'member')}</div>
        <div>{countLabel(group.reviewCount, 'review')}</div>
      </div>
    </article>
  );
}

/** People have no public page yet: the row shows what a review shows of its author. */
export function PersonResult({ person }: { person: PersonSummary }) {
  return (
    <article className="tc-result" aria-label={person.name}>
      <InitialsAvatar name={person.name} username={person.username} size={40} />
      <div className="min-w-0 flex-grow-1">
        <h3 className="h6 mb-0 d-flex align-items-center gap-1 text-truncate">
          {person.name}
          {person.isVerified && <VerifiedBadge size={14} />}
        </h3>
        <div className="small text-body-secondary text-truncate">@{person.username}</div>
      </div>
    </article>
  );
}
