import { z } from 'zod';
import { PageQuerySchema } from './common';
import type { ApiOperation } from './operation';
import { PeopleListSchema, PersonSummarySchema } from './search';

/** Follows and notifications (issue 18; the social service, docs/api.md "Social"). */
export const USER_NOT_FOUND = 'User not found';
export const FOLLOW_SELF = 'You cannot follow yourself';
export const NOTIFICATION_NOT_FOUND = 'Notification not found';
export const TOO_MANY_STREAMS = 'Too many open notification streams; close one and try again';

/** A profile's follow counts, and whether the signed-in viewer follows it (false when signed out). */
export const FollowStatusSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  followerCount: z.number().int().nonnegative(),
  followingCount: z.number().int().nonnegative(),
  isFollowing: z.boolean(),
});
export type FollowStatus = z.infer<typeof FollowStatusSchema>;

/**
 * A public profile's header (issue 18; identity): what a review shows of its author, and the
 * month they joined. Never e-mail, bio or verification id.
 */
export const PublicProfileSchema = PersonSummarySchema.extend({ joinedAt: z.string() });
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

/** A profile's review figures (reviews): published reviews and helpful votes they received. */
export const ReviewStatsSchema = z.object({
  reviewCount: z.number().int().nonnegative(),
  helpfulVotes: z.number().int().nonnegative(),
});
export type ReviewStats = z.infer<typeof ReviewStatsSchema>;

/** "People to follow" (the home): members of my groups I do not follow, most reviews first. */
export const SuggestedPersonSchema = PersonSummarySchema.extend({
  /** Their published reviews. */
  reviewCount: z.number().int().nonnegative(),
});
export type SuggestedPerson = z.infer<typeof SuggestedPersonSchema>;
export const SuggestedPeopleQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(20, 'limit must be at most 20')
    .default(5),
});

/** `/api/users/{username}/followers|following`: newest follow first, keyset paged. */
export const FollowListQuerySchema = PageQuerySchema;

/**
 * What a notification is about. A kind switched off in the preferences is not written at all.
 * `review_helpful` is grouped: while unread, one notification per review counts the people.
 */
export const NOTIFICATION_KINDS = [
  'new_follower',
  'following_review',
  'review_helpful',
  'owner_reply',
  'review_moderated',
] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

export const NewFollowerPayloadSchema = z.object({});
export const FollowingReviewPayloadSchema = z.object({
  reviewId: z.number().int(),
  businessId: z.number().int(),
  rating: z.number().int(),
});
export const ReviewHelpfulPayloadSchema = z.object({
  reviewId: z.number().int(),
  businessId: z.number().int(),
  /** People who found the review helpful since this notification began (each counted once). */
  count: z.number().int().positive(),
});

/** An owner of the business replied to your review (the actor is the owner). */
export const OwnerReplyPayloadSchema = z.object({
  reviewId: z.number().int(),
  businessId: z.number().int(),
});
/** A moderator kept or removed your review, or reports held it (`reason`: a removal's). */
export const ReviewModeratedPayloadSchema = z.object({
  reviewId: z.number().int(),
  businessId: z.number().int(),
  action: z.enum(['hold', 'keep', 'remove']),
  reason: z.string().nullable(),
});
export type ReviewModeratedPayload = z.infer<typeof ReviewModeratedPayloadSchema>;

const notificationBase = {
  /** Grows with every notification written (and when a grouped one grows: it takes a new id). */
  id: z.number().int(),
  /**
   * Whom it is about (the new follower, the review's author) as they are now; null for grouped
   * kinds, and while identity's event about them has not arrived yet.
   */
  actor: PersonSummarySchema.nullable(),
  /** The business a review notification is about, named as it is now (null: none, or not known yet). */
  business: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
};
export const NotificationSchema = z.discriminatedUnion('kind', [
  z.object({
    ...notificationBase,
    kind: z.literal('new_follower'),
    payload: NewFollowerPayloadSchema,
  }),
  z.object({
    ...notificationBase,
    kind: z.literal('following_review'),
    payload: FollowingReviewPayloadSchema,
  }),
  z.object({
    ...notificationBase,
    kind: z.literal('review_helpful'),
    payload: ReviewHelpfulPayloadSchema,
  }),
  z.object({
    ...notificationBase,
    kind: z.literal('owner_reply'),
    payload: OwnerReplyPayloadSchema,
  }),
  z.object({
    ...notificationBase,
    kind: z.literal('review_moderated'),
    payload: ReviewModeratedPayloadSchema,
  }),
]);
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationListSchema = z.array(NotificationSchema);

