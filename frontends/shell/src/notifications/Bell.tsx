import { BellIcon, useMenu, Link } from '@trustcircle/ui';
import { useLatestNotifications, useNotificationStream, useUnreadCount } from './data';
import { MarkAllRead, NotificationItem } from './NotificationItem';

/** The badge shows up to 99; the accessible name always says the exact count. */
const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The top bar's bell (issue 18): the unread count, live over the notification stream, and a
 * dropdown of the latest few with "Mark all as read" and the way to /notifications.
 */
export function Bell() {
  const menu = useMenu();
  useNotificationStream();
  const unread = useUnreadCount();
  const latest = useLatestNotifications(menu.open);
  const count = unread.data?.count ?? 0;
  const items = latest.data ?? [];
  return (
    <div className="position-relative" ref={menu.ref} onKeyDown={menu.onKeyDown}>
      <button
        type="button"
        className="btn tc-icon-btn tc-bell position-relative"
        aria-label={unread.data ? `Notifications, ${count} unread` : 'Notifications'}
        {...menu.toggle}
      >
        <BellIcon size={22} />
        {count > 0 && (
          <span className="badge rounded-pill text-bg-danger tc-bell-badge" aria-hidden="true">
            {badgeText(count)}
          </span>
        )}
      </button>
      {menu.open && (
        <div
          id={menu.menuId}
          className="dropdown-menu dropdown-menu-end show tc-menu-right shadow tc-bell-menu p-0"
        >
          <div className="d-flex align-items-center justify-content-between px-3 py-2 border-bottom">
            <h2 className="h6 mb-0">Notifications</h2>
            <MarkAllRead unread={count} className="btn btn-sm btn-link p-0" />
          </div>
          {latest.isLoading ? (
            <p className="px-3 py-3 small text-body-secondary mb-0" role="status">
              Loading notifications…
            </p>
          ) : latest.isError ? (
            <p className="px-3 py-3 small text-body-secondary mb-0" role="status">
              We couldn&apos;t load your notifications right now.
            </p>
          ) : items.length === 0 ? (
            <p className="px-3 py-3 small text-body-secondary mb-0">No notifications yet</p>
          ) : (
            <ul className="list-unstyled mb-0 py-1" aria-label="Latest notifications">
              {items.map((item) => (
                <NotificationItem key={item.id} notification={item} compact onOpen={menu.close} />
              ))}
            </ul>
          )}
          <div className="border-top text-center py-2">
            <Link to="/notifications" className="small fw-semibold" onClick={menu.close}>
              See all notifications
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
