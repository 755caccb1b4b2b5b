import { z } from 'zod';
import { MODERATION_ACTIONS, ReviewStatusSchema, UnusualActivitySchema } from './moderation';

/**
 * Design §3 events. Payloads carry the entity's state, not just its id (event-carried state
 * transfer), so a consumer builds its projection without calling the producer. Every payload
 * that describes an entity's state carries that entity's `version`, which grows with every
 * change: projections keep the highest version they have seen and ignore older ones, so
 * redelivery and reordering are harmless.
 */

/** The shape of the envelope `version` field: the version of the payload schema. */
export const EVENT_SCHEMA_VERSION = 1;

const Id = z.number().int().positive();
const Version = z.number().int().positive();
const Timestamp = z.iso.datetime({ offset: true });

/** User display and trust facts other services keep as projections. */
export const UserEventDataSchema = z.object({
  id: Id,
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
  /** Added with verification dates: absent in events published before, so optional. */
  verifiedAt: Timestamp.nullable().optional(),
  /** A confirmed e-mail address, part of standing (issue 19): absent in older events. */
  emailConfirmedAt: Timestamp.nullable().optional(),
  createdAt: Timestamp,
  version: Version,
});
export type UserEventData = z.infer<typeof UserEventDataSchema>;

/**
 * The account is gone (issue 19): every service removes or anonymises what it holds of the
 * user. `version` follows the user's last published version, so an older user event arriving
 * later is recognisably stale; `reviews` is the member's choice for their reviews.
 */
export const UserDeletedEventDataSchema = z.object({
  id: Id,
  reviews: z.enum(['delete', 'keep']),
  deletedAt: Timestamp,
  version: Version,
});
export type UserDeletedEventData = z.infer<typeof UserDeletedEventDataSchema>;

export const GroupEventDataSchema = z.object({
  id: Id,
  name: z.string(),
  color: z.string().nullable(),
  icon: z.string().nullable(),
  creatorId: Id,
  createdAt: Timestamp,
  version: Version,
});
export type GroupEventData = z.infer<typeof GroupEventDataSchema>;

/**
 * Membership is a set, not a versioned entity: joined/left for one (group, user) pair are
 * ordered by `at` (the time of the change), which consumers compare like a version.
 */
export const MemberJoinedEventDataSchema = z.object({
  groupId: Id,
  userId: Id,
  joinedAt: Timestamp,
});
export type MemberJoinedEventData = z.infer<typeof MemberJoinedEventDataSchema>;

export const MemberLeftEventDataSchema = z.object({
  groupId: Id,
  userId: Id,
  leftAt: Timestamp,
});
export type MemberLeftEventData = z.infer<typeof MemberLeftEventDataSchema>;

export const BusinessEventDataSchema = z.object({
  id: Id,
  name: z.string(),
  category: z.string(),
  image: z.string().nullable(),
  version: Version,
});
export type BusinessEventData = z.infer<typeof BusinessEventDataSchema>;

/** Everything catalog needs for trust scores and everything communities needs for counts. */
export const ReviewEventDataSchema = z.object({
  id: Id,
  businessId: Id,
  userId: Id,
  rating: z.number().int().min(1).max(5),
  groupIds: z.array(Id),
  helpfulCount: z.number().int().nonnegative(),
  authorVerified: z.boolean(),
  createdAt: Timestamp,
  /** Not published (held or removed): out of every score, count and list. */
  hidden: z.boolean(),
  version: Version,
  /** The moderation status behind `hidden` (absent in events from before moderation). */
  status: ReviewStatusSchema.optional(),
  /**
   * The author's account was younger than NEW_ACCOUNT_DAYS when the review was written (it
   * weighs less in trust scores); absent in older events, meaning false.
   */
  authorNewAccount: z.boolean().optional(),
  /** The business's category when the review was written or changed (groups' top categories). */
  businessCategory: z.string().optional(),
});
export type ReviewEventData = z.infer<typeof ReviewEventDataSchema>;

/**
 * A review removed for good (its author deleted it, or left and chose to delete their
 * reviews): projections drop it, counts and scores follow. `version` is higher than any state
 * published before.
 */
