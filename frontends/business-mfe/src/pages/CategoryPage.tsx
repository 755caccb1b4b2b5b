import { Link, useNavigate, useParams } from 'react-router-dom';
import { CategoryIcon } from '../components/CategoryIcon';
import { BusinessResults, TrendingPanel } from './Explore';

/** `/category/{category}`: the businesses of one category. */
export function CategoryPage() {
  const { category = '' } = useParams();
  const navigate = useNavigate();
  return (
    <div className="container-xl py-4">
      <nav aria-label="Breadcrumb" className="small mb-2">
        <Link to="/explore">Explore</Link> / {category}
      </nav>
      <h1 className="h3 d-flex align-items-center gap-2 mb-4">
        <span className="tc-category-icon">
          <CategoryIcon category={category} size={22} />
        </span>
        {category}
      </h1>
      <div className="row g-4">
        <div className="col-lg-9">
          <BusinessResults
            category={category}
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
