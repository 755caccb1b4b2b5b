import type { ReviewEventData } from '@trustcircle/contracts';
import {
  eventInStatement,
  OUTBOX,
  preparedRows,
  wakeAfterCommit,
  type Knex,
} from '@trustcircle/service-kit';
import {
  FACT_COLUMNS,
  toFacts,
  type NewReview,
  type ReviewFacts,
  type ReviewFactsRow,
} from './reviews-store';

/** What a new review's event takes from its row; the rest its writer knows beforehand. */
export type ReviewEventFromRow = 'id' | 'helpfulCount' | 'hidden' | 'version' | 'status';

/**
 * A new review without photos, its group tags and its `reviews.review.created` event written
 * by one autocommitted statement, where a transaction cost six round trips (`BEGIN`, three
 * inserts, `COMMIT`): a new review set off 33 round trips to Postgres across the platform, and
 * its own were the most. `writtenAt` is its time, given (not the database's `now()`), so that
 * the event's facts that depend on it are known before the row is. The card's tags are
 * rendered by `review_tags`' statement trigger at the statement's end, as in a transaction.
 * A second review of the business by the same person fails on `reviews_user_business_key`.
 */
export async function insertAnnounced(
  db: Knex,
  review: NewReview & { writtenAt: Date },
  groupIds: readonly number[],
  event: Omit<ReviewEventData, ReviewEventFromRow>,
): Promise<ReviewFacts> {
  const announced = eventInStatement('reviews.review.created', {
    from: 'inserted',
    data: `?::jsonb || jsonb_build_object('id', inserted.id,
             'helpfulCount', inserted.helpful_count, 'hidden', inserted.hidden,
             'version', inserted.version, 'status', inserted.status)`,
    bindings: [JSON.stringify(event)],
  });
  const [row] = await preparedRows<ReviewFactsRow>(
    db,
    db.raw(
      `with inserted as (
         insert into reviews (user_id, business_id, rating, content, pros, cons, photos,
                              created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, '{}', ?, ?)
         returning ${FACT_COLUMNS.join(', ')}
       ), tagged as (
         insert into review_tags (group_id, review_id)
         select g, inserted.id from inserted, unnest(?::int[]) as g
         on conflict (review_id, group_id) do nothing
       ), ${announced.sql}
       select inserted.* from inserted`,
      [
        review.userId,
        review.businessId,
        review.rating,
        review.content,
        review.pros,
        review.cons,
        review.writtenAt,
        review.writtenAt,
        [...groupIds],
        ...announced.bindings,
      ],
    ),
  );
  wakeAfterCommit(db, OUTBOX);
  return toFacts(row!);
}
