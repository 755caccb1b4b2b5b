import { lazyPage, Navigate, prefetchRead } from '@trustcircle/ui';
import type { AppRoute, LazyPage, RemoteRouteTable, RouteAccess } from '@trustcircle/ui';
import { businessReadPath } from '@trustcircle/contracts/frontends';
import './styles.scss';

// Each page in its own chunk: a first load carries only the page being opened (issue 20). Each
// chunk is named after the routes that show it, so the gateway can hint a page's code with its
// HTML (frontends/page-assets-plugin.js).
const Explore = lazyPage(
  () => import(/* webpackChunkName: "page /explore" */ './pages/Explore'),
  'ExplorePage',
);
const Category = lazyPage(
  () => import(/* webpackChunkName: "page /category/:category" */ './pages/CategoryPage'),
  'CategoryPage',
);
const Trending = lazyPage(
  () => import(/* webpackChunkName: "page /trending" */ './pages/Trending'),
  'TrendingPage',
);
const Review = lazyPage(
  () => import(/* webpackChunkName: "page /reviews/:id" */ './pages/ReviewPage'),
  'ReviewPage',
);
const BusinessDetail = lazyPage(
  () => import(/* webpackChunkName: "page /business/:id" */ './pages/BusinessDetail'),
  'BusinessDetailPage',
);
const NewBusiness = lazyPage(
  () => import(/* webpackChunkName: "page /business/new" */ './pages/NewBusiness'),
  'NewBusinessPage',
);
const WriteReview = lazyPage(
  () =>
    import(
      /* webpackChunkName: "page /write-review /write-review/:businessId" */ './pages/WriteReview'
    ),
  'WriteReviewPage',
);
const ReportReview = lazyPage(
  () => import(/* webpackChunkName: "page /report/review/:id" */ './pages/ReportReview'),
  'ReportReviewPage',
);
const moderation = () =>
  import(
    /* webpackChunkName: "page /moderation /moderation/claims /moderation/log" */ './moderation/ModerationScreens'
  );
const ModerationQueue = lazyPage(moderation, 'default');
const ClaimsQueue = lazyPage(moderation, 'ClaimsQueueScreen');
const ModerationLog = lazyPage(moderation, 'ModerationLogScreen');

const page = (
  path: string,
  access: RouteAccess,
  { Page, preload }: LazyPage<object>,
): AppRoute => ({
  path,
  access,
  element: <Page />,
  preload,
});

/** The business remote's pages (design §7): browsing is public, writing and reporting need a session. */
export const routes: AppRoute[] = [
  page('/explore', 'public', Explore),
  { path: '/category', access: 'public', element: <Navigate to="/explore" replace /> },
  page('/category/:category', 'public', Category),
  page('/trending', 'public', Trending),
  page('/reviews/:id', 'public', Review),
  { path: '/business', access: 'public', element: <Navigate to="/explore" replace /> },
  {
    ...page('/business/:id', 'public', BusinessDetail),
    // The page's one read starts with its code: the header paints as soon as both are in.
    preload: ({ id = '' }) => {
      prefetchRead(businessReadPath(id));
      return BusinessDetail.preload();
    },
  },
  page('/business/new', 'signed-in', NewBusiness),
  page('/write-review', 'signed-in', WriteReview),
  page('/write-review/:businessId', 'signed-in', WriteReview),
  page('/report/review/:id', 'signed-in', ReportReview),
  page('/moderation', 'moderator', ModerationQueue),
  page('/moderation/claims', 'moderator', ClaimsQueue),
  page('/moderation/log', 'moderator', ModerationLog),
];

// An unknown path under these sections gets the shell's 404 page.
const table: RemoteRouteTable = { routes };
export default table;
