import { z } from 'zod';
import type { ApiOperation } from './operation';
import { PageQuerySchema } from './common';
import { REPORT_REASONS, ReviewSchema } from './reviews';

/**
 * Moderation (design §9, issue 15). Reports only queue a review; weighted reports from members
 * in standing hold it ("held": visible to its author and moderators only, out of scores and
 * counts) until a moderator keeps or removes it. The author may appeal a decision once.
 */
export const REVIEW_STATUSES = ['published', 'held', 'removed'] as const;
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

import { MODERATION_REASON_REQUIRED } from './constants';

export {
  APPEAL_ALREADY_MADE,
  APPEAL_NOT_AUTHOR,
  APPEAL_NOT_POSSIBLE,
  MODERATION_REASON_REQUIRED,
  MODERATORS_ONLY,
  NOT_IN_QUEUE,
  REVIEW_HELD_NOTICE,
  REVIEW_REMOVED_NOTICE,
  UNUSUAL_ACTIVITY_NOTICE,
} from './constants';

/**
 * A review's moderation state as its author and moderators see it (`Review.moderation`);
 * absent for everyone else.
 */
export const ReviewModerationSchema = z.object({
  status: ReviewStatusSchema,
  /** The moderator's reason for a removal; null otherwise. */
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  appealed: z.boolean(),
  canAppeal: z.boolean(),
});
export type ReviewModeration = z.infer<typeof ReviewModerationSchema>;

export const ModeratedReviewSchema = ReviewSchema.extend({
  moderation: ReviewModerationSchema.optional(),
});
export type ModeratedReview = z.infer<typeof ModeratedReviewSchema>;

/** Why a review is in the queue. */
export const QUEUE_CAUSES = ['reports', 'unusual-activity', 'appeal'] as const;
export type QueueCause = (typeof QUEUE_CAUSES)[number];

/** A reporter's standing at the time of the report (docs/security.md has the weight table). */
export const ReporterStandingSchema = z.object({
  verified: z.boolean(),
  /** The reporter had confirmed their e-mail address (issue 19). */
  emailConfirmed: z.boolean(),
  accountAgeDays: z.number().int(),
  upheldReports: z.number().int(),
  rejectedReports: z.number().int(),
  weight: z.number(),
});
export type ReporterStanding = z.infer<typeof ReporterStandingSchema>;

const PersonSchema = z.object({ id: z.number().int(), username: z.string(), name: z.string() });

export const ModerationReportSchema = z.object({
  id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(['open', 'upheld', 'rejected']),
  reporter: PersonSchema,
  standing: ReporterStandingSchema,
});
export type ModerationReport = z.infer<typeof ModerationReportSchema>;

export const ModerationQueueItemSchema = z.object({
  review: ModeratedReviewSchema,
  queuedAt: z.string(),
  causes: z.array(z.enum(QUEUE_CAUSES)),
  /** Sum of the open reports' weights; the queue is ordered by it, then by age. */
  reportWeight: z.number(),
  reports: z.array(ModerationReportSchema),
  appeal: z.object({ message: z.string().nullable(), createdAt: z.string() }).nullable(),
  author: PersonSchema.extend({
    isVerified: z.boolean(),
    accountAgeDays: z.number().int(),
    reviewCount: z.number().int(),
    heldCount: z.number().int(),
    removedCount: z.number().int(),
  }),
});
export type ModerationQueueItem = z.infer<typeof ModerationQueueItemSchema>;

const reason = z.string({ error: 'Reason must be text' }).trim().max(500, 'Reason is too long');

/** `POST /api/moderation/reviews/{id}/decision` → `{ review: ModeratedReview }`. */
export const ModerationDecisionRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('keep'), reason: reason.optional() }),
    z.object({
      action: z.literal('remove'),
      reason: z
        .string({ error: MODERATION_REASON_REQUIRED })
        .trim()
        .min(1, MODERATION_REASON_REQUIRED)
        .max(500, 'Reason is too long'),
    }),
  ],
  { error: 'Choose keep or remove' },
);
export type ModerationDecisionRequest = z.infer<typeof ModerationDecisionRequestSchema>;

export const ModerationDecisionResponseSchema = z.object({ review: ModeratedReviewSchema });

/** `POST /api/reviews/{id}/appeal` (the author, once) → `{ moderation }`. */
export const AppealRequestSchema = z.object({
  message: z
    .string({ error: 'Message must be text' })
    .trim()
    .max(1000, 'Message must be at most 1000 characters')
    .nullish()
    .transform((value) => value || null),
});
export type AppealRequest = z.output<typeof AppealRequestSchema>;
export const AppealResponseSchema = z.object({ moderation: ReviewModerationSchema });

/** `GET /api/moderation/log`: every decision, newest first; `actor` null for automatic ones. */
export const MODERATION_ACTIONS = ['queue', 'hold', 'keep', 'remove', 'appeal'] as const;
export const ModerationLogEntrySchema = z.object({
  id: z.number().int(),
  reviewId: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string().nullable(),
  actor: PersonSchema.nullable(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntrySchema>;

/** `Business.unusualActivity`: set while a burst of reviews is being looked at. */
export const UnusualActivitySchema = z.object({
  since: z.string(),
  reviewCount: z.number().int(),
});
export type UnusualActivity = z.infer<typeof UnusualActivitySchema>;

export const ModerationQueueSchema = z.array(ModerationQueueItemSchema);
export const ModerationLogSchema = z.array(ModerationLogEntrySchema);

/** Moderation's public operations for the OpenAPI document (spread into `apiOperations`). */
export const moderationApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/moderation/queue',
    summary: 'Reviews waiting for a decision, by report weight then age (moderators, paged)',
    tag: 'moderation',
    auth: 'session',
    query: PageQuerySchema,
    response: ModerationQueueSchema,
    errors: [400, 401, 403],
  },
  {
    method: 'post',
    path: '/api/moderation/reviews/{id}/decision',
    summary:
      'Keep (restore, reports rejected) or remove (reason required, reports upheld) a queued review',
    tag: 'moderation',
    auth: 'session',
    request: ModerationDecisionRequestSchema,
    response: ModerationDecisionResponseSchema,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'get',
    path: '/api/moderation/log',
    summary:
      'Every moderation decision, newest first: automatic queues and holds, keeps, removals, appeals (moderators, paged)',
    tag: 'moderation',
    auth: 'session',
    query: PageQuerySchema,
    response: ModerationLogSchema,
    errors: [400, 401, 403],
  },
  {
    method: 'post',
    path: '/api/reviews/{id}/appeal',
    summary:
      "Appeal the hold or removal of your review, once per decision; it goes back to the moderators' queue",
    tag: 'moderation',
    auth: 'session',
    request: AppealRequestSchema,
    response: AppealResponseSchema,
    errors: [400, 401, 403, 404, 409],
  },
];