export const NotificationListQuerySchema = PageQuerySchema.extend({
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const UnreadCountSchema = z.object({ count: z.number().int().nonnegative() });
export const ReadAllResponseSchema = z.object({ marked: z.number().int().nonnegative() });

/** Every kind on or off; absent means on. */
export const NotificationPreferencesSchema = z.object({
  new_follower: z.boolean(),
  following_review: z.boolean(),
  review_helpful: z.boolean(),
  owner_reply: z.boolean(),
  review_moderated: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;
/** A PUT changes the kinds it names and keeps the others. */
export const NotificationPreferencesUpdateSchema = z.strictObject(
  {
    new_follower: z.boolean({ error: 'new_follower must be true or false' }).optional(),
    following_review: z.boolean({ error: 'following_review must be true or false' }).optional(),
    review_helpful: z.boolean({ error: 'review_helpful must be true or false' }).optional(),
    owner_reply: z.boolean({ error: 'owner_reply must be true or false' }).optional(),
    review_moderated: z.boolean({ error: 'review_moderated must be true or false' }).optional(),
  },
  { error: 'Unknown notification kind' },
);
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdateSchema>;

/** Server-Sent Events: each `notification` event's `id:` is the notification's id. */
export { NOTIFICATION_STREAM_EVENT } from './constants';

export const socialApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/users/:username',
    summary: "A member's public profile: name, username, avatar, verified, the month they joined",
    tag: 'social',
    auth: 'optional',
    response: PublicProfileSchema,
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/users/:username/review-stats',
    summary: "A member's published reviews and the helpful votes they received (profile counts)",
    tag: 'social',
    auth: 'optional',
    response: ReviewStatsSchema,
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/users/:username/follow',
    summary: "A profile's follower and following counts, and whether I follow them",
    tag: 'social',
    auth: 'optional',
    response: FollowStatusSchema,
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/users/:username/follow',
    summary: 'Follow someone (idempotent); answers the new counts',
    tag: 'social',
    auth: 'session',
    response: FollowStatusSchema,
    errors: [400, 401, 404, 429],
  },
  {
    method: 'delete',
    path: '/api/users/:username/follow',
    summary: 'Stop following someone (idempotent); answers the new counts',
    tag: 'social',
    auth: 'session',
    response: FollowStatusSchema,
    errors: [401, 404, 429],
  },
  {
    method: 'get',
    path: '/api/users/:username/followers',
    summary: 'Who follows them, newest first; X-Next-Cursor paging',
    tag: 'social',
    auth: 'optional',
    query: FollowListQuerySchema,
    response: PeopleListSchema,
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/users/:username/following',
    summary: 'Whom they follow, newest first; X-Next-Cursor paging',
    tag: 'social',
    auth: 'optional',
    query: FollowListQuerySchema,
    response: PeopleListSchema,
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/reviews/people-to-follow',
    summary:
      'People to follow: members of my groups I do not follow yet who wrote published reviews, most reviews first',
    tag: 'social',
    auth: 'session',
    query: SuggestedPeopleQuerySchema,
    response: z.array(SuggestedPersonSchema),
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/api/notifications',
    summary: 'My notifications, newest first (unread=true: only unread); X-Next-Cursor paging',
    tag: 'notifications',
    auth: 'session',
    query: NotificationListQuerySchema,
    response: NotificationListSchema,
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/api/notifications/unread-count',
    summary: 'How many of my notifications are unread',
    tag: 'notifications',
    auth: 'session',
    response: UnreadCountSchema,
    errors: [401],
  },
  {
    method: 'post',
    path: '/api/notifications/:id/read',
    summary: 'Mark one notification read (idempotent)',
    tag: 'notifications',
    auth: 'session',
    response: NotificationSchema,
    errors: [401, 404],
  },
  {
    method: 'post',
    path: '/api/notifications/read-all',
    summary: 'Mark every notification read',
    tag: 'notifications',
    auth: 'session',
    response: ReadAllResponseSchema,
    errors: [401],
  },
  {
    method: 'get',
    path: '/api/notifications/preferences',
    summary: 'Which kinds of notification I get',
    tag: 'notifications',
    auth: 'session',
    response: NotificationPreferencesSchema,
    errors: [401],
  },
  {
    method: 'put',
    path: '/api/notifications/preferences',
    summary: 'Switch kinds on or off (a kind switched off is not written); names only what changes',
    tag: 'notifications',
    auth: 'session',
    request: NotificationPreferencesUpdateSchema,
    response: NotificationPreferencesSchema,
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/api/notifications/stream',
    summary:
      'Server-Sent Events (text/event-stream): `notification` events, id = notification id; resumes after Last-Event-ID; heartbeat comments',
    tag: 'notifications',
    auth: 'session',
    headers: z.object({ 'last-event-id': z.string().optional() }),
    errors: [401, 429],
  },
];
