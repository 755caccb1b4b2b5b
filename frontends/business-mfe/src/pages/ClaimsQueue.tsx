import { useId, useState } from 'react';
import type { ClaimQueueItem } from '@trustcircle/contracts';
import {
  apiMessage,
  countLabel,
  EmptyState,
  RelativeDate,
  ShieldIcon,
  useToast,
  Link,
} from '@trustcircle/ui';
import { ListFallback, LoadMore } from '../components/paged';
import { useClaimDecision, useClaimsQueue } from '../owners-data';

function ClaimItem({ item }: { item: ClaimQueueItem }) {
  const [reason, setReason] = useState('');
  const decision = useClaimDecision();
  const toast = useToast();
  const id = useId();
  const who = item.claimant.name || item.claimant.username;
  const decide = (action: 'approve' | 'reject') =>
    decision.mutate(
      { claimId: item.id, decision: { action, reason: reason.trim() || null } },
      {
        onSuccess: () =>
          toast({
            title: action === 'approve' ? 'Claim approved' : 'Claim rejected',
            description:
              action === 'approve'
                ? `${who} now owns ${item.business.name} and can reply to its reviews.`
                : `${who} can see that the claim was not approved.`,
            variant: 'success',
          }),
      },
    );
  return (
    <article className="card border-0 shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="h5 mb-1">
              <span className="visually-hidden">Claim of </span>
              <Link to={`/business/${item.business.id}`} className="tc-link-strong">
                {item.business.name}
              </Link>
            </h2>
            <div className="small text-body-secondary">
              <span className="fw-semibold text-body">{who}</span> @{item.claimant.username} ·{' '}
              {countLabel(item.claimant.reviewCount, 'review')} · claimed{' '}
              <RelativeDate value={item.createdAt} />
            </div>
          </div>
          <span className="badge tc-badge-group">Claim</span>
        </div>
        <p className="mt-3 mb-0 tc-pre-line">{item.message}</p>
        <form
          className="tc-decision mt-3 pt-3 border-top"
          onSubmit={(event) => event.preventDefault()}
        >
          <label htmlFor={id} className="form-label fw-semibold small">
            Reason
          </label>
          <textarea
            id={id}
            className={`form-control form-control-sm ${decision.isError ? 'is-invalid' : ''}`}
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={`${id}-hint${decision.isError ? ` ${id}-error` : ''}`}
          />
          {decision.isError && (
            <div id={`${id}-error`} className="invalid-feedback" role="alert">
              {apiMessage(decision.error)}
            </div>
          )}
          <div id={`${id}-hint`} className="form-text">
            Optional. The claimant sees a rejection&apos;s reason.
          </div>
          <div className="d-flex flex-wrap gap-2 mt-2">
            <button
              type="button"
              className="btn btn-primary"
              disabled={decision.isPending}
              onClick={() => decide('approve')}
            >
              Approve
            </button>
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={decision.isPending}
              onClick={() => decide('reject')}
            >
              Reject
            </button>
          </div>
        </form>
      </div>
    </article>
  );
}

/** `/moderation/claims`: business claims waiting for a decision, oldest first. */
export function ClaimsQueuePage() {
  const queue = useClaimsQueue();
  if (!queue.data) return <ListFallback query={queue} what="the claims" />;
  const items = queue.data.pages.flatMap((page) => page.items);
  return (
    <>
      {items.length === 0 && !queue.hasNextPage ? (
        <div className="card border-0 shadow-sm">
          <EmptyState
            title="No claims waiting"
            hint="When someone claims a business, their claim appears here."
            icon={<ShieldIcon size={28} />}
          />
        </div>
      ) : (
        <ol className="list-unstyled d-grid gap-3 mb-0" aria-label="Claims waiting for a decision">
          {items.map((item) => (
            <li key={item.id}>
              <ClaimItem item={item} />
            </li>
          ))}
        </ol>
      )}
      <LoadMore query={queue} />
    </>
  );
}
