import type { User } from '@trustcircle/contracts';
import { useEffect, useId, useRef } from 'react';
import { CloseIcon, InitialsAvatar, PenIcon, trapTab, Link, NavLink } from '@trustcircle/ui';
import { displayName } from '../session';
import { Logo } from './Logo';
import { navFor, useSignOut } from './nav';
import { TopSearch } from './TopSearch';

export function MobileDrawer({ user, onClose }: { user: User | null; onClose(): void }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const signOut = useSignOut();
  const titleId = useId();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panelRef.current?.querySelector<HTMLElement>('button, a, input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      trapTab(event, panelRef.current, 'a, button, input');
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
            className="btn tc-icon-btn ms-auto"
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