export const ReviewDeletedEventDataSchema = z.object({
  id: Id,
  businessId: Id,
  version: Version,
});
export type ReviewDeletedEventData = z.infer<typeof ReviewDeletedEventDataSchema>;

/** A vote changes the review's helpful count, hence the review's version. */
export const VoteChangedEventDataSchema = z.object({
  reviewId: Id,
  businessId: Id,
  helpfulCount: z.number().int().nonnegative(),
  version: Version,
  /** Who voted, and whether the vote now counts (social's "found helpful"); absent in older events. */
  voterId: Id.optional(),
  voted: z.boolean().optional(),
});
export type VoteChangedEventData = z.infer<typeof VoteChangedEventDataSchema>;

/**
 * How long a consumer of `reviews.vote.changed` lets a vote wait for others to apply them in
 * one transaction (service-kit consumer `batch.waitMs`): a score or a "found helpful" notice
 * that much later, for a transaction shared by every vote of those milliseconds. At 120 votes
 * a second, 100 ms against 25 took a vote's CPU in catalog and social (and their Postgres)
 * from about 3.3 to 1.8 ms (docs/performance.md, twenty-first session).
 */
export const VOTE_BATCH_WAIT_MS = 100;

/** One moderation decision, automatic (`actorId` null) or a moderator's, or an appeal. */
export const ModerationDecidedEventDataSchema = z.object({
  id: Id,
  reviewId: Id,
  businessId: Id,
  /** The review's author. */
  userId: Id,
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string().nullable(),
  actorId: Id.nullable(),
  /** The review's status after the decision. */
  status: ReviewStatusSchema,
  createdAt: Timestamp,
});
export type ModerationDecidedEventData = z.infer<typeof ModerationDecidedEventDataSchema>;

/** A business's unusual-activity flag set (a burst of reviews) or cleared (null). */
export const ActivityChangedEventDataSchema = z.object({
  businessId: Id,
  unusualActivity: UnusualActivitySchema.nullable(),
  version: Version,
});
export type ActivityChangedEventData = z.infer<typeof ActivityChangedEventDataSchema>;

/** A follow between two members (social, issue 18). */
export const FollowCreatedEventDataSchema = z.object({
  followerId: Id,
  followeeId: Id,
  createdAt: Timestamp,
});
export type FollowCreatedEventData = z.infer<typeof FollowCreatedEventDataSchema>;

export const FollowRemovedEventDataSchema = z.object({
  followerId: Id,
  followeeId: Id,
  removedAt: Timestamp,
});
export type FollowRemovedEventData = z.infer<typeof FollowRemovedEventDataSchema>;

/** Most notifications one `social.notification.created` announces (a fan-out is chunked). */
export const NOTIFICATIONS_PER_EVENT = 500;

/**
 * Notifications were written (or a grouped one grew and took a new id), by one transaction:
 * a review's fan-out to its author's followers is one event per 500, not one per follower.
 * Every social replica listens on the subject to push them to the members' open streams
 * (design §10).
 */
export const NotificationCreatedEventDataSchema = z.object({
  notifications: z
    .array(z.object({ id: Id, userId: Id, kind: z.string(), createdAt: Timestamp }))
    .min(1)
    .max(NOTIFICATIONS_PER_EVENT),
});
export type NotificationCreatedEventData = z.infer<typeof NotificationCreatedEventDataSchema>;

/** A claim was approved: the member owns the business from now on (issue 18). */
export const OwnerApprovedEventDataSchema = z.object({
  businessId: Id,
  userId: Id,
  claimId: Id,
  approvedAt: Timestamp,
});
export type OwnerApprovedEventData = z.infer<typeof OwnerApprovedEventDataSchema>;

/**
 * An owner's reply to a review was written, changed or deleted. `version` grows with every change
 * of the review's reply (a deleted and rewritten reply goes on counting).
 */
export const ReplyEventDataSchema = z.object({
  reviewId: Id,
  businessId: Id,
  /** The review's author (who hears of a new reply). */
  reviewAuthorId: Id,
  ownerId: Id,
  version: Version,
  at: Timestamp,
});
export type ReplyEventData = z.infer<typeof ReplyEventDataSchema>;

