import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Spinner } from '@trustcircle/ui';
import { RemoteRoutes } from './federation/remotes';
import { Frame } from './layout/Frame';
import { HomePage } from './pages/Home';
import { LandingPage } from './pages/Landing';
import { NotFoundPage } from './pages/NotFound';
import { AboutPage, STATIC_PAGES, StaticPage } from './pages/StaticPages';
import { createQueryClient } from './query-client';
import { signedOutJustNow, useSession } from './session';
import { ToastProvider } from './toast';

// Pages off the first load: the forms (and with them zod and the contracts' schemas) come in
// their own chunks when visited. The landing and home pages stay in the main bundle.
const AuthPage = lazy(() => import('./pages/Auth').then((m) => ({ default: m.AuthPage })));
const ProfilePage = lazy(() => import('./pages/Profile').then((m) => ({ default: m.ProfilePage })));
const SettingsPage = lazy(() =>
  import('./pages/Profile').then((m) => ({ default: m.SettingsPage })),
);
const MyReviewsPage = lazy(() =>
  import('./pages/MyReviews').then((m) => ({ default: m.MyReviewsPage })),
);

/** Spinner while the user loads, the page when signed in, else /auth (and back after login). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Spinner label="Checking your session…" />;
  if (!user) {
    if (signedOutJustNow()) return <Navigate to="/" replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/auth" replace state={{ from }} />;
  }
  return <>{children}</>;
}

function Root() {
  const { user, isLoading } = useSession();
  if (isLoading) return <Spinner />;
  return user ? <HomePage /> : <LandingPage />;
}

const groups = (basePath: string) => <RemoteRoutes id="groups/GroupsRoutes" basePath={basePath} />;
const business = (basePath: string) => (
  <RemoteRoutes id="business/BusinessRoutes" basePath={basePath} />
);

/** /business/new needs a session; the business pages themselves are public. */
function BusinessSection() {
  const { pathname } = useLocation();
  const element = business('/business');
  return /^\/business\/new(\/|$)/.test(pathname) ? <RequireAuth>{element}</RequireAuth> : element;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Root />} />
      <Route
        path="/dashboard"
        element={
          <RequireAuth>
            <HomePage />
          </RequireAuth>
        }
      />
      <Route path="/auth" element={<AuthPage />} />
      <Route
        path="/profile"
        element={
          <RequireAuth>
            <ProfilePage />
          </RequireAuth>
        }
      />
      <Route
        path="/my-reviews"
        element={
          <RequireAuth>
            <MyReviewsPage />
          </RequireAuth>
        }
      />
      <Route
        path="/settings"
        element={
          <RequireAuth>
            <SettingsPage />
          </RequireAuth>
        }
      />
      <Route path="/about" element={<AboutPage />} />
      {STATIC_PAGES.map((page) => (
        <Route key={page.path} path={page.path} element={<StaticPage page={page} />} />
      ))}

      {/* Remote: groups */}
      <Route path="/groups/*" element={groups('/groups')} />

      {/* Remote: business (browsing is public; writing and reporting need a session) */}
      <Route path="/explore/*" element={business('/explore')} />
      <Route path="/search/*" element={business('/search')} />
      <Route path="/category/*" element={business('/category')} />
      <Route path="/trending/*" element={business('/trending')} />
      <Route path="/reviews/*" element={business('/reviews')} />
      <Route path="/business/*" element={<BusinessSection />} />
      <Route
        path="/write-review/*"
        element={<RequireAuth>{business('/write-review')}</RequireAuth>}
      />
      <Route path="/report/*" element={<RequireAuth>{business('/report')}</RequireAuth>} />
      {/* Remote: business's moderation screens (the remote tells non-moderators so itself) */}
      <Route
        path="/moderation/*"
        element={
          <RequireAuth>
            <RemoteRoutes id="business/ModerationRoutes" basePath="/moderation" />
          </RequireAuth>
        }
      />

      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ToastProvider>
          <Frame>
            <Suspense fallback={<Spinner />}>
              <AppRoutes />
            </Suspense>
          </Frame>
        </ToastProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
