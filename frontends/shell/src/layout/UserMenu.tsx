import type { User } from '@trustcircle/contracts';
import { InitialsAvatar, isModerator, useMenu, Link } from '@trustcircle/ui';
import { displayName } from '../session';
import { MODERATION, useSignOut } from './nav';

export function UserMenu({ user }: { user: User }) {
  const menu = useMenu();
  const signOut = useSignOut();

  return (
    <div className="position-relative" ref={menu.ref} onKeyDown={menu.onKeyDown}>
      <button
        type="button"
        className="btn tc-user-button d-flex align-items-center gap-2"
        {...menu.toggle}
      >
        <InitialsAvatar name={user.name} username={user.username} size={32} />
        {/* From 768 to 991 px the avatar alone; the button's name always says whose menu. */}
        <span className="tc-user-name d-none d-lg-inline" aria-hidden="true">
          {displayName(user)}
        </span>
        <span className="visually-hidden">{displayName(user)}: account menu</span>
      </button>
      {menu.open && (
        <ul id={menu.menuId} className="dropdown-menu dropdown-menu-end show tc-menu-right shadow">
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
