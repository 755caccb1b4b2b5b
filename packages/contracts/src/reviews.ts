import { z } from 'zod';
import { ReviewReplySchema } from './owners';
import type { ApiOperation } from './operation';
import { PageQuerySchema } from './common';
import { FeedQuerySchema } from './feed';

/** Spec §5 messages, verbatim. */
export const REVIEW_BUSINESS_REQUIRED = 'Please select a business';
export const REVIEW_RATING_REQUIRED = 'Please select a rating';
export const REVIEW_CONTENT_TOO_SHORT = 'Review must be at least 10 characters';
export const REVIEW_GROUPS_REQUIRED = 'Please select at least one group';
/** Our own messages (docs/api.md, Reviews). */
export const REVIEW_RATING_TOO_HIGH = 'Rating must be at most 5';
export const REVIEW_ALREADY_EXISTS = 'You have already reviewed this business';
export const REVIEW_BUSINESS_NOT_FOUND = 'Business not found';
export const REVIEW_NOT_FOUND = 'Review not found';
export const REVIEW_NOT_A_MEMBER = 'You can only share a review with groups you belong to';
export const REVIEW_NOT_AUTHOR = 'Only the author can edit this review';
export const REVIEW_DELETE_NOT_AUTHOR = 'Only the author can delete this review';
export const REVIEW_OWN_VOTE = 'You cannot vote on your own review';
export const REVIEW_OWN_REPORT = 'You cannot report your own review';
export const REVIEW_ALREADY_REPORTED = 'You have already reported this review';
/**
 * Retryable answers (409 + `Retry-After`): what the write names is not in reviews' projections
 * yet, and may be on its way from the service that just made it.
 */
export const REVIEW_MEMBERSHIP_PENDING =
  'Your new membership is still being processed; try again in a moment';
export const REVIEW_BUSINESS_PENDING =
  'This business was added a moment ago and is still being processed; try again in a moment';
export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 200 printable characters';

/**
 * Development only (issue 17's demo history): `POST /api/reviews` with this header dates the
 * review then, not now. Not part of the public API: the gateway drops it and the reviews
 * service refuses it unless both run with ALLOW_BACKDATED_REVIEWS, which NODE_ENV=production
 * refuses (docs/security.md, "Backdated demo reviews").
 */
export const REVIEW_WRITTEN_AT_HEADER = 'X-Review-Written-At';
export const REVIEW_BACKDATING_DISABLED = 'Backdated reviews are not accepted here';
export const REVIEW_WRITTEN_AT_INVALID =
  'X-Review-Written-At must be an ISO 8601 date-time with a time zone, in the past two years';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for another review';
export const PHOTO_NOT_FOUND = 'Photo not found';
export const PHOTO_WRONG_TYPE = 'Photos must be JPEG, PNG or WebP images';
export const PHOTO_TOO_LARGE = 'Each photo must be at most 5 MB';
export const PHOTO_NOT_MULTIPART = 'Upload photos as multipart/form-data in the field "photos"';
export const PHOTO_NONE = 'Choose at least one photo';
export const PHOTO_TOO_MANY = 'At most 10 photos at a time';

/** Spec §5 / §9 photo limits; 10 per upload and per review is ours. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_COUNT = 10;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/**
 * A photo's real type from its first 12 bytes (magic numbers), never from its name or declared
 * type: the wizard checks a file before upload, the reviews service every upload (before sharp
 * decodes it, which is what finally proves it an image).
 */
export function photoTypeOf(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.length >= 8 && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}
/** A photo's id is a random UUID, so an upload not yet attached to a review cannot be guessed. */
export const PHOTO_URL_PATTERN =
  /^\/api\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** An id in a query string (`?groupId=5`), with one message for anything else. */
const queryId = (message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);

