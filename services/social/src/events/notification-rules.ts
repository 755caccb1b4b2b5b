import type {
  ModerationDecidedEventData,
  ReplyEventData,
  ReviewDeletedEventData,
  ReviewEventData,
  UserDeletedEventData,
  VoteChangedEventData,
} from '@trustcircle/contracts';
import type { Knex } from '@trustcircle/service-kit';
import { helpfulBumps, voterCandidates } from '../domain/helpful-notices';
import { moderationNotice } from '../domain/moderation-notice';
import { followsStore } from '../store/follows-store';
import { notificationsStore } from '../store/notifications-store';
import { reviewsStore } from '../store/reviews-store';
import { usersStore } from '../store/users-store';
import type { Announce } from './social-events';

/**
 * A review seen for the first time (`reviews.review.created`, or the first of its events to
 * arrive) tells its author's followers, unless it is not published (held). Later versions only
 * keep the projection current: an edit is not news.
 */
export async function reviewWritten(
  trx: Knex.Transaction,
  review: ReviewEventData,
  { isNew }: { isNew: boolean },
  announce: Announce,
) {
  const fresh = await reviewsStore.upsert(trx, review);
  if (!isNew || !fresh || review.hidden) return;
  const written = await notificationsStore.insertForFollowers(trx, review.userId, {
    kind: 'following_review',
    payload: { reviewId: review.id, businessId: review.businessId, rating: review.rating },
    actorId: review.userId,
  });
  await announce(trx, written);
}

/**
 * People found reviews helpful: each author hears of it, grouped per review while unread, each
 * person counted once however often they toggle. Votes taken back change nothing here. Applied
 * a batch at a time (one vote when a batch is retried one by one).
 */
export async function votesChanged(
  trx: Knex.Transaction,
  votes: readonly VoteChangedEventData[],
  announce: Announce,
) {
  const given = votes.filter((vote) => vote.voted === true);
  if (given.length === 0) return;
  const authors = await reviewsStore.authorsOf(
    trx,
    given.map((vote) => vote.reviewId),
  );
  const counted = await reviewsStore.countVoters(trx, voterCandidates(given, authors));
  const written = await notificationsStore.bumpHelpful(trx, helpfulBumps(counted));
  await announce(trx, written);
}

/** An owner replied to a review: its author hears of it (not of edits, nor of their own reply). */
export async function ownerReplied(
  trx: Knex.Transaction,
  reply: ReplyEventData,
  announce: Announce,
) {
  if (reply.ownerId === reply.reviewAuthorId) return;
  await notificationsStore.lockRecipients(trx, [reply.reviewAuthorId]);
  const written = await notificationsStore.insert(trx, {
    userIds: [reply.reviewAuthorId],
    kind: 'owner_reply',
    payload: { reviewId: reply.reviewId, businessId: reply.businessId },
    actorId: reply.ownerId,
  });
  await announce(trx, written);
}

/** A moderation decision on a review its author should know of (domain/moderation-notice.ts). */
export async function reviewModerated(
  trx: Knex.Transaction,
  decision: ModerationDecidedEventData,
  announce: Announce,
) {
  const payload = moderationNotice(decision);
  if (!payload) return;
  await notificationsStore.lockRecipients(trx, [decision.userId]);
  // No actor: which moderator decided is not the author's to know.
  const written = await notificationsStore.insert(trx, {
    userIds: [decision.userId],
    kind: 'review_moderated',
    payload,
    actorId: null,
  });
  await announce(trx, written);
}

export async function reviewDeleted(trx: Knex.Transaction, review: ReviewDeletedEventData) {
  await reviewsStore.delete(trx, review.id);
}

/**
 * A member left (`identity.user.deleted`): their follows both ways, their notifications and
 * those about them, their preferences, their reviews' rows and counted votes go; their user
 * row becomes a tombstone. No `social.follow.removed` is published, as communities publishes
 * no `member.left`: everyone who cares hears the deletion itself.
 */
export async function forgetUser(trx: Knex.Transaction, user: UserDeletedEventData) {
  // The tombstone first: it locks the user's row, which a review event applied at the same time
  // reads `for share` (reviewsStore.upsert), so that event's row is seen and deleted below, or
  // that event sees the tombstone and keeps nothing.
  await usersStore.tombstone(trx, user);
  await followsStore.deleteAllOf(trx, user.id);
  await notificationsStore.deleteAllOf(trx, user.id);
  await reviewsStore.deleteAllOf(trx, user.id);
}
