import { EmptyState, ShieldIcon } from '@trustcircle/ui';
import { ListFallback, LoadMore } from '../components/paged';
import { QueueItem } from '../components/QueueItem';
import { useQueue } from '../moderation-data';

/** `/moderation`: the queue, ordered as the API gives it (report weight, then age). */
export function ModerationQueuePage() {
  const queue = useQueue();
  if (!queue.data) return <ListFallback query={queue} what="the moderation queue" />;
  const items = queue.data.pages.flatMap((page) => page.items);
  return (
    <>
      {items.length === 0 && !queue.hasNextPage ? (
        <div className="card border-0 shadow-sm">
          <EmptyState
            title="The queue is empty"
            hint="Nothing is waiting for a decision."
            icon={<ShieldIcon size={28} />}
          />
        </div>
      ) : (
        <ol className="list-unstyled d-grid gap-3 mb-0" aria-label="Reviews waiting for a decision">
          {items.map((item) => (
            <li key={item.review.id}>
              <QueueItem item={item} />
            </li>
          ))}
        </ol>
      )}
      <LoadMore query={queue} />
    </>
  );
}
