import { PageNotFound, Spinner, Link, useNavigate, useParams } from '@trustcircle/ui';
import { CategoryIcon } from '../components/CategoryIcon';
import { useCategories } from '../data';
import { BusinessResults } from './BusinessResults';
import { TrendingPanel } from './Explore';

/**
 * `/category/{category}`: the businesses of one category, named as the catalog names it
 * ("restaurants" is Restaurants). A category that does not exist is the 404 page, not an empty
 * category (issue 17).
 */
export function CategoryPage() {
  const { category: typed = '' } = useParams();
  const navigate = useNavigate();
  const categories = useCategories();
  if (categories.isLoading) return <Spinner label="Loading the category…" />;
  const category = categories.data?.find((name) => name.toLowerCase() === typed.toLowerCase());
  // Without the list (catalog down) the page still tries: the results say what went wrong.
  if (categories.isSuccess && !category) return <PageNotFound />;
  const name = category ?? typed;
  return (
    <div className="container-xl py-4">
      <nav aria-label="Breadcrumb" className="small mb-2">
        <Link to="/explore">Explore</Link> / {name}
      </nav>
      <h1 className="h3 d-flex align-items-center gap-2 mb-4">
        <span className="tc-category-icon">
          <CategoryIcon category={name} size={22} />
        </span>
        {name}
      </h1>
      <div className="row g-4">
        <div className="col-lg-9">
          <BusinessResults
            category={name}
            search={null}
            onAllCategories={() => navigate('/explore')}
          />
        </div>
        <div className="col-lg-3">
          <TrendingPanel />
        </div>
      </div>
    </div>
  );
}
