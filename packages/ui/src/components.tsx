import type { ReactNode } from 'react';
import { initials, moderationNotice, relativeDate, verifiedTitle } from './helpers';
import { CheckBadgeIcon, InboxIcon } from './icons';

/* Small shared pieces: avatar, badges, dates, the empty state and the spinner. */

export function InitialsAvatar({
  name,
  username,
  size = 40,
  className,
}: {
  name?: string | null;
  username?: string | null;
  size?: number;
  className?: string;
}) {
  return (
    <span
      className={`tc-avatar ${className ?? ''}`}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      aria-hidden="true"
    >
      {initials(name, username)}
    </span>
  );
}

/** The verified check; its title carries the verification date when known (`verifiedAt`). */
export function VerifiedBadge({ size = 16, since }: { size?: number; since?: string | null }) {
  const title = verifiedTitle(since);
  return (
    <span className="tc-verified" title={title}>
      <CheckBadgeIcon size={size} />
      <span className="visually-hidden">{title}</span>
    </span>
  );
}

/** "Hidden pending review" / "Removed by a moderator" for a review that is not published. */
export function ModerationBadge({ status }: { status?: string | null }) {
  const notice = moderationNotice(status);
  if (!notice) return null;
  return <span className={`badge tc-moderation-badge tc-moderation-${status}`}>{notice}</span>;
}

export function RelativeDate({ value }: { value: unknown }) {
  const text = relativeDate(value);
  const iso = text === 'Invalid date' ? undefined : new Date(value as string).toISOString();
  return iso ? <time dateTime={iso}>{text}</time> : <span>{text}</span>;
}

/* ---------------------------------------------------------------- empty state */

export function EmptyState({
  title,
  hint,
  icon,
  children,
}: {
  title: string;
  hint?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="tc-empty text-center py-4 px-3">
      <div className="tc-empty-icon mx-auto mb-2">{icon ?? <InboxIcon size={28} />}</div>
      <p className="fw-semibold mb-1">{title}</p>
      {hint && <p className="text-body-secondary small mb-2">{hint}</p>}
      {children}
    </div>
  );
}

export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center py-5" role="status">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
