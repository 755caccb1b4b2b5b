import type { ReplyEventData, ReviewReply } from '@trustcircle/contracts';
import { HttpError, publish, type Knex } from '@trustcircle/service-kit';
import { repliesStore, type ReplyRow } from '../store/replies-store';
import { reviewsStore, type ReviewFacts } from '../store/reviews-store';
import { replyRefusal, type ReplyOperation } from './reply-rules';

type ReplySubject = 'reviews.reply.created' | 'reviews.reply.updated' | 'reviews.reply.deleted';

function replyEventData(review: ReviewFacts, reply: ReplyRow): ReplyEventData {
  return {
    reviewId: review.id,
    businessId: review.businessId,
    reviewAuthorId: review.userId,
    ownerId: reply.user_id,
    version: reply.version,
    at: (reply.deleted_at ?? reply.edited_at ?? reply.created_at).toISOString(),
  };
}

/** Owners' public replies to reviews of their business (issue 18), one per review. */
export function createReplies({ db }: { db: Knex }) {
  /**
   * Runs `change` with the review and its reply locked, once the rules allow `op`, and publishes
   * what it wrote through the outbox in the same transaction.
   */
  async function changeReply(
    op: ReplyOperation,
    userId: number,
    reviewId: number,
    subject: ReplySubject,
    change: (trx: Knex.Transaction, review: ReviewFacts) => Promise<ReplyRow>,
  ): Promise<void> {
    await db.transaction(async (trx) => {
      const review = await reviewsStore.lock(trx, reviewId);
      const reply = review ? await repliesStore.lock(trx, reviewId) : null;
      const refusal = replyRefusal(op, userId, {
        reviewVisible: review !== null && !review.hidden,
        isOwner: review !== null && (await repliesStore.isOwner(trx, review.businessId, userId)),
        replyBy: reply && reply.deleted_at === null ? reply.user_id : null,
      });
      if (refusal) throw new HttpError(refusal.status, refusal.message);
      const written = await change(trx, review!);
      await publish(trx, subject, replyEventData(review!, written));
    });
  }

  const answer = async (reviewId: number): Promise<ReviewReply> => {
    const reply = await repliesStore.view(db, reviewId);
    if (!reply) throw new Error(`reply of review ${reviewId} vanished`);
    return reply;
  };

  return {
    async write(userId: number, reviewId: number, body: string): Promise<ReviewReply> {
      await changeReply('write', userId, reviewId, 'reviews.reply.created', (trx) =>
        repliesStore.write(trx, { reviewId, userId, body }),
      );
      return answer(reviewId);
    },

    async edit(userId: number, reviewId: number, body: string): Promise<ReviewReply> {
      await changeReply('edit', userId, reviewId, 'reviews.reply.updated', (trx) =>
        repliesStore.edit(trx, reviewId, body),
      );
      return answer(reviewId);
    },

    async remove(userId: number, reviewId: number): Promise<void> {
      await changeReply('delete', userId, reviewId, 'reviews.reply.deleted', (trx) =>
        repliesStore.remove(trx, reviewId),
      );
    },
  };
}
export type Replies = ReturnType<typeof createReplies>;
