import { Link } from 'react-router-dom';
import { EmptyState, ReviewList, Spinner } from '@trustcircle/ui';
import { useMyReviews } from '../data';

export function MyReviewsPage() {
  const reviews = useMyReviews();
  const list = reviews.data ?? [];
  return (
    <div className="container py-4 tc-narrow">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
        <div>
          <h1 className="h3 mb-1">My Reviews</h1>
          <p className="text-body-secondary mb-0">
            Everything you have shared with your communities.
          </p>
        </div>
        <Link to="/write-review" className="btn btn-primary">
          Write a Review
        </Link>
      </div>
      {reviews.isLoading ? (
        <Spinner />
      ) : reviews.isError ? (
        <p className="text-body-secondary" role="status">
          We couldn&apos;t load your reviews right now.
        </p>
      ) : list.length === 0 ? (
        <div className="card border-0 shadow-sm">
          <EmptyState
            title="You haven't written any reviews yet"
            hint="Your reviews help your communities choose with confidence."
          />
        </div>
      ) : (
        <ReviewList reviews={list} />
      )}
    </div>
  );
}
