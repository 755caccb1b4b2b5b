import { lazy } from 'react';
import { Navigate } from '@trustcircle/ui';
import type { AppRoute, RemoteRouteTable } from '@trustcircle/ui';
import { BusinessDetailPage } from './pages/BusinessDetail';
import { CategoryPage } from './pages/CategoryPage';
import { ExplorePage } from './pages/Explore';
import { NewBusinessPage } from './pages/NewBusiness';
import { ReportReviewPage } from './pages/ReportReview';
import { ReviewPage } from './pages/ReviewPage';
import { TrendingPage } from './pages/Trending';
import { WriteReviewPage } from './pages/WriteReview';
import './styles.scss';

// The moderators' screens come in their own chunk: few users ever open them.
const ModerationQueue = lazy(() => import('./moderation/ModerationScreens'));
const ClaimsQueue = lazy(() =>
  import('./moderation/ModerationScreens').then((m) => ({ default: m.ClaimsQueueScreen })),
);
const ModerationLog = lazy(() =>
  import('./moderation/ModerationScreens').then((m) => ({ default: m.ModerationLogScreen })),
);

/** The business remote's pages (design §7): browsing is public, writing and reporting need a session. */
export const routes: AppRoute[] = [
  { path: '/explore', access: 'public', element: <ExplorePage /> },
  { path: '/category', access: 'public', element: <Navigate to="/explore" replace /> },
  { path: '/category/:category', access: 'public', element: <CategoryPage /> },
  { path: '/trending', access: 'public', element: <TrendingPage /> },
  { path: '/reviews/:id', access: 'public', element: <ReviewPage /> },
  { path: '/business', access: 'public', element: <Navigate to="/explore" replace /> },
  { path: '/business/:id', access: 'public', element: <BusinessDetailPage /> },
  { path: '/business/new', access: 'signed-in', element: <NewBusinessPage /> },
  { path: '/write-review', access: 'signed-in', element: <WriteReviewPage /> },
  { path: '/write-review/:businessId', access: 'signed-in', element: <WriteReviewPage /> },
  { path: '/report/review/:id', access: 'signed-in', element: <ReportReviewPage /> },
  { path: '/moderation', access: 'moderator', element: <ModerationQueue /> },
  { path: '/moderation/claims', access: 'moderator', element: <ClaimsQueue /> },
  { path: '/moderation/log', access: 'moderator', element: <ModerationLog /> },
];

// An unknown path under these sections gets the shell's 404 page.
const table: RemoteRouteTable = { routes };
export default table;
