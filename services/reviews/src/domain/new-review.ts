import { PHOTO_NOT_FOUND, type CreateReviewRequest } from '@trustcircle/contracts';
import { fieldError, type Knex } from '@trustcircle/service-kit';
import { publishReview, reviewEventData } from '../events/review-events';
import { insertAnnounced } from '../store/new-review-statement';
import type { NewReviewFacts } from '../store/new-review-facts';
import { photosStore } from '../store/photos-store';
import { reviewsStore } from '../store/reviews-store';
import { photoIdsOf } from './photos';

/**
 * Writes a checked new review with its tags and `reviews.review.created`; answers its id.
 * Without photos (nearly every review) in one statement (store/new-review-statement.ts); with
 * photos in a transaction that claims them, which rolls the review back when one is not the
 * author's to give.
 */
export async function writeNewReview(
  db: Knex,
  userId: number,
  input: CreateReviewRequest,
  writtenAt: Date | null,
  known: NewReviewFacts,
): Promise<number> {
  const review = { userId, ...input };
  if (input.photos.length === 0) {
    const at = writtenAt ?? new Date();
    // The row's own fields (id, counters, status) are the statement's to fill in.
    const event = await reviewEventData(
      db,
      {
        id: 0,
        userId,
        businessId: input.businessId,
        rating: input.rating,
        helpfulCount: 0,
        hidden: false,
        status: 'published',
        version: 1,
        createdAt: at,
      },
      { groupIds: input.groupIds, known: known.event },
    );
    const {
      id: _id,
      helpfulCount: _h,
      hidden: _hidden,
      version: _v,
      status: _s,
      ...before
    } = event;
    const facts = await insertAnnounced(db, { ...review, writtenAt: at }, input.groupIds, before);
    return facts.id;
  }
  return db.transaction(async (trx) => {
    const facts = await reviewsStore.insert(trx, { ...review, writtenAt });
    await reviewsStore.addTags(trx, facts.id, input.groupIds);
    const ids = photoIdsOf(input.photos);
    if ((await photosStore.claim(trx, facts.id, userId, ids)) !== ids.length) {
      throw fieldError('photos', PHOTO_NOT_FOUND);
    }
    // A new review's tags are exactly the groups just added: not read back.
    await publishReview(trx, 'reviews.review.created', facts, {
      groupIds: input.groupIds,
      known: known.event,
    });
    return facts.id;
  });
}
