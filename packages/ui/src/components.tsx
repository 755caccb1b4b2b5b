import type { ModeratedReview } from '@trustcircle/contracts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  initials,
  moderationNotice,
  RATING_CAPTIONS,
  relativeDate,
  starFills,
  trustTone,
  trustWidth,
  verifiedTitle,
} from './helpers';
import {
  CheckBadgeIcon,
  CloseIcon,
  InboxIcon,
  MessageIcon,
  MoreIcon,
  StarIcon,
  ThumbsUpIcon,
} from './icons';

/* ---------------------------------------------------------------- star rating */

export interface StarRatingProps {
  value: number;
  max?: number;
  size?: number;
  /** Show the value to one decimal next to the stars. */
  showValue?: boolean;
  className?: string;
}

/** Read-only rating with half stars. */
export function StarRating({ value, max = 5, size = 16, showValue, className }: StarRatingProps) {
  const safe = Number.isFinite(value) ? value : 0;
  return (
    <span className={`tc-stars ${className ?? ''}`}>
      <span
        role="img"
        aria-label={`Rated ${safe.toFixed(1)} out of ${max}`}
        className="tc-stars-row"
      >
        {starFills(safe, max).map((fill, index) => (
          <span key={index} className={`tc-star tc-star-${fill}`}>
            <StarIcon size={size} className="tc-star-empty-icon" />
            {fill !== 'empty' && (
              <span className="tc-star-fill">
                <StarIcon size={size} />
              </span>
            )}
          </span>
        ))}
      </span>
      {showValue && <span className="tc-stars-value">{safe.toFixed(1)}</span>}
    </span>
  );
}

export interface StarInputProps {
  value: number;
  onChange(value: number): void;
  label?: string;
  name?: string;
  size?: number;
}

/** Interactive 1–5 rating (radio buttons: arrow keys work), with the captions of spec §2. */
export function StarInput({ value, onChange, label = 'Rating', name, size = 28 }: StarInputProps) {
  const generated = useId();
  const groupName = name ?? `rating-${generated}`;
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset className="tc-star-input">
      <legend className="form-label fs-6">{label}</legend>
      <div className="d-flex gap-1" onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className={`tc-star-choice ${star <= shown ? 'is-on' : ''}`}
            onMouseEnter={() => setHover(star)}
          >
            <input
              type="radio"
              className="visually-hidden"
              name={groupName}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
            />
            <StarIcon size={size} />
            <span className="visually-hidden">
              {star} {star === 1 ? 'star' : 'stars'}: {RATING_CAPTIONS[star]}
            </span>
          </label>
        ))}
      </div>
      <p className="tc-star-caption small text-body-secondary mt-1 mb-0" aria-live="polite">
        {shown ? RATING_CAPTIONS[shown] : 'Select a rating'}
      </p>
    </fieldset>
  );
}

/* ---------------------------------------------------------------- trust score */

export function TrustScoreBar({ score, label = 'Trust score' }: { score: number; label?: string }) {
  const safe = Number.isFinite(score) ? score : 0;
  return (
    <div className="tc-trust">
      <div
        className="tc-trust-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={5}
        aria-valuenow={Number(safe.toFixed(1))}
        aria-valuetext={`${safe.toFixed(1)} out of 5`}
      >
        <div
          className={`tc-trust-fill tc-trust-${trustTone(safe)}`}
          style={{ width: `${trustWidth(safe)}%` }}
        />
      </div>
    </div>
  );
}

/* ---------------------------------------------------------------- avatar, badge, date */

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

/* ---------------------------------------------------------------- review card */

export interface ReviewCardProps {
  review: ModeratedReview;
  currentUserId?: number | null;
  /** Told after the link was copied (the shell shows a toast). */
  onCopied?(url: string): void;
  /** Helpful button; absent = count only. */
  onHelpful?(review: ModeratedReview): void;
  helpfulPending?: boolean;
  /** Shown at the foot of the card (e.g. the author's moderation notice and appeal). */
  footer?: ReactNode;
}

