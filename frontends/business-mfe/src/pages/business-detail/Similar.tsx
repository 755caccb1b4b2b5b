import type { BusinessDetailWithReviews } from '@trustcircle/contracts';
import { EmptyState, Spinner, Link } from '@trustcircle/ui';
import { BusinessCard } from '../../components/BusinessCard';
import { useSimilar } from '../../data';

export function Similar({ business }: { business: BusinessDetailWithReviews }) {
  const similar = useSimilar(business.id, true);
  if (similar.isLoading) return <Spinner label="Loading similar businesses…" />;
  if (similar.isError)
    return (
      <p className="text-body-secondary">We couldn&apos;t load similar businesses right now.</p>
    );
  const list = similar.data ?? [];
  if (list.length === 0)
    return (
      <div className="card border-0 shadow-sm">
        <EmptyState title={`No other ${business.category} businesses yet`}>
          <Link
            to={`/explore?category=${encodeURIComponent(business.category)}`}
            className="btn btn-sm btn-outline-primary"
          >
            Explore {business.category}
          </Link>
        </EmptyState>
      </div>
    );
  return (
    <ul className="row row-cols-1 row-cols-md-2 g-3 list-unstyled mb-0">
      {list.map((item) => (
        <li key={item.id} className="col">
          <BusinessCard business={item} />
        </li>
      ))}
    </ul>
  );
}
