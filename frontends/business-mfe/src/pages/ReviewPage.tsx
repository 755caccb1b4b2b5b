import { Spinner, StarRating, useSessionUser, Link, useNavigate, useParams } from '@trustcircle/ui';
import { ReplyOwnerContext, ReviewList } from '@trustcircle/ui/reviews';
import { reviewCountText } from '../components/BusinessCard';
import { LoadError } from '../components/common';
import { useBusiness, useReview } from '../data';
import { useOwnership } from '../owners-data';

/** `/reviews/{id}`: one review (the copy-link target) with its business. */
export function ReviewPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const review = useReview(id);
  const business = useBusiness(review.data ? String(review.data.businessId) : undefined);
  const { user } = useSessionUser();
  // Signed in: whether the reader owns the business (its owners reply here).
  const ownership = useOwnership(user ? review.data?.businessId : undefined, true);
  if (review.isLoading) return <Spinner label="Loading review…" />;
  if (review.isError || !review.data)
    return <LoadError error={review.error} notFoundTitle="Review not found" />;
  const data = review.data;
  const pros = (data.pros ?? '').split('\n').filter(Boolean);
  const cons = (data.cons ?? '').split('\n').filter(Boolean);
  return (
    <div className="container-xl py-4">
      <div className="tc-narrow-list mx-auto">
        <h1 className="h4 mb-3">
          Review of{' '}
          <Link to={`/business/${data.businessId}`}>
            {data.businessName || `Business #${data.businessId}`}
          </Link>
        </h1>
        {business.data && (
          <div className="card border-0 shadow-sm mb-3">
            <div className="card-body d-flex flex-wrap align-items-center gap-2 small">
              <span className="fw-semibold">{business.data.category}</span>
              <StarRating value={business.data.globalTrustScore} size={14} />
              <span>{business.data.globalTrustScore.toFixed(1)}</span>
              <span className="text-body-secondary">
                · {reviewCountText(business.data.reviewCount)}
              </span>
              <Link to={`/business/${data.businessId}`} className="ms-auto">
                See the business
              </Link>
            </div>
          </div>
        )}
        <ReplyOwnerContext.Provider
          value={{ businessId: data.businessId, isOwner: ownership.data?.isOwner ?? false }}
        >
          <ReviewList
            reviews={[data]}
            onDeleted={() => navigate(`/business/${data.businessId}`, { replace: true })}
          />
        </ReplyOwnerContext.Provider>
        {(pros.length > 0 || cons.length > 0) && (
          <div className="row g-3 mt-1">
            {(
              [
                ['Pros', pros, 'tc-pro'],
                ['Cons', cons, 'tc-con'],
              ] as const
            ).map(([label, list, tone]) =>
              list.length ? (
                <div key={label} className="col-sm-6">
                  <div className="card border-0 shadow-sm h-100">
                    <div className="card-body">
                      <h2 className="h6">{label}</h2>
                      <ul className={`list-unstyled mb-0 small ${tone}`}>
                        {list.map((line, index) => (
                          <li key={index}>{line}</li>
                        ))}
                      </ul>
                    </div>
                  </div>
                </div>
              ) : null,
            )}
          </div>
        )}
      </div>
    </div>
  );
}
