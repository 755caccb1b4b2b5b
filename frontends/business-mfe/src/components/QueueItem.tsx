import { useId, useState } from 'react';
import type {
  ModerationQueueItem,
  ModerationReport,
  QueueCause,
  ReporterStanding,
} from '@trustcircle/contracts/moderation';
import {
  countLabel,
  apiMessage,
  ModerationBadge,
  RelativeDate,
  StarRating,
  useToast,
  VerifiedBadge,
  Link,
} from '@trustcircle/ui';
import { PhotoGrid } from '@trustcircle/ui/reviews';
import { useDecision } from '../moderation-data';
import { REASON_LABELS } from '../pages/ReportReview';

const CAUSE_LABELS: Record<QueueCause, string> = {
  reports: 'Reports',
  'unusual-activity': 'Unusual activity',
  appeal: 'Appeal',
};

/** "new today", "1 day", "40 days", "2 years": an account's age as moderators read it. */
export function accountAge(days: number): string {
  if (days < 1) return 'new today';
  if (days < 365) return countLabel(days, 'day');
  return countLabel(Math.floor(days / 365), 'year');
}

function Standing({ standing }: { standing: ReporterStanding }) {
  return (
    <ul className="list-inline small text-body-secondary mb-0 tc-standing">
      <li className="list-inline-item">{standing.verified ? 'Verified' : 'Not verified'}</li>
      <li className="list-inline-item">Account {accountAge(standing.accountAgeDays)}</li>
      <li className="list-inline-item">
        {standing.upheldReports} upheld · {standing.rejectedReports} rejected
      </li>
      <li className="list-inline-item fw-semibold text-body">
        Weight {standing.weight.toFixed(2)}
      </li>
    </ul>
  );
}

function Report({ report }: { report: ModerationReport }) {
  return (
    <li className="tc-queue-report">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="badge tc-badge-group">{REASON_LABELS[report.reason].label}</span>
        <span className="fw-semibold">{report.reporter.name || report.reporter.username}</span>
        <span className="small text-body-secondary">@{report.reporter.username}</span>
        <span className="small text-body-secondary ms-auto">
          <RelativeDate value={report.createdAt} />
        </span>
      </div>
      {report.details && <p className="small mb-1 mt-1 tc-pre-line">{report.details}</p>}
      <Standing standing={report.standing} />
    </li>
  );
}

const ACTIONS = [
  { action: 'keep', label: 'Keep', style: 'btn-primary' },
  { action: 'remove', label: 'Remove', style: 'btn-outline-danger' },
] as const;

function DecisionForm({ item }: { item: ModerationQueueItem }) {
  const [reason, setReason] = useState('');
  const decision = useDecision();
  const toast = useToast();
  const id = useId();
  const businessName = item.review.businessName;
  const decide = (action: 'keep' | 'remove') => {
    const text = reason.trim();
    decision.mutate(
      {
        reviewId: item.review.id,
        decision:
          action === 'keep' ? { action, reason: text || undefined } : { action, reason: text },
      },
      {
        onSuccess: () =>
          toast({
            title: action === 'keep' ? 'Review kept' : 'Review removed',
            description:
              action === 'keep'
                ? `The review of ${businessName} is published again.`
                : `The review of ${businessName} is removed; its author can see why.`,
            variant: 'success',
          }),
      },
    );
  };
  const failed = decision.isError;
  return (
    <form className="tc-decision mt-3 pt-3 border-top" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="form-label fw-semibold small">
        Reason
      </label>
      <textarea
        id={id}
        className={`form-control form-control-sm ${failed ? 'is-invalid' : ''}`}
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        aria-describedby={`${id}-hint${failed ? ` ${id}-error` : ''}`}
      />
      {failed && (
        <div id={`${id}-error`} className="invalid-feedback" role="alert">
          {apiMessage(decision.error)}
        </div>
      )}
      <div id={`${id}-hint`} className="form-text">
        Required to remove; optional to keep. The author sees a removal&apos;s reason.
      </div>
      <div className="d-flex flex-wrap gap-2 mt-2">
        {ACTIONS.map(({ action, label, style }) => (
          <button
            key={action}
            type="button"
            className={`btn ${style}`}
            disabled={decision.isPending}
            onClick={() => decide(action)}
          >
            {label}
          </button>
        ))}
      </div>
    </form>
  );
}

