import { lazy, type ReactNode } from 'react';
import {
  isModerator,
  lazyPage,
  usePageLoaded,
  ModeratorsOnly,
  PageNotFound,
  Spinner,
  type AppRoute,
  type RouteAccess,
  Navigate,
  Route,
  Routes,
  useLocation,
  useSearchParams,
} from '@trustcircle/ui';
import { REMOTE_SECTIONS } from '@trustcircle/contracts/frontends';
import { RemotePage, RemoteSection, useRemoteTables } from './federation/remotes';
import { LandingPage } from './pages/Landing';
import { STATIC_PATHS } from './pages/static-paths';
import { loadHomePage } from './early-session';
import { signedOutJustNow, useSession } from './session';

// Pages off the first load: the forms (and with them zod and the contracts' schemas) come in
// their own chunks when visited. The landing stays in the main bundle.
const AuthPage = lazy(() => import('./pages/Auth').then((m) => ({ default: m.AuthPage })));
const ForgotPasswordPage = lazy(() =>
  import('./pages/auth/ForgotPassword').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/auth/ResetPassword').then((m) => ({ default: m.ResetPasswordPage })),
);
const ConfirmEmailPage = lazy(() =>
  import('./pages/auth/ConfirmLink').then((m) => ({ default: m.ConfirmEmailPage })),
);
const ConfirmEmailChangePage = lazy(() =>
  import('./pages/auth/ConfirmLink').then((m) => ({ default: m.ConfirmEmailChangePage })),
);
const ProfilePage = lazy(() => import('./pages/Profile').then((m) => ({ default: m.ProfilePage })));
const SettingsPage = lazy(() =>
  import('./pages/Settings').then((m) => ({ default: m.SettingsPage })),
);
const SearchPage = lazy(() =>
  import('./pages/search/SearchPage').then((m) => ({ default: m.SearchPage })),
);
const UserProfilePage = lazy(() =>
  import('./pages/UserProfile').then((m) => ({ default: m.UserProfilePage })),
);
const NotificationsPage = lazy(() =>
  import('./notifications/NotificationsPage').then((m) => ({ default: m.NotificationsPage })),
);
const StaticPage = lazy(() =>
  import('./pages/StaticPages').then((m) => ({ default: m.StaticPage })),
);
const AboutPage = lazy(() => import('./pages/StaticPages').then((m) => ({ default: m.AboutPage })));
// A visitor's first page is the landing: the signed-in home comes in its own chunk, which
// early-session.ts starts loading as soon as the session says someone is signed in.
const home = lazyPage(loadHomePage, 'HomePage');
const MyReviewsPage = lazy(() =>
  import('./pages/MyReviews').then((m) => ({ default: m.MyReviewsPage })),
);

function Root() {
  const { user, isLoading } = useSession();
  const [params] = useSearchParams();
  // The home's chunk (started with the session, early-session.ts) in before the home renders,
  // so that it renders without a Suspense fallback (packages/ui's lazyPage says why).
  const homeLoaded = usePageLoaded(home, Boolean(user));
  // Links from before the top bar searched on /search (spec §2: `/?search=`) still work.
  const legacy = params.get('search')?.trim();
  if (legacy) return <Navigate to={`/search?q=${encodeURIComponent(legacy)}`} replace />;
  if (isLoading || (user && !homeLoaded)) return <Spinner />;
  return user ? <home.Page /> : <LandingPage />;
}

/** The shell's own pages (spec §2). */
const shellRoutes: AppRoute[] = [
  { path: '/', access: 'public', element: <Root /> },
  { path: '/dashboard', access: 'signed-in', element: <home.Page /> },
  { path: '/auth', access: 'public', element: <AuthPage /> },
  // The account mails' links (identity's account-mail.ts): public, a link may be opened anywhere.
  { path: '/auth/forgot', access: 'public', element: <ForgotPasswordPage /> },
  { path: '/auth/reset', access: 'public', element: <ResetPasswordPage /> },
  { path: '/auth/confirm-email', access: 'public', element: <ConfirmEmailPage /> },
  { path: '/auth/confirm-email-change', access: 'public', element: <ConfirmEmailChangePage /> },
  { path: '/profile', access: 'signed-in', element: <ProfilePage /> },
  { path: '/my-reviews', access: 'signed-in', element: <MyReviewsPage /> },
  { path: '/settings', access: 'signed-in', element: <SettingsPage /> },
  // People and notifications (issue 18): profiles are public, notifications one's own.
  { path: '/users/:username', access: 'public', element: <UserProfilePage /> },
  { path: '/notifications', access: 'signed-in', element: <NotificationsPage /> },
  { path: '/about', access: 'public', element: <AboutPage /> },
  // Businesses, groups and people: the shell's, as the top bar that leads there (issue 17).
  { path: '/search', access: 'public', element: <SearchPage /> },
  ...STATIC_PATHS.map((path) => ({
    path,
    access: 'public' as const,
    element: <StaticPage path={path} />,
  })),
];

/**
 * A page behind its access flag: a spinner while the user loads, /auth (and back after login)
 * when signed out, "Only moderators can do that" for a member on a moderators' page.
 */
function Guard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (access === 'public') return <>{children}</>;
  if (isLoading) return <Spinner label="Checking your session…" />;
  if (!user) {
    if (signedOutJustNow()) return <Navigate to="/" replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/auth" replace state={{ from }} />;
  }
  if (access === 'moderator' && !isModerator(user)) return <ModeratorsOnly />;
  return <>{children}</>;
}

const route = ({ path, access, element }: AppRoute) => (
  <Route key={path} path={path} element={<Guard access={access}>{element}</Guard>} />
);

/** The one route table: the shell's pages, then each remote's as soon as its table has loaded. */
export function AppRoutes() {
  const tables = useRemoteTables();
  return (
    <Routes>
      {shellRoutes.map(route)}
      {Object.entries(REMOTE_SECTIONS).map(([name, sections]) => {
        const state = tables.get(name);
        const remoteRoutes = state?.status === 'ready' ? state.table.routes : [];
        return [
          ...remoteRoutes.map((r) =>
            route({ ...r, element: <RemotePage>{r.element}</RemotePage> }),
          ),
          ...sections.map((section) => (
            <Route
              key={`${section}/*`}
              path={`${section}/*`}
              element={<RemoteSection name={name} fallback={<PageNotFound />} />}
            />
          )),
        ];
      })}
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
