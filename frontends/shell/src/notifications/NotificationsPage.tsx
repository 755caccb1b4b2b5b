import { BellIcon, EmptyState, LoadMore, Spinner } from '@trustcircle/ui';
import { useNotificationPages, useUnreadCount } from './data';
import { MarkAllRead, NotificationItem } from './NotificationItem';

/** `/notifications` (issue 18): every notification, newest first, a page at a time. */
export function NotificationsPage() {
  const pages = useNotificationPages();
  const unread = useUnreadCount();
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const count = unread.data?.count ?? 0;
  return (
    <div className="container py-4 tc-narrow">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <div>
          <h1 className="h3 mb-0">Notifications</h1>
          <p className="text-body-secondary small mb-0" role="status">
            {count === 0 ? 'You are all caught up.' : `${count} unread`}
          </p>
        </div>
        <MarkAllRead unread={count} className="btn btn-outline-primary btn-sm" />
      </div>
      <section className="card border-0 shadow-sm" aria-label="Your notifications">
        <div className="card-body p-2 p-md-3">
          {pages.isLoading ? (
            <Spinner label="Loading notifications…" />
          ) : pages.isError ? (
            <p className="text-body-secondary mb-0 p-3" role="status">
              We couldn&apos;t load your notifications right now.
            </p>
          ) : items.length === 0 ? (
            <EmptyState
              icon={<BellIcon size={28} />}
              title="No notifications yet"
              hint="New followers, reviews by people you follow and helpful votes on your reviews show up here."
            />
          ) : (
            <>
              <ul className="list-unstyled mb-0 d-grid gap-1">
                {items.map((item) => (
                  <NotificationItem key={item.id} notification={item} />
                ))}
              </ul>
              <LoadMore query={pages} endText="No more notifications" />
            </>
          )}
        </div>
      </section>
    </div>
  );
}
