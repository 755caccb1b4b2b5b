import { z } from 'zod';
import { PageQuerySchema, TotalFlagSchema } from './common';
import { UnusualActivitySchema, type ModeratedReview } from './moderation';

/** Spec §2 (Explore category icons): the ten categories, in the order they are shown. */
export const CATEGORIES = [
  'Restaurants',
  'Electronics',
  'Home Services',
  'Beauty & Spa',
  'Automotive',
  'Clothing',
  'Financial Services',
  'Health & Fitness',
  'Entertainment',
  'Education',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CategoryListSchema = z.array(z.string());

export const BUSINESS_NAME_TAKEN = 'A business with this name already exists in this category';
export const BUSINESS_NOT_FOUND = 'Business not found';

const webAddress = (what: string) =>
  z
    .string({ error: `${what} must be a web address` })
    .trim()
    .max(2048, `${what} must be at most 2048 characters`)
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^\s]*$/.test(value), {
      message: `${what} must be a web address`,
    });

/** Empty strings from a form mean "not given". */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

/** `POST /api/businesses` (signed in). */
export const BusinessCreateSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .min(2, 'Name must be at least 2 characters')
    .max(120, 'Name must be at most 120 characters'),
  category: z.enum(CATEGORIES, { error: 'Choose one of the categories' }),
  description: optional(
    z
      .string({ error: 'Description must be text' })
      .trim()
      .max(2000, 'Description must be at most 2000 characters'),
  ),
  image: optional(webAddress('Image')),
  address: optional(
    z
      .string({ error: 'Address must be text' })
      .trim()
      .max(300, 'Address must be at most 300 characters'),
  ),
  phone: optional(
    z
      .string({ error: 'Phone must be text' })
      .trim()
      .max(40, 'Phone must be at most 40 characters')
      .regex(/^\+?[0-9 ()./-]{3,40}$/, 'Enter a valid phone number'),
  ),
  website: optional(
    z
      .string({ error: 'Website must be a web address' })
      .trim()
      .max(2048, 'Website must be at most 2048 characters')
      .regex(/^https?:\/\/[^\s]+$/i, 'Website must be a web address'),
  ),
  openingHours: optional(
    z
      .string({ error: 'Opening hours must be text' })
      .trim()
      .max(500, 'Opening hours must be at most 500 characters'),
  ),
});
export type BusinessCreate = z.infer<typeof BusinessCreateSchema>;

/** `PATCH /api/businesses/{id}` (the person who added it): any of the create fields. */
export const BusinessUpdateSchema = BusinessCreateSchema.partial()
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Nothing to update',
  });
export type BusinessUpdate = z.infer<typeof BusinessUpdateSchema>;
export const BUSINESS_EDIT_FORBIDDEN = 'Only the person who added this business can edit it';

/**
 * `GET /api/businesses`: `category` (unknown → empty list), `search` (full-text + trigram),
 * `limit`, `cursor`.
 */
export const BusinessListQuerySchema = PageQuerySchema.extend({
  category: z.string().max(100).optional(),
  search: z.string().max(200, 'search must be at most 200 characters').optional(),
  total: TotalFlagSchema,
});
export type BusinessListQuery = z.infer<typeof BusinessListQuerySchema>;

/** A business in lists (Explore, search, similar). */
export const BusinessSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  image: z.string().nullable(),
  createdAt: z.string(),
  globalTrustScore: z.number(),
  reviewCount: z.number().int(),
});
export type BusinessSummary = z.infer<typeof BusinessSummarySchema>;
export const BusinessListSchema = z.array(BusinessSummarySchema);

export const TrendingBusinessSchema = BusinessSummarySchema.extend({
  reviewsThisWeek: z.number().int(),
});
export type TrendingBusiness = z.infer<typeof TrendingBusinessSchema>;
export const TrendingListSchema = z.array(TrendingBusinessSchema);

export const GroupTrustScoreSchema = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  score: z.number(),
  reviewCount: z.number().int(),
});
export type GroupTrustScore = z.infer<typeof GroupTrustScoreSchema>;

export const GroupTrustScoreListSchema = z.array(GroupTrustScoreSchema);

/**
 * How many group scores the business detail carries: the most-reviewed businesses have reviews
 * in hundreds of groups, and the page shows the first ones (the rest, page by page, from
 * `GET /api/businesses/{id}/group-scores`).
 */
export const DETAIL_GROUP_SCORES = 12;

/** `GET /api/businesses/{id}/group-scores`: most reviews first, X-Next-Cursor paging. */
export const GroupScoresQuerySchema = PageQuerySchema;
export type GroupScoresQuery = z.infer<typeof GroupScoresQuerySchema>;

/** What catalog answers for `GET /api/businesses/{id}` (address … present only when known). */
export const BusinessDetailSchema = BusinessSummarySchema.extend({
  communityRating: z.number(),
  /** The first DETAIL_GROUP_SCORES group scores, most reviews first (then group id). */
  groupTrustScores: z.array(GroupTrustScoreSchema),
  /** Every group with a score for this business. */
  communityCount: z.number().int(),
  /** Set while a burst of reviews is being looked at ("Unusual review activity"). */
  unusualActivity: UnusualActivitySchema.nullable(),
  address: z.string().optional(),
  phone: z.string().optional(),
  website: z.string().optional(),
  openingHours: z.string().optional(),
});
export type BusinessDetail = z.infer<typeof BusinessDetailSchema>;

/** What the gateway answers: catalog's detail plus the first page of reviews (design §2). */
export const ComposedBusinessDetailSchema = BusinessDetailSchema.extend({
  reviews: z.array(z.unknown()),
  reviewsUnavailable: z.boolean(),
});
export type ComposedBusinessDetail = z.infer<typeof ComposedBusinessDetailSchema>;

/** The composed detail as the browser reads it: `reviews` are the reviews service's read view. */
export type BusinessDetailWithReviews = Omit<ComposedBusinessDetail, 'reviews'> & {
  reviews: ModeratedReview[];
};