function ReviewMenu({ review, onCopied }: Pick<ReviewCardProps, 'review' | 'onCopied'>) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const copy = async () => {
    const url = `${window.location.origin}/reviews/${review.id}`;
    setOpen(false);
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // clipboard refused (insecure context): nothing else to do
    }
    onCopied?.(url);
  };
  const report = () => {
    setOpen(false);
    window.open(`/report/review/${review.id}`, '_blank', 'noopener');
  };

  return (
    <div
      className="position-relative"
      ref={ref}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className="btn btn-sm btn-link text-body-secondary tc-icon-btn"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label="Review options"
        onClick={() => setOpen((value) => !value)}
      >
        <MoreIcon size={18} />
      </button>
      {open && (
        <ul id={menuId} className="dropdown-menu dropdown-menu-end show tc-menu-right">
          <li>
            <button type="button" className="dropdown-item" onClick={copy}>
              Copy link
            </button>
          </li>
          <li>
            <button type="button" className="dropdown-item" onClick={report}>
              Report
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

export function ReviewCard({
  review,
  currentUserId,
  onCopied,
  onHelpful,
  helpfulPending,
  footer,
}: ReviewCardProps) {
  const businessName = review.businessName || `Business #${review.businessId}`;
  const author = review.user;
  const mine = currentUserId != null && review.userId === currentUserId;
  const firstGroup = review.groups?.[0];
  const photos = review.photos ?? [];
  return (
    <article className="card tc-review-card shadow-sm" aria-label={`Review of ${businessName}`}>
      <div className="card-body">
        <div className="d-flex align-items-start gap-2">
          <InitialsAvatar name={author?.name} username={author?.username} size={40} />
          <div className="flex-grow-1 min-w-0">
            <div className="d-flex flex-wrap align-items-center gap-1">
              <span className="fw-semibold">
                {author?.name || author?.username || 'TrustCircle member'}
              </span>
              {author?.isVerified && <VerifiedBadge since={author.verifiedAt} />}
              {mine && <span className="badge text-bg-light border">Your review</span>}
              <ModerationBadge status={review.moderation?.status} />
            </div>
            <div className="small text-body-secondary">
              <RelativeDate value={review.createdAt} />
              {firstGroup && (
                <>
                  {' · '}
                  <span className="badge tc-badge-group">{firstGroup.name}</span>
                </>
              )}
            </div>
          </div>
          <ReviewMenu review={review} onCopied={onCopied} />
        </div>
        <h3 className="h6 mt-3 mb-1">
          <Link to={`/business/${review.businessId}`} className="tc-link-strong">
            {businessName}
          </Link>
        </h3>
        <div className="d-flex align-items-center gap-2 mb-2">
          <StarRating value={review.rating} />
          <span className="small fw-semibold">{Number(review.rating).toFixed(1)}</span>
        </div>
        <p className="mb-2 tc-review-content">{review.content}</p>
        {photos.length > 0 && <PhotoGrid photos={photos} subject={businessName} />}
        <div className="d-flex align-items-center gap-3 small text-body-secondary">
          {onHelpful ? (
            <button
              type="button"
              className={`btn btn-sm ${review.hasVoted ? 'btn-primary' : 'btn-outline-secondary'}`}
              disabled={helpfulPending}
              aria-pressed={review.hasVoted ?? false}
              onClick={() => onHelpful(review)}
            >
              <ThumbsUpIcon size={14} /> Helpful ({review.helpfulCount ?? 0})
            </button>
          ) : (
            <span>
              <ThumbsUpIcon size={14} /> {review.helpfulCount ?? 0} helpful
            </span>
          )}
          <span>
            <MessageIcon size={14} /> 0 comments
          </span>
        </div>
        {footer}
      </div>
    </article>
  );
}

/* ---------------------------------------------------------------- photos */

/**
 * A review's photos in a 3-column grid; a click opens the photo larger in a modal dialog
 * (Escape, the close button or a click on the backdrop closes it; arrows step through).
 */
export function PhotoGrid({ photos, subject }: { photos: string[]; subject: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open !== null && !dialog.open) dialog.showModal?.();
    if (open === null && dialog.open) dialog.close();
  }, [open]);

  const alt = (index: number) =>
    `Photo ${index + 1} of ${photos.length} of the review of ${subject}`;
  const step = (delta: number) =>
    setOpen((current) =>
      current === null ? current : (current + delta + photos.length) % photos.length,
    );

  return (
    <>
      <div className="tc-photo-grid mb-2">
        {photos.map((src, index) => (
          <button
            key={index}
            type="button"
            className="tc-photo-thumb"
            aria-label={`Open photo ${index + 1} of ${photos.length} larger`}
            onClick={() => setOpen(index)}
          >
            <img src={src} alt={alt(index)} loading="lazy" />
          </button>
        ))}
      </div>
      <dialog
        ref={dialogRef}
        className="tc-lightbox"
        aria-labelledby={titleId}
        onClose={() => setOpen(null)}
        onClick={(event) => {
          if (event.target === event.currentTarget) setOpen(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') step(1);
          if (event.key === 'ArrowLeft') step(-1);
        }}
      >
        {open !== null && (
          <figure className="m-0">
            <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
              <figcaption id={titleId} className="small text-white">
                {alt(open)}
              </figcaption>
              <button
                type="button"
                className="btn btn-sm btn-light tc-icon-btn"
                aria-label="Close photo"
                onClick={() => setOpen(null)}
              >
                <CloseIcon size={18} />
              </button>
            </div>
            <img src={photos[open]} alt={alt(open)} className="tc-lightbox-img" />
            {photos.length > 1 && (
              <div className="d-flex justify-content-center gap-2 mt-2">
                <button type="button" className="btn btn-sm btn-light" onClick={() => step(-1)}>
                  Previous
                </button>
                <button type="button" className="btn btn-sm btn-light" onClick={() => step(1)}>
                  Next
                </button>
              </div>
            )}
          </figure>
        )}
      </dialog>
    </>
  );
}

/* ---------------------------------------------------------------- spinner */

export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center py-5" role="status">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