/** Subject → payload schema: the one list of what travels on the backbone. */
export const EventPayloadSchemas = {
  'identity.user.registered': UserEventDataSchema,
  'identity.user.updated': UserEventDataSchema,
  'identity.user.deleted': UserDeletedEventDataSchema,
  'communities.group.created': GroupEventDataSchema,
  'communities.group.updated': GroupEventDataSchema,
  'communities.member.joined': MemberJoinedEventDataSchema,
  'communities.member.left': MemberLeftEventDataSchema,
  'catalog.business.created': BusinessEventDataSchema,
  'catalog.business.updated': BusinessEventDataSchema,
  'catalog.owner.approved': OwnerApprovedEventDataSchema,
  'reviews.review.created': ReviewEventDataSchema,
  'reviews.review.updated': ReviewEventDataSchema,
  'reviews.review.hidden': ReviewEventDataSchema,
  'reviews.review.deleted': ReviewDeletedEventDataSchema,
  'reviews.vote.changed': VoteChangedEventDataSchema,
  'reviews.moderation.decided': ModerationDecidedEventDataSchema,
  'reviews.activity.changed': ActivityChangedEventDataSchema,
  'reviews.reply.created': ReplyEventDataSchema,
  'reviews.reply.updated': ReplyEventDataSchema,
  'reviews.reply.deleted': ReplyEventDataSchema,
  'social.follow.created': FollowCreatedEventDataSchema,
  'social.follow.removed': FollowRemovedEventDataSchema,
  'social.notification.created': NotificationCreatedEventDataSchema,
} as const;
export type EventSubject = keyof typeof EventPayloadSchemas;
export type EventPayload<S extends EventSubject> = z.infer<(typeof EventPayloadSchemas)[S]>;
export const EVENT_SUBJECTS = Object.keys(EventPayloadSchemas) as EventSubject[];

/** A member's account from registration to deletion: what a projection of users follows. */
export const USER_SUBJECTS = [
  'identity.user.registered',
  'identity.user.updated',
  'identity.user.deleted',
] as const satisfies readonly EventSubject[];

/** A review's states, from written to removed for good: what a projection of reviews follows. */
export const REVIEW_SUBJECTS = [
  'reviews.review.created',
  'reviews.review.updated',
  'reviews.review.hidden',
  'reviews.review.deleted',
] as const satisfies readonly EventSubject[];

export function isEventSubject(value: string): value is EventSubject {
  return Object.hasOwn(EventPayloadSchemas, value);
}

/** The producing service is the subject's first token (`<producer>.<entity>.<verb>`). */
export function producerOf(subject: EventSubject): string {
  return subject.slice(0, subject.indexOf('.'));
}

/** Design §3: every event travels in this envelope. */
export const EventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  producer: z.string().min(1),
  occurredAt: Timestamp,
  version: z.number().int().positive(),
  data: z.unknown(),
});

export type EventEnvelope<S extends EventSubject = EventSubject> = {
  [K in S]: {
    id: string;
    type: K;
    producer: string;
    occurredAt: string;
    version: number;
    data: EventPayload<K>;
  };
}[S];

export type EventParseResult =
  | { ok: true; envelope: EventEnvelope }
  | { ok: false; reason: string; issues?: { path: string; message: string }[] };

/** Validates an envelope and its payload against the subject's contract. */
export function parseEventEnvelope(value: unknown): EventParseResult {
  const envelope = EventEnvelopeSchema.safeParse(value);
  if (!envelope.success) {
    return { ok: false, reason: 'invalid envelope', issues: toIssues(envelope.error) };
  }
  const { type } = envelope.data;
  if (!isEventSubject(type)) return { ok: false, reason: `unknown event type ${type}` };
  const data = EventPayloadSchemas[type].safeParse(envelope.data.data);
  if (!data.success) {
    return { ok: false, reason: `invalid ${type} payload`, issues: toIssues(data.error) };
  }
  return { ok: true, envelope: { ...envelope.data, type, data: data.data } as EventEnvelope };
}

function toIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}
