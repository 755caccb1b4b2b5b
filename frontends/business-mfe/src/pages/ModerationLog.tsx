import type { ModerationLogEntry } from '@trustcircle/contracts/moderation';
import { EmptyState, RelativeDate, Link } from '@trustcircle/ui';
import { ListFallback, LoadMore } from '../components/paged';
import { useLog } from '../moderation-data';

const ACTIONS: Record<ModerationLogEntry['action'], { label: string; verb: string }> = {
  queue: { label: 'Queued', verb: 'queued' },
  hold: { label: 'Held', verb: 'held' },
  keep: { label: 'Kept', verb: 'kept' },
  remove: { label: 'Removed', verb: 'removed' },
  appeal: { label: 'Appealed', verb: 'appealed' },
};

function when(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

function Entry({ entry }: { entry: ModerationLogEntry }) {
  const action = ACTIONS[entry.action];
  return (
    <li className="card border-0 shadow-sm">
      <div className="card-body py-3 d-flex flex-column flex-sm-row gap-2 gap-sm-3">
        <div className="tc-log-action">
          <span className={`badge tc-log-badge tc-log-${entry.action}`}>{action.label}</span>
        </div>
        <div className="min-w-0 flex-grow-1">
          <p className="mb-1">
            <span className="fw-semibold">
              {entry.actor ? entry.actor.name || entry.actor.username : 'Automatic'}
            </span>
            {entry.actor && (
              <span className="small text-body-secondary"> @{entry.actor.username}</span>
            )}{' '}
            {action.verb} <Link to={`/reviews/${entry.reviewId}`}>review #{entry.reviewId}</Link> of{' '}
            <Link to={`/business/${entry.businessId}`} className="tc-link-strong">
              {entry.businessName}
            </Link>
          </p>
          {entry.reason && (
            <p className="small mb-1 tc-pre-line">
              <span className="fw-semibold">
                {entry.action === 'appeal' ? 'Message:' : 'Reason:'}
              </span>{' '}
              {entry.reason}
            </p>
          )}
          <p className="small text-body-secondary mb-0">
            {when(entry.createdAt)} · <RelativeDate value={entry.createdAt} />
          </p>
        </div>
      </div>
    </li>
  );
}

/** `/moderation/log`: every decision, newest first — who, when, what and why. */
export function ModerationLogPage() {
  const log = useLog();
  if (!log.data) return <ListFallback query={log} what="the decision log" />;
  const entries = log.data.pages.flatMap((page) => page.items);
  return (
    <>
      {entries.length === 0 ? (
        <div className="card border-0 shadow-sm">
          <EmptyState title="No decisions yet" />
        </div>
      ) : (
        <ol className="list-unstyled d-grid gap-2 mb-0" aria-label="Moderation decisions">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      <LoadMore query={log} />
    </>
  );
}
