import { z } from 'zod';
import { MessageResponseSchema } from './account';
import type { ApiOperation } from './operation';
import { SessionSchema } from './sessions';
import { UserSchema } from './users';

/**
 * Leaving the platform and taking one's data along (issue 19; docs/api.md, "Leave and export").
 */
export const DeleteAccountRequestSchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(128, 'Password is incorrect'),
  /** `delete`: the reviews go too (with their photos); `keep`: they stay, by "Former member". */
  reviews: z.enum(['delete', 'keep'], { error: 'Choose whether your reviews are deleted or kept' }),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

export const ACCOUNT_DELETED =
  'Your account has been deleted. Thank you for having been part of TrustCircle.';
/** The author name kept reviews show once their author has left. */
export const FORMER_MEMBER = 'Former member';

/** Communities' part of an export. */
export const CommunitiesExportSchema = z.object({
  memberships: z.array(
    z.object({ groupId: z.number().int(), groupName: z.string(), joinedAt: z.string() }),
  ),
  groupsCreated: z.array(
    z.object({ id: z.number().int(), name: z.string(), createdAt: z.string() }),
  ),
});
export type CommunitiesExport = z.infer<typeof CommunitiesExportSchema>;

/** Reviews' part of an export: what the member wrote, voted and reported. */
export const ReviewsExportSchema = z.object({
  reviews: z.array(
    z.object({
      id: z.number().int(),
      businessId: z.number().int(),
      businessName: z.string(),
      rating: z.number().int(),
      content: z.string(),
      pros: z.string(),
      cons: z.string(),
      groupIds: z.array(z.number().int()),
      photos: z.array(z.string()),
      helpfulCount: z.number().int(),
      status: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  helpfulVotes: z.array(z.object({ reviewId: z.number().int(), createdAt: z.string() })),
  reports: z.array(
    z.object({
      reviewId: z.number().int(),
      reason: z.string(),
      details: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  photos: z.array(
    z.object({
      id: z.string(),
      reviewId: z.number().int().nullable(),
      contentType: z.string(),
      size: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  /** Replies the member wrote as a business's owner (issue 18). */
  replies: z.array(
    z.object({
      reviewId: z.number().int(),
      body: z.string(),
      createdAt: z.string(),
      editedAt: z.string().nullable(),
    }),
  ),
});
export type ReviewsExport = z.infer<typeof ReviewsExportSchema>;

/** Catalog's part of an export: the member's claims of businesses and what they own (issue 18). */
export const CatalogExportSchema = z.object({
  businessClaims: z.array(
    z.object({
      businessId: z.number().int(),
      businessName: z.string(),
      status: z.string(),
      message: z.string(),
      reason: z.string().nullable(),
      createdAt: z.string(),
      decidedAt: z.string().nullable(),
    }),
  ),
  ownedBusinesses: z.array(
    z.object({ businessId: z.number().int(), businessName: z.string(), since: z.string() }),
  ),
});
export type CatalogExport = z.infer<typeof CatalogExportSchema>;

/**
 * Social's part of an export: whom the member follows and who follows them (by username, as
 * they are now), their notifications and their notification preferences.
 */
export const SocialExportSchema = z.object({
  following: z.array(z.object({ username: z.string(), since: z.string() })),
  followers: z.array(z.object({ username: z.string(), since: z.string() })),
  notifications: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      payload: z.record(z.string(), z.unknown()),
      readAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  notificationPreferences: z.record(z.string(), z.boolean()),
});
export type SocialExport = z.infer<typeof SocialExportSchema>;

/** `GET /api/user/export`: everything the platform holds about the member. */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  profile: UserSchema,
  /** The sessions as listed, with the User-Agent header each was signed in with. */
  sessions: z.array(SessionSchema.extend({ userAgent: z.string().nullable() })),
  ...CommunitiesExportSchema.shape,
  ...ReviewsExportSchema.shape,
  ...SocialExportSchema.shape,
  ...CatalogExportSchema.shape,
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

export const leaveApiOperations: ApiOperation[] = [
  {
    method: 'delete',
    path: '/api/user',
    summary:
      'Delete the account (password required); `reviews` says whether the reviews are deleted or kept as "Former member". Every session ends; every service removes or anonymises what it holds',
    tag: 'account',
    auth: 'session',
    request: DeleteAccountRequestSchema,
    response: MessageResponseSchema,
    errors: [400, 401, 403, 413, 415, 429, 503],
  },
  {
    method: 'get',
    path: '/api/user/export',
    summary:
      'Everything the platform holds about the member as a JSON download (Content-Disposition: attachment)',
    tag: 'account',
    auth: 'session',
    response: AccountExportSchema,
    errors: [401, 429, 503],
  },
];
