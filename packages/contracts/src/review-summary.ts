import { z } from 'zod';
import type { ApiOperation } from './operation';

/**
 * The profile's counts of the caller's own reviews, counted by the reviews service: the profile
 * pages its list, so counting the items it holds would stop at a page (issue 17).
 */
export const ReviewSummarySchema = z.object({
  /** Reviews others can see (published): what the profile shows and the level counts. */
  reviewCount: z.number().int(),
  /** Helpful votes on those reviews. */
  helpfulCount: z.number().int(),
  /** Reviews held for moderation or removed: listed to their author only, counted nowhere. */
  hiddenCount: z.number().int(),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

export const reviewSummaryApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/reviews/user/summary',
    summary:
      'Counts of your own reviews: `reviewCount` (visible to others), `helpfulCount` (votes on them), `hiddenCount` (held or removed)',
    tag: 'reviews',
    auth: 'session',
    response: ReviewSummarySchema,
    errors: [401],
  },
];