export const REVIEW_SORTS = ['newest', 'relevant', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/**
 * A business's or group's reviews, sorted and filtered (issue 17). "relevant" weighs helpful
 * votes, a verified author and recency (docs/api.md); the others order by date or stars, newest
 * first among equals.
 */
export const ReviewListQuerySchema = PageQuerySchema.extend({
  sort: z
    .enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(', ')}` })
    .default('newest'),
  /** Comma-separated star ratings to keep: `stars=4,5`. */
  stars: z
    .string()
    .max(20)
    .regex(/^[1-5](,[1-5]){0,4}$/, 'stars must be ratings 1 to 5, comma-separated')
    .transform((text) => [...new Set(text.split(',').map(Number))].sort())
    .optional(),
  withPhotos: z
    .enum(['true', 'false'], { error: 'withPhotos must be true or false' })
    .transform((text) => text === 'true')
    .optional(),
  groupId: queryId('groupId must be a group id').optional(),
  /** Only reviews by people the signed-in viewer follows (a business's "Friends' reviews"). */
  following: z
    .enum(['true', 'false'], { error: 'following must be true or false' })
    .transform((text) => text === 'true')
    .optional(),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

/**
 * The caller's own reviews; `businessId` keeps the one of that business (at most one: a
 * member reviews a business once), which the wizard opens for editing. `sort`, `stars` and
 * `withPhotos` as for a business's list (the profile's Reviews tab).
 */
export const UserReviewsQuerySchema = ReviewListQuerySchema.omit({ groupId: true }).extend({
  businessId: queryId('businessId must be a business id').optional(),
});
export type UserReviewsQuery = z.infer<typeof UserReviewsQuerySchema>;

export const REPORT_REASONS = ['spam', 'offensive', 'fake', 'other'] as const;

/** An integer id; digit strings are accepted too (form fields). */
const id = (message: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value,
    z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message),
  );

const rating = z.preprocess(
  (value) => (typeof value === 'string' && /^\d$/.test(value.trim()) ? Number(value) : value),
  z
    .number({ error: REVIEW_RATING_REQUIRED })
    .int(REVIEW_RATING_REQUIRED)
    .min(1, REVIEW_RATING_REQUIRED)
    .max(5, REVIEW_RATING_TOO_HIGH),
);

const content = z
  .string({ error: REVIEW_CONTENT_TOO_SHORT })
  .trim()
  .min(10, REVIEW_CONTENT_TOO_SHORT)
  .max(5000, 'Review must be at most 5000 characters');

const groupIds = z
  .array(id(REVIEW_GROUPS_REQUIRED), { error: REVIEW_GROUPS_REQUIRED })
  .min(1, REVIEW_GROUPS_REQUIRED)
  .max(20, 'A review can be shared with at most 20 groups')
  .transform((ids) => [...new Set(ids)]);

const photoUrl = z
  .string({ error: PHOTO_NOT_FOUND })
  .trim()
  .regex(PHOTO_URL_PATTERN, 'Photos must be uploaded with POST /api/photos first');

const photos = z
  .array(photoUrl, { error: 'Photos must be a list of photo URLs' })
  .max(PHOTO_MAX_COUNT, `A review can have at most ${PHOTO_MAX_COUNT} photos`)
  .transform((urls) => [...new Set(urls)]);

/** Pros and cons: free text, one point per line (spec §2 wizard). */
const points = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .max(2000, `${what} must be at most 2000 characters`)
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n'),
    );

/** Spec §3 review create payload. */
export const CreateReviewRequestSchema = z.object({
  businessId: id(REVIEW_BUSINESS_REQUIRED),
  rating,
  content,
  groupIds,
  photos: photos.nullish().transform((value) => value ?? []),
  pros: points('Pros')
    .nullish()
    .transform((value) => value ?? ''),
  cons: points('Cons')
    .nullish()
    .transform((value) => value ?? ''),
});
export type CreateReviewRequest = z.output<typeof CreateReviewRequestSchema>;

/** The author's edit: any of the create fields except the business. */
export const UpdateReviewRequestSchema = z
  .object({
    rating: rating.optional(),
    content: content.optional(),
    groupIds: groupIds.optional(),
    photos: photos.optional(),
    pros: points('Pros').optional(),
    cons: points('Cons').optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateReviewRequest = z.output<typeof UpdateReviewRequestSchema>;

export const ReviewUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  isVerified: z.boolean(),
  /** When the author's identity was verified (ISO-8601); absent or null when unknown. */
  verifiedAt: z.string().nullable().optional(),
});

export const ReviewGroupSchema = z.object({ id: z.number().int(), name: z.string() });

/** Spec §3 read view of a review, plus `pros`, `cons` and the caller's `hasVoted`. */
export const ReviewSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  businessId: z.number().int(),
  rating: z.number().int(),
  content: z.string(),
  pros: z.string(),
  cons: z.string(),
  photos: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When its author last changed it (ISO-8601); null for a review never edited. */
  editedAt: z.string().nullable(),
  businessName: z.string(),
  helpfulCount: z.number().int(),
  groups: z.array(ReviewGroupSchema),
  user: ReviewUserSchema,
  /** Whether the signed-in caller voted it helpful; false for anonymous callers. */
  hasVoted: z.boolean(),
  /** The business's public answer (issue 18); null when it has none. */
  reply: ReviewReplySchema.nullable().optional(),
});
export type Review = z.infer<typeof ReviewSchema>;
export const ReviewListSchema = z.array(ReviewSchema);

/** Spec §3 helpful vote response. */
export const HelpfulVoteResponseSchema = z.object({
  voted: z.boolean(),
  helpfulCount: z.number().int(),
});
export type HelpfulVoteResponse = z.infer<typeof HelpfulVoteResponseSchema>;

/** How long a helpful toggle's `Idempotency-Key` answers with its first answer. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The optional `Idempotency-Key` header of the helpful toggle: printable ASCII (a UUID is the
 * usual choice), at most 200 characters.
 */
export const IdempotencyKeyHeaderSchema = z.object({
  'Idempotency-Key': z
    .string({ error: IDEMPOTENCY_KEY_INVALID })
    .regex(/^[\x20-\x7e]{1,200}$/, IDEMPOTENCY_KEY_INVALID)
    .optional(),
});

export const ReportReviewRequestSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason: spam, offensive, fake or other' }),
  details: z
    .string({ error: 'Details must be text' })
    .trim()
    .max(1000, 'Details must be at most 1000 characters')
    .nullish()
    .transform((value) => value || null),
});
export type ReportReviewRequest = z.output<typeof ReportReviewRequestSchema>;

export const ReviewReportSchema = z.object({
  id: z.number().int(),
  reviewId: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: z.string(),
});
export type ReviewReport = z.infer<typeof ReviewReportSchema>;

export const UploadedPhotoSchema = z.object({ id: z.string(), url: z.string() });
export type UploadedPhoto = z.infer<typeof UploadedPhotoSchema>;
export const UploadedPhotoListSchema = z.array(UploadedPhotoSchema);

export const photoUrlFor = (photoId: string) => `/api/photos/${photoId}`;

/** Reviews' public operations for the OpenAPI document (spread into `apiOperations`). */
export const reviewApiOperations: ApiOperation[] = [
  {
    method: 'post',
    path: '/api/reviews',
    summary:
      'Write a review of a business, shared with some of your groups (409 with `Retry-After` while a business or membership made a moment ago is still on its way to reviews)',
    tag: 'reviews',
    auth: 'session',
    request: CreateReviewRequestSchema,
    response: ReviewSchema,
    status: 201,
    errors: [400, 401, 403, 409],
  },
  {
    method: 'get',
    path: '/api/reviews/feed',
    summary:
      'Reviews shared with your groups, and your own (scope=groups, the default), or the whole community’s (scope=all), newest first (paged)',
    tag: 'reviews',
    auth: 'session',
    query: FeedQuerySchema,
    response: ReviewListSchema,
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/api/reviews/user',
    summary:
      'Your own reviews, newest first (paged), held and removed ones included, each with `moderation`; `businessId` keeps the one of that business. Another `sort` (relevant, highest, lowest), `stars` or `withPhotos` lists only the reviews others can see',
    tag: 'reviews',
    auth: 'session',
    query: UserReviewsQuerySchema,
    response: ReviewListSchema,
    errors: [400, 401],
  },
  {
    method: 'get',
    path: '/api/reviews/{id}',
    summary:
      'One review (404 when unknown, or held or removed and the caller is neither its author nor a moderator; they get `moderation`)',
    tag: 'reviews',
    auth: 'optional',
    response: ReviewSchema,
    errors: [404],
  },
  {
    method: 'patch',
    path: '/api/reviews/{id}',
    summary: 'Edit your review (any of rating, content, groupIds, photos, pros, cons)',
    tag: 'reviews',
    auth: 'session',
    request: UpdateReviewRequestSchema,
    response: ReviewSchema,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'delete',
    path: '/api/reviews/{id}',
    summary:
      'Delete your review for good, whatever its moderation status (its tags, votes, reports and photos go with it; scores and counts follow through `reviews.review.deleted`)',
    tag: 'reviews',
    auth: 'session',
    status: 204,
    errors: [401, 403, 404],
  },
  {
    method: 'post',
    path: '/api/reviews/{id}/helpful',
    summary:
      'Toggle your helpful vote; with an `Idempotency-Key` header the same key answers its first answer again for 24 hours and applies nothing twice',
    tag: 'reviews',
    auth: 'session',
    headers: IdempotencyKeyHeaderSchema,
    response: HelpfulVoteResponseSchema,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'put',
    path: '/api/reviews/{id}/helpful',
    summary: 'Vote a review helpful (idempotent: voting again changes nothing)',
    tag: 'reviews',
    auth: 'session',
    response: HelpfulVoteResponseSchema,
    errors: [401, 403, 404],
  },
  {
    method: 'delete',
    path: '/api/reviews/{id}/helpful',
    summary: 'Take back your helpful vote (idempotent: without a vote it changes nothing)',
    tag: 'reviews',
    auth: 'session',
    response: HelpfulVoteResponseSchema,
    errors: [401, 403, 404],
  },
  {
    method: 'post',
    path: '/api/reviews/{id}/report',
    summary:
      "Report a review: it is queued for moderators, and held once the open reports' weight reaches the threshold",
    tag: 'reviews',
    auth: 'session',
    request: ReportReviewRequestSchema,
    response: ReviewReportSchema,
    status: 201,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: 'get',
    path: '/api/groups/{id}/reviews',
    summary:
      'Reviews shared with a group (paged): `sort` newest (default), relevant, highest or lowest; `stars` (e.g. 4,5) and `withPhotos` filter',
    tag: 'reviews',
    auth: 'optional',
    query: ReviewListQuerySchema,
    response: ReviewListSchema,
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/businesses/{id}/reviews',
    summary:
      "A business's reviews (paged): `sort` newest (default), relevant, highest or lowest; `stars` (e.g. 4,5), `withPhotos` and `groupId` filter",
    tag: 'reviews',
    auth: 'optional',
    query: ReviewListQuerySchema,
    response: ReviewListSchema,
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/users/{username}/reviews',
    summary:
      "A member's published reviews on their profile (paged), sorted and filtered as a business's; 404 for a username nobody has",
    tag: 'reviews',
    auth: 'optional',
    query: ReviewListQuerySchema,
    response: ReviewListSchema,
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/photos',
    summary:
      'Upload up to 10 photos (multipart/form-data, field "photos"; JPEG, PNG or WebP by content, 5 MB and 50 megapixels each); metadata is stripped. All or none: 413 over the pixel limit or the account\'s photo quota (500 photos, 512 MB), 503 with Retry-After while the image workers are busy',
    tag: 'reviews',
    auth: 'session',
    response: UploadedPhotoListSchema,
    status: 201,
    errors: [400, 401, 413, 415, 503],
  },
  {
    method: 'get',
    path: '/api/photos/{id}',
    summary:
      'A photo (its real image type, cached 5 minutes with an ETag); 404 to others while its review is held or removed',
    tag: 'reviews',
    auth: 'none',
    errors: [404],
  },
];
