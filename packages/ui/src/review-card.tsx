import type { ModeratedReview } from '@trustcircle/contracts';
import type { ReactNode } from 'react';
import { PersonName } from './people';
import { PhotoGrid } from './photo-grid';
import { ReviewReplySection } from './review-reply';
import {
  Link,
  useNavigate,
  InitialsAvatar,
  ModerationBadge,
  RelativeDate,
  VerifiedBadge,
  longDate,
  MessageIcon,
  MoreIcon,
  ThumbsUpIcon,
  useMenu,
  StarRating,
} from '@trustcircle/ui';

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
  /** Offered on the reader's own review: asks to delete it (`useReviewDeletion`). */
  onDelete?(review: ModeratedReview): void;
}

/** One's own review can be edited while published (a held one waits for the moderators). */
const editable = (review: ModeratedReview) =>
  !review.moderation || review.moderation.status === 'published';

function ReviewMenu({
  review,
  mine,
  onCopied,
  onDelete,
}: Pick<ReviewCardProps, 'review' | 'onCopied' | 'onDelete'> & { mine: boolean }) {
  const menu = useMenu();
  const navigate = useNavigate();

  const copy = async () => {
    const url = `${window.location.origin}/reviews/${review.id}`;
    menu.close();
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // clipboard refused (insecure context): nothing else to do
    }
    onCopied?.(url);
  };
  const report = () => {
    menu.close();
    window.open(`/report/review/${review.id}`, '_blank', 'noopener');
  };

  return (
    <div className="position-relative" ref={menu.ref} onKeyDown={menu.onKeyDown}>
      <button
        type="button"
        className="btn btn-sm btn-link text-body-secondary tc-icon-btn"
        aria-label="Review options"
        {...menu.toggle}
      >
        <MoreIcon size={18} />
      </button>
      {menu.open && (
        <ul id={menu.menuId} className="dropdown-menu dropdown-menu-end show tc-menu-right">
          <li>
            <button type="button" className="dropdown-item" onClick={copy}>
              Copy link
            </button>
          </li>
          {mine && editable(review) && (
            <li>
              <button
                type="button"
                className="dropdown-item"
                onClick={() => navigate(`/write-review/${review.businessId}`)}
              >
                Edit review
              </button>
            </li>
          )}
          {mine && onDelete && (
            <li>
              <button
                type="button"
                className="dropdown-item text-danger"
                onClick={() => {
                  menu.close();
                  onDelete(review);
                }}
              >
                Delete review
              </button>
            </li>
          )}
          {/* Reporting one's own review makes no sense (and the API refuses it). */}
          {!mine && (
            <li>
              <button type="button" className="dropdown-item" onClick={report}>
                Report
              </button>
            </li>
          )}
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
  onDelete,
}: ReviewCardProps) {
  const businessName = review.businessName || `Business #${review.businessId}`;
  const author = review.user;
  const mine = currentUserId != null && review.userId === currentUserId;
  const firstGroup = review.groups?.[0];
  const photos = review.photos ?? [];
  const edited = longDate(review.editedAt);
  return (
    <article className="card tc-review-card shadow-sm" aria-label={`Review of ${businessName}`}>
      <div className="card-body">
        <div className="d-flex align-items-start gap-2">
          <InitialsAvatar name={author?.name} username={author?.username} size={40} />
          <div className="flex-grow-1 min-w-0">
            <div className="d-flex flex-wrap align-items-center gap-1">
              {author?.username ? (
                <PersonName person={author} />
              ) : (
                <span className="fw-semibold">{author?.name || 'TrustCircle member'}</span>
              )}
              {author?.isVerified && <VerifiedBadge since={author.verifiedAt} />}
              {mine && <span className="badge text-bg-light border">Your review</span>}
              <ModerationBadge status={review.moderation?.status} />
            </div>
            <div className="small text-body-secondary">
              <RelativeDate value={review.createdAt} />
              {edited && (
                <>
                  {' · '}
                  <span className="tc-edited text-nowrap">
                    Edited <time dateTime={review.editedAt ?? undefined}>{edited}</time>
                  </span>
                </>
              )}
              {firstGroup && (
                <>
                  {' · '}
                  <span className="badge tc-badge-group">{firstGroup.name}</span>
                </>
              )}
            </div>
          </div>
          <ReviewMenu review={review} mine={mine} onCopied={onCopied} onDelete={onDelete} />
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
        <ReviewReplySection review={review} />
        {footer}
      </div>
    </article>
  );
}