/** One queued review: the review, why it is queued, its reports, the appeal and its author. */
export function QueueItem({ item }: { item: ModerationQueueItem }) {
  const { review, author } = item;
  const headingId = useId();
  return (
    <article className="card border-0 shadow-sm tc-queue-item" aria-labelledby={headingId}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="h5 mb-1">
              <span className="visually-hidden">Review of </span>
              <Link to={`/business/${review.businessId}`} className="tc-link-strong">
                {review.businessName}
              </Link>
            </h2>
            <div className="d-flex flex-wrap align-items-center gap-2 small">
              <StarRating value={review.rating} size={14} />
              <span className="fw-semibold">{review.rating.toFixed(1)}</span>
              <span className="text-body-secondary">
                written <RelativeDate value={review.createdAt} /> · queued{' '}
                <RelativeDate value={item.queuedAt} />
              </span>
            </div>
          </div>
          <div className="d-flex flex-wrap align-items-center gap-1">
            {item.causes.map((cause) => (
              <span key={cause} className={`badge tc-cause tc-cause-${cause}`}>
                {CAUSE_LABELS[cause]}
              </span>
            ))}
            <ModerationBadge status={review.moderation?.status} />
          </div>
        </div>
        <p className="mt-3 mb-2 tc-pre-line">{review.content}</p>
        {review.photos.length > 0 && (
          <PhotoGrid photos={review.photos} subject={review.businessName} />
        )}
        <div className="row g-3 mt-1">
          <section className="col-lg-7" aria-label="Reports">
            <h3 className="h6 d-flex flex-wrap gap-2 align-items-baseline">
              {countLabel(item.reports.length, 'report')}
              <span className="small fw-normal text-body-secondary">
                open weight {item.reportWeight.toFixed(2)}
              </span>
            </h3>
            {item.reports.length === 0 ? (
              <p className="small text-body-secondary mb-0">No reports.</p>
            ) : (
              <ul className="list-unstyled d-grid gap-2 mb-0">
                {item.reports.map((report) => (
                  <Report key={report.id} report={report} />
                ))}
              </ul>
            )}
          </section>
          <div className="col-lg-5 d-grid gap-3 align-content-start">
            {item.appeal && (
              <section className="tc-appeal" aria-label="Appeal">
                <h3 className="h6 mb-1">
                  Appeal <RelativeDate value={item.appeal.createdAt} />
                </h3>
                <p className="small mb-0 tc-pre-line">
                  {item.appeal.message ?? 'The author appealed without a message.'}
                </p>
              </section>
            )}
            <section aria-label="Author">
              <h3 className="h6 mb-1">Author</h3>
              <div className="d-flex flex-wrap align-items-center gap-1">
                <span className="fw-semibold">{author.name || author.username}</span>
                {author.isVerified && <VerifiedBadge />}
                <span className="small text-body-secondary">@{author.username}</span>
              </div>
              <ul className="list-inline small text-body-secondary mb-0 tc-standing">
                <li className="list-inline-item">
                  {author.isVerified ? 'Verified' : 'Not verified'}
                </li>
                <li className="list-inline-item">Account {accountAge(author.accountAgeDays)}</li>
                <li className="list-inline-item">
                  {countLabel(author.reviewCount, 'review')} · {author.heldCount} held ·{' '}
                  {author.removedCount} removed
                </li>
              </ul>
            </section>
          </div>
        </div>
        <DecisionForm item={item} />
      </div>
    </article>
  );
}
