import type { User } from '@trustcircle/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import {
  CloseIcon,
  InitialsAvatar,
  isModerator,
  MenuIcon,
  PenIcon,
  SearchIcon,
  searchText,
  useToast,
} from '@trustcircle/ui';
import { displayName, useLogout, useSession } from '../session';
import { Logo } from './Logo';

const NAV = [
  { to: '/explore', label: 'Discover' },
  { to: '/groups', label: 'Groups' },
  { to: '/trending', label: 'Trending' },
];
const MODERATION = { to: '/moderation', label: 'Moderation' };

/** The main links; moderators (design §9) also get the moderation queue. */
const navFor = (user: User | null) => (isModerator(user) ? [...NAV, MODERATION] : NAV);

function useSignOut() {
  const logout = useLogout();
  const toast = useToast();
  const navigate = useNavigate();
  return () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        navigate('/');
        logout.clear();
        toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
      },
      onError: (error) =>
        toast({ title: 'Logout failed', description: error.message, variant: 'destructive' }),
    });
}

function TopSearch({ id, onDone }: { id: string; onDone?(): void }) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = searchText(new FormData(event.currentTarget).get('search'));
    if (!text) return;
    navigate(`/?search=${encodeURIComponent(text)}`);
    onDone?.();
  };
  return (
    <form role="search" className="tc-top-search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search businesses or products
      </label>
      <SearchIcon size={16} className="tc-top-search-icon" />
      <input
        id={id}
        name="search"
        type="search"
        className="form-control"
        placeholder="Search businesses or products"
        autoComplete="off"
      />
    </form>
  );
}

