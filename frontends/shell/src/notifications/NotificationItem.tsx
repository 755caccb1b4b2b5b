import type { Notification } from '@trustcircle/contracts';
import { InitialsAvatar, RelativeDate, ThumbsUpIcon, Link } from '@trustcircle/ui';
import { notificationTarget, notificationText, useMarkAllRead, useMarkRead } from './data';

/**
 * One notification: who, what, when, unread or not. Opening it marks it read and goes to what it
 * is about (the review, the person); `compact` is the bell's dropdown, else /notifications.
 */
export function NotificationItem({
  notification,
  compact = false,
  onOpen,
}: {
  notification: Notification;
  compact?: boolean;
  onOpen?(): void;
}) {
  const markRead = useMarkRead();
  const unread = notification.readAt === null;
  const target = notificationTarget(notification);
  const text = notificationText(notification);
  const open = () => {
    if (unread) markRead.mutate(notification.id);
    onOpen?.();
  };
  const size = compact ? 32 : 40;
  const avatar = notification.actor ? (
    <InitialsAvatar
      name={notification.actor.name}
      username={notification.actor.username}
      size={size}
    />
  ) : (
    <span
      className="tc-avatar tc-notification-icon"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      <ThumbsUpIcon size={compact ? 14 : 18} />
    </span>
  );
  const body = (
    <>
      {avatar}
      <span className="flex-grow-1 min-w-0">
        <span className={`d-block tc-notification-text ${unread ? 'fw-semibold' : ''}`}>
          {text}
        </span>
        <span className="small text-body-secondary">
          <RelativeDate value={notification.createdAt} />
          {unread && <span className="visually-hidden">, unread</span>}
        </span>
      </span>
      {unread && <span className="tc-unread-dot" aria-hidden="true" />}
    </>
  );
  const classes = `d-flex align-items-start gap-2 text-decoration-none text-body tc-notification ${
    compact ? `dropdown-item ${unread ? 'tc-notification-unread' : ''}` : 'p-3 rounded'
  }`;
  return (
    <li
      className={
        compact
          ? ''
          : `d-flex flex-wrap align-items-center rounded ${unread ? 'tc-notification-unread' : ''}`
      }
    >
      {target ? (
        <Link to={target} className={`${classes} tc-notification-link min-w-0`} onClick={open}>
          {body}
        </Link>
      ) : (
        <span className={`${classes} tc-notification-link min-w-0`}>{body}</span>
      )}
      {!compact && unread && (
        <button
          type="button"
          className="btn btn-sm btn-link text-nowrap ms-auto me-2"
          disabled={markRead.isPending}
          onClick={() => markRead.mutate(notification.id)}
        >
          Mark as read
        </button>
      )}
    </li>
  );
}

/** "Mark all as read", shown while something is unread (the bell's dropdown, /notifications). */
export function MarkAllRead({ unread, className }: { unread: number; className: string }) {
  const markAll = useMarkAllRead();
  if (unread === 0) return null;
  return (
    <button
      type="button"
      className={className}
      disabled={markAll.isPending}
      onClick={() => markAll.mutate()}
    >
      Mark all as read
    </button>
  );
}
