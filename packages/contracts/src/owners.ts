import { z } from 'zod';
import { PageQuerySchema } from './common';
import type { ApiOperation } from './operation';

/**
 * Business claims and owners (catalog) and owners' replies to reviews (reviews), issue 18. A
 * member claims a business with a message; a moderator approves or rejects the claim; an approved
 * claimant is an owner of that business and may answer each of its reviews once, in public.
 */
export const CLAIM_MESSAGE_REQUIRED = 'Tell us how you are connected to this business';
export const ALREADY_OWNER = 'You already own this business';
export const CLAIM_PENDING = 'Your claim for this business is already waiting for a moderator';
export const CLAIM_NOT_FOUND = 'Claim not found';
export const CLAIM_ALREADY_DECIDED = 'This claim has already been decided';
export const REPLY_BODY_REQUIRED = 'Please write your reply';
export const REPLY_OWNERS_ONLY = 'Only an owner of this business can reply to its reviews';
export const REPLY_EXISTS = 'This review already has a reply from the business';
export const REPLY_NOT_FOUND = 'This review has no reply';
export const REPLY_NOT_YOURS = 'Only the owner who wrote this reply can change it';

export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ClaimStatusSchema = z.enum(CLAIM_STATUSES);
export type ClaimStatus = z.infer<typeof ClaimStatusSchema>;

/** `POST /api/businesses/{id}/claims`. */
export const ClaimRequestSchema = z.object({
  message: z
    .string({ error: CLAIM_MESSAGE_REQUIRED })
    .trim()
    .min(1, CLAIM_MESSAGE_REQUIRED)
    .max(1000, 'Message must be at most 1000 characters'),
});
export type ClaimRequest = z.infer<typeof ClaimRequestSchema>;

/** A claim as its claimant sees it. */
export const ClaimSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  status: ClaimStatusSchema,
  message: z.string(),
  /** The moderator's reason for a rejection; null otherwise. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Claim = z.infer<typeof ClaimSchema>;

const OwnerSchema = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
export type Owner = z.infer<typeof OwnerSchema>;

/**
 * `GET /api/businesses/{id}/owners`: who owns the business (the "Owner" badges), and for a
 * signed-in viewer whether they own it and their latest claim (the "Claim this business" state).
 */
export const BusinessOwnershipSchema = z.object({
  owners: z.array(OwnerSchema),
  isOwner: z.boolean(),
  claim: ClaimSchema.nullable(),
});
export type BusinessOwnership = z.infer<typeof BusinessOwnershipSchema>;

/** `GET /api/moderation/claims`: pending claims, oldest first, with whom and what they are about. */
export const ClaimQueueItemSchema = ClaimSchema.extend({
  business: z.object({ id: z.number().int(), name: z.string() }),
  claimant: OwnerSchema.extend({ reviewCount: z.number().int().nonnegative() }),
});
export type ClaimQueueItem = z.infer<typeof ClaimQueueItemSchema>;
export const ClaimQueueSchema = z.array(ClaimQueueItemSchema);

/** `POST /api/moderation/claims/{id}/decision` → the decided claim. */
export const ClaimDecisionRequestSchema = z.object({
  action: z.enum(['approve', 'reject'], { error: 'Choose approve or reject' }),
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(500, 'Reason is too long')
    .nullish()
    .transform((value) => value || null),
});
export type ClaimDecisionRequest = z.output<typeof ClaimDecisionRequestSchema>;

/** `POST|PATCH /api/reviews/{id}/reply`. */
export const ReplyRequestSchema = z.object({
  body: z
    .string({ error: REPLY_BODY_REQUIRED })
    .trim()
    .min(1, REPLY_BODY_REQUIRED)
    .max(2000, 'Reply must be at most 2000 characters'),
});
export type ReplyRequest = z.infer<typeof ReplyRequestSchema>;

/** An owner's public reply, shown under the review (`Review.reply`). */
export const ReviewReplySchema = z.object({
  body: z.string(),
  owner: OwnerSchema,
  createdAt: z.string(),
  /** When its owner last changed it; null for a reply never edited. */
  editedAt: z.string().nullable(),
});
export type ReviewReply = z.infer<typeof ReviewReplySchema>;

export const ownerApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/businesses/{id}/owners',
    summary: "A business's owners, and whether I own it or have claimed it",
    tag: 'owners',
    auth: 'optional',
    response: BusinessOwnershipSchema,
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/businesses/{id}/claims',
    summary: 'Claim a business with a message; a moderator decides (one open claim per business)',
    tag: 'owners',
    auth: 'session',
    request: ClaimRequestSchema,
    response: ClaimSchema,
    status: 201,
    errors: [400, 401, 404, 409, 429],
  },
  {
    method: 'get',
    path: '/api/moderation/claims',
    summary: 'Claims waiting for a decision, oldest first (moderators, paged)',
    tag: 'moderation',
    auth: 'session',
    query: PageQuerySchema,
    response: ClaimQueueSchema,
    errors: [400, 401, 403],
  },
  {
    method: 'post',
    path: '/api/moderation/claims/{id}/decision',
    summary: 'Approve (the claimant becomes an owner) or reject a pending claim (moderators)',
    tag: 'moderation',
    auth: 'session',
    request: ClaimDecisionRequestSchema,
    response: ClaimSchema,
    errors: [400, 401, 403, 404, 409, 429],
  },
  {
    method: 'post',
    path: '/api/reviews/{id}/reply',
    summary: 'Reply in public to a review of a business I own (one reply per review)',
    tag: 'owners',
    auth: 'session',
    request: ReplyRequestSchema,
    response: ReviewReplySchema,
    status: 201,
    errors: [400, 401, 403, 404, 409, 429],
  },
  {
    method: 'patch',
    path: '/api/reviews/{id}/reply',
    summary: 'Edit my reply to a review',
    tag: 'owners',
    auth: 'session',
    request: ReplyRequestSchema,
    response: ReviewReplySchema,
    errors: [400, 401, 403, 404, 429],
  },
  {
    method: 'delete',
    path: '/api/reviews/{id}/reply',
    summary: 'Delete my reply to a review',
    tag: 'owners',
    auth: 'session',
    status: 204,
    errors: [401, 403, 404, 429],
  },
];