function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const signOut = useSignOut();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div
      className="position-relative"
      ref={ref}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        className="btn tc-user-button d-flex align-items-center gap-2"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <InitialsAvatar name={user.name} username={user.username} size={32} />
        <span className="tc-user-name">{displayName(user)}</span>
        <span className="visually-hidden">: account menu</span>
      </button>
      {open && (
        <ul id={menuId} className="dropdown-menu dropdown-menu-end show tc-menu-right shadow">
          <li className="px-3 py-2 small text-body-secondary text-truncate">{user.email}</li>
          <li>
            <hr className="dropdown-divider" />
          </li>
          <li>
            <Link className="dropdown-item" to="/dashboard">
              Dashboard
            </Link>
          </li>
          <li>
            <Link className="dropdown-item" to="/profile">
              Your Profile
            </Link>
          </li>
          <li>
            <Link className="dropdown-item" to="/my-reviews">
              My Reviews
            </Link>
          </li>
          {isModerator(user) && (
            <li>
              <Link className="dropdown-item" to={MODERATION.to}>
                {MODERATION.label}
              </Link>
            </li>
          )}
          <li>
            <Link className="dropdown-item" to="/settings">
              Settings
            </Link>
          </li>
          <li>
            <hr className="dropdown-divider" />
          </li>
          <li>
            <button type="button" className="dropdown-item" onClick={signOut}>
              Sign out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

function MobileDrawer({ user, onClose }: { user: User | null; onClose(): void }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const signOut = useSignOut();
  const titleId = useId();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panelRef.current?.querySelector<HTMLElement>('button, a, input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key === 'Tab' && panelRef.current) {
        const items = [...panelRef.current.querySelectorAll<HTMLElement>('a, button, input')];
        const first = items[0];
        const last = items[items.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onClose]);

  return (
    <>
      <div className="offcanvas-backdrop fade show" onClick={onClose} />
      <div
        ref={panelRef}
        className="offcanvas offcanvas-start show tc-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="offcanvas-header border-bottom">
          <h2 className="offcanvas-title h5 d-flex align-items-center gap-2" id={titleId}>
            <Logo size={28} /> TrustCircle
          </h2>
          <button
            type="button"
            className="btn tc-icon-btn"
            aria-label="Close menu"
            onClick={onClose}
          >
            <CloseIcon size={20} />
          </button>
        </div>
        <div className="offcanvas-body d-flex flex-column gap-3">
          {user && (
            <div className="d-flex align-items-center gap-2">
              <InitialsAvatar name={user.name} username={user.username} size={40} />
              <div className="min-w-0">
                <div className="fw-semibold text-truncate">{displayName(user)}</div>
                <div className="small text-body-secondary text-truncate">{user.email}</div>
              </div>
            </div>
          )}
          <TopSearch id="drawer-search" onDone={onClose} />
          <Link to="/write-review" className="btn btn-primary" onClick={onClose}>
            <PenIcon size={16} /> Write a Review
          </Link>
          <nav aria-label="Mobile">
            <ul className="list-unstyled tc-drawer-links mb-0">
              {navFor(user).map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} onClick={onClose}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
              {user && (
                <li>
                  <NavLink to="/dashboard" onClick={onClose}>
                    Dashboard
                  </NavLink>
                </li>
              )}
              <li>
                <NavLink to="/profile" onClick={onClose}>
                  Your Profile
                </NavLink>
              </li>
              <li>
                <NavLink to="/my-reviews" onClick={onClose}>
                  My Reviews
                </NavLink>
              </li>
              <li>
                <NavLink to="/settings" onClick={onClose}>
                  Settings
                </NavLink>
              </li>
            </ul>
          </nav>
          <div className="mt-auto">
            {user ? (
              <button
                type="button"
                className="btn btn-outline-secondary w-100"
                onClick={() => {
                  onClose();
                  signOut();
                }}
              >
                Sign out
              </button>
            ) : (
              <Link to="/auth" className="btn btn-outline-primary w-100" onClick={onClose}>
                Sign in
              </Link>
            )}
          </div>
        </div>
      </div>
    </>
  );
}

function TopBar() {
  const { user, isLoading } = useSession();
  const [drawer, setDrawer] = useState(false);
  const location = useLocation();
  useEffect(() => setDrawer(false), [location.pathname]);

  return (
    <header className="tc-topbar border-bottom bg-white sticky-top">
      <div className="container-xl d-flex align-items-center gap-3 py-2">
        <button
          type="button"
          className="btn tc-icon-btn d-md-none"
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
          {user ? (
            <div className="d-none d-md-block">
              <UserMenu user={user} />
            </div>
          ) : (
            !isLoading && (
              <Link to="/auth" className="btn btn-outline-primary">
                Sign in
              </Link>
            )
          )}
        </div>
      </div>
      {drawer && <MobileDrawer user={user} onClose={() => setDrawer(false)} />}
    </header>
  );
}

function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="tc-footer mt-auto">
      <div className="container-xl py-5">
        <div className="row g-4">
          <div className="col-12 col-md-5">
            <Link
              to="/"
              className="tc-brand tc-brand-footer d-inline-flex align-items-center gap-2 text-decoration-none"
            >
              <Logo /> <span>TrustCircle</span>
            </Link>
            <p className="mt-3 mb-3 tc-footer-tagline">
              Community-driven reviews from people who share your interests — so every decision is
              backed by voices you can trust.
            </p>
            <p className="small mb-0 tc-footer-muted">
              Social pages and mobile apps are coming soon.
            </p>
          </div>
          <nav className="col-6 col-md-3 offset-md-1" aria-labelledby="footer-about">
            <h2 id="footer-about" className="h6 text-uppercase tc-footer-heading">
              About
            </h2>
            <ul className="list-unstyled tc-footer-links">
              <li>
                <Link to="/about">About Us</Link>
              </li>
              <li>
                <Link to="/how-it-works">How It Works</Link>
              </li>
              <li>
                <Link to="/careers">Careers</Link>
              </li>
              <li>
                <Link to="/press">Press</Link>
              </li>
              <li>
                <Link to="/blog">Blog</Link>
              </li>
            </ul>
          </nav>
          <nav className="col-6 col-md-3" aria-labelledby="footer-support">
            <h2 id="footer-support" className="h6 text-uppercase tc-footer-heading">
              Support
            </h2>
            <ul className="list-unstyled tc-footer-links">
              <li>
                <Link to="/help">Help Center</Link>
              </li>
              <li>
                <Link to="/trust">Trust &amp; Safety</Link>
              </li>
              <li>
                <Link to="/contact">Contact Us</Link>
              </li>
              <li>
                <Link to="/privacy">Privacy Policy</Link>
              </li>
              <li>
                <Link to="/terms">Terms of Service</Link>
              </li>
            </ul>
          </nav>
        </div>
        <hr className="tc-footer-rule" />
        <p className="small mb-0 tc-footer-muted">© {year} TrustCircle. All rights reserved.</p>
      </div>
    </footer>
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
