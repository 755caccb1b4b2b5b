import { Navigate, Route, Routes } from 'react-router-dom';
import { NotFound } from './components/common';
import { BusinessDetailPage } from './pages/BusinessDetail';
import { CategoryPage } from './pages/CategoryPage';
import { ExplorePage } from './pages/Explore';
import { NewBusinessPage } from './pages/NewBusiness';
import { ReportReviewPage } from './pages/ReportReview';
import { ReviewPage } from './pages/ReviewPage';
import { SearchPage } from './pages/Search';
import { TrendingPage } from './pages/Trending';
import { WriteReviewPage } from './pages/WriteReview';
import './styles.scss';

export interface BusinessRoutesProps {
  /** Where the shell mounted us ("/explore", "/business", …); routes are relative to it. */
  basePath: string;
}

function routesFor(basePath: string) {
  switch (basePath) {
    case '/explore':
      return <Route index element={<ExplorePage />} />;
    case '/business':
      return (
        <>
          <Route index element={<Navigate to="/explore" replace />} />
          <Route path="new" element={<NewBusinessPage />} />
          <Route path=":id" element={<BusinessDetailPage />} />
        </>
      );
    case '/write-review':
      return (
        <>
          <Route index element={<WriteReviewPage />} />
          <Route path=":businessId" element={<WriteReviewPage />} />
        </>
      );
    case '/reviews':
      return <Route path=":id" element={<ReviewPage />} />;
    case '/report':
      return <Route path="review/:id" element={<ReportReviewPage />} />;
    case '/search':
      return <Route index element={<SearchPage />} />;
    case '/category':
      return (
        <>
          <Route index element={<Navigate to="/explore" replace />} />
          <Route path=":category" element={<CategoryPage />} />
        </>
      );
    case '/trending':
      return <Route index element={<TrendingPage />} />;
    default:
      return null;
  }
}

/**
 * The business remote (design §7): the shell mounts it once per base path
 * (`/explore/*`, `/business/*`, `/write-review/*`, `/reviews/*`, `/report/*`, `/search/*`,
 * `/category/*`, `/trending/*`) and passes that path; the routes below are relative to it.
 */
export default function BusinessRoutes({ basePath }: BusinessRoutesProps) {
  return (
    <Routes>
      {routesFor(basePath.replace(/\/+$/, ''))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
