import {
  Component,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import {
  lazyPage,
  MenuIcon,
  PenIcon,
  Link,
  NavLink,
  useLocation,
  usePageLoaded,
} from '@trustcircle/ui';
import { useSession } from '../session';
import { Logo } from './Logo';
import { MODERATION, navFor } from './nav';
import { TopSearch } from './TopSearch';
import { MobileDrawer } from './MobileDrawer';
import { Footer } from './Footer';
import { loadAccountControls } from '../early-session';

const accountControls = lazyPage(loadAccountControls, 'default');

/** Should the account controls' chunk fail to load, the bar goes without them until a reload. */
class AccountControlsBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    // eslint-disable-next-line no-console
    console.warn('[TrustCircle] the account controls could not load', error, info.componentStack);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function TopBar() {
  const { user, isLoading } = useSession();
  // The bell and menu render once their chunk is in (started with the session), not through a
  // Suspense fallback, which would hold back the page's own reveal (packages/ui's lazyPage).
  const controlsLoaded = usePageLoaded(accountControls, Boolean(user));
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();
  useEffect(() => setDrawer(false), [location.pathname]);

  return (
    <header className="tc-topbar border-bottom bg-white sticky-top">
      <div className="container-xl d-flex align-items-center gap-2 py-2">
        {/* Below 992 px the main links do not fit the bar: the menu carries every entry. */}
        <button
          type="button"
          className="btn tc-icon-btn d-lg-none"
          aria-label="Open menu"
          aria-expanded={drawer}
          onClick={() => setDrawer(true)}
        >
          <MenuIcon size={22} />
        </button>
        <Link to="/" className="tc-brand d-flex align-items-center gap-2 text-decoration-none">
          <Logo />
          <span>TrustCircle</span>
        </Link>
        <nav aria-label="Main" className="d-none d-lg-block">
          <ul className="nav tc-main-nav flex-nowrap">
            {navFor(user).map((item) => (
              // Room for a fifth link only from xl; below it the account menu carries it.
              <li
                className={`nav-item ${item === MODERATION ? 'd-none d-xl-block' : ''}`}
                key={item.to}
              >
                <NavLink className="nav-link text-nowrap" to={item.to}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex-grow-1 d-none d-md-block tc-top-search-wrap">
          <TopSearch id="top-search" />
        </div>
        <div className="d-flex align-items-center gap-2 ms-auto">
          <Link
            to="/write-review"
            className="btn btn-primary d-none d-md-inline-flex align-items-center gap-1 text-nowrap"
          >
            <PenIcon size={16} /> Write a Review
          </Link>
          {user
            ? controlsLoaded && (
                <AccountControlsBoundary>
                  <Suspense fallback={null}>
                    <accountControls.Page user={user} />
                  </Suspense>
                </AccountControlsBoundary>
              )
            : !isLoading && (
                <Link to="/auth" className="btn btn-outline-primary">
                  Sign in
                </Link>
              )}
        </div>
      </div>
      {drawer && <MobileDrawer user={user} onClose={() => setDrawer(false)} />}
    </header>
  );
}

export function Frame({ children }: { children: ReactNode }) {
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  // Move focus to the new page for keyboard and screen-reader users.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [location.pathname]);
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable tc-skip-link">
        Skip to content
      </a>
      <TopBar />
      <main id="main" ref={mainRef} tabIndex={-1} className="flex-grow-1 tc-main">
        {children}
      </main>
      <Footer />
    </div>
  );
}
