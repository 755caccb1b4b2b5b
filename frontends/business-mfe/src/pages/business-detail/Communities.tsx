import type {
  BusinessDetailWithReviews,
  GroupTrustScore,
  ModeratedReview,
} from '@trustcircle/contracts';
import {
  EmptyState,
  LoadMore,
  truncate,
  TrustScoreBar,
  usePagedList,
  UsersIcon,
  Link,
} from '@trustcircle/ui';
import { reviewCountText } from '../../components/BusinessCard';

export const GROUP_EXCERPT = 150;
/** Groups per page of the Communities tab, once the detail's first ones are not all. */
export const COMMUNITIES_PAGE = 24;

export function Communities({
  business,
  reviews,
}: {
  business: BusinessDetailWithReviews;
  reviews: ModeratedReview[];
}) {
  // The detail carries the first groups; a business reviewed in more reads them page by page.
  const partial = business.communityCount > business.groupTrustScores.length;
  const path = `/api/businesses/${business.id}/group-scores`;
  const paged = usePagedList<GroupTrustScore>([path], `${path}?limit=${COMMUNITIES_PAGE}`, partial);
  const groups =
    partial && paged.data
      ? paged.data.pages.flatMap((page) => page.items)
      : business.groupTrustScores;
  if (groups.length === 0) {
    return (
      <div className="card border-0 shadow-sm">
        <EmptyState
          title="No communities have reviewed this business yet"
          icon={<UsersIcon size={28} />}
        >
          <Link to="/groups" className="btn btn-sm btn-outline-primary">
            Browse groups
          </Link>
        </EmptyState>
      </div>
    );
  }
  return (
    <>
      <ul className="row row-cols-1 row-cols-md-2 g-3 list-unstyled mb-0">
        {groups.map((group) => {
          const tagged = reviews.filter((review) =>
            (review.groups ?? []).some((g) => g.id === group.groupId),
          );
          const first = tagged[0];
          const count = Math.max(group.reviewCount, tagged.length);
          return (
            <li key={group.groupId} className="col">
              <article className="card border-0 shadow-sm h-100">
                <div className="card-body">
                  <div className="d-flex justify-content-between align-items-start gap-2">
                    <h3 className="h6 mb-1">
                      <Link to={`/groups/${group.groupId}`} className="tc-link-strong">
                        {group.groupName}
                      </Link>
                    </h3>
                    <span className="fw-bold">{group.score.toFixed(1)}</span>
                  </div>
                  <TrustScoreBar score={group.score} label={`Trust score in ${group.groupName}`} />
                  <p className="small text-body-secondary mt-2 mb-2">{reviewCountText(count)}</p>
                  {first && (
                    <blockquote className="small mb-2 tc-pre-line">
                      “{truncate(first.content, GROUP_EXCERPT)}”
                    </blockquote>
                  )}
                  <Link to={`/groups/${group.groupId}`} className="small">
                    View group
                  </Link>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      {partial && paged.data && <LoadMore query={paged} />}
      {partial && paged.isError && (
        <p className="small text-body-secondary mt-3 mb-0" role="status">
          Only the first {groups.length} of {business.communityCount} communities are shown: the
          rest could not be loaded. Please try again shortly.
        </p>
      )}
    </>
  );
}
